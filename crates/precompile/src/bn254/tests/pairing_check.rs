//! ECPAIRING's body (decoding, skipping infinity, errors) against ark-bn254's backend.

use ark_bn254::{Fq, G1Affine, G2Affine};
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, PrimeField};

/// The 32-byte big-endian encoding of a base-field element.
fn be(a: &Fq) -> [u8; 32] {
    a.into_bigint().to_bytes_be().try_into().unwrap()
}

#[test]
fn pairing_check_matches_ark_backend() {
    use crate::bn254::{arkworks, pairing};
    use testkit::inputs::{bn254_pairing, Pool, Rng};
    let pool = Pool::new(3, 16);
    let mut rng = Rng::new(9);
    let (mut ok, mut err, mut trues) = (0, 0, 0);
    for _ in 0..400 {
        let input = bn254_pairing(&mut rng, &pool);
        let ours = pairing::pairing_check(&input);
        assert_eq!(
            ours,
            arkworks::pairing_check(&input),
            "{}",
            hex::encode(&input)
        );
        match ours {
            Ok(b) => {
                ok += 1;
                trues += usize::from(b);
            }
            Err(_) => err += 1,
        }
    }
    // The generator's mix reached every outcome.
    assert!(
        ok > 0 && err > 0 && trues > 0 && trues < ok,
        "{ok} {err} {trues}"
    );
}

#[test]
fn pairs_with_infinity_are_skipped_and_errors_match() {
    use crate::bn254::pairing::{decode_pair, pairing_check, PAIR_LEN};
    use crate::{Group, PrecompileError};
    let g1 = G1Affine::generator();
    let g2 = G2Affine::generator();
    let enc1 = |p: &G1Affine| -> Vec<u8> {
        let (x, y) = p.xy().unwrap();
        [be(&x), be(&y)].concat()
    };
    let enc2 = |q: &G2Affine| -> Vec<u8> {
        let (x, y) = q.xy().unwrap();
        [x.c1, x.c0, y.c1, y.c0].iter().flat_map(be).collect()
    };
    let pair = [enc1(&g1), enc2(&g2)].concat();
    let neg = [enc1(&(-g1)), enc2(&g2)].concat();
    let inf1 = [vec![0u8; 64], enc2(&g2)].concat();
    let inf2 = [enc1(&g1), vec![0u8; 128]].concat();
    assert_eq!(
        decode_pair(inf1[..].try_into().unwrap())
            .unwrap()
            .map(|_| ()),
        None
    );
    assert_eq!(
        decode_pair(inf2[..].try_into().unwrap())
            .unwrap()
            .map(|_| ()),
        None
    );
    assert_eq!(pairing_check(&[]), Ok(true));
    assert_eq!(pairing_check(&inf1), Ok(true));
    assert_eq!(
        pairing_check(&[inf2.clone(), inf1.clone()].concat()),
        Ok(true)
    );
    assert_eq!(pairing_check(&pair), Ok(false));
    assert_eq!(
        pairing_check(&[pair.clone(), inf1.clone()].concat()),
        Ok(false)
    );
    assert_eq!(
        pairing_check(&[pair.clone(), inf2, neg.clone()].concat()),
        Ok(true)
    );
    // Invalid points: the first invalid one decides, also after valid or infinity pairs.
    let mut off_curve = pair.clone();
    off_curve[63] ^= 1;
    let mut g2_off = pair.clone();
    g2_off[PAIR_LEN - 1] ^= 1;
    let mut big = pair.clone();
    big[..32].fill(0xff);
    for (bad, e) in [
        (off_curve, PrecompileError::Bn254PointNotOnCurve(Group::G1)),
        (g2_off, PrecompileError::Bn254PointNotOnCurve(Group::G2)),
        (big, PrecompileError::Bn254FieldElementOutOfRange),
    ] {
        assert_eq!(pairing_check(&bad), Err(e));
        assert_eq!(
            pairing_check(&[inf1.clone(), neg.clone(), bad].concat()),
            Err(e)
        );
    }
    assert!(pairing_check(&pair[..191]).is_err());
    assert_eq!(
        pairing_check(&pair[..191]),
        crate::bn254::arkworks::pairing_check(&pair[..191])
    );
}
