//! BN254 ADD, MUL and PAIRING (0x06-0x08) inputs; a G2 point outside the subgroup from arkworks.
use super::bytes::*;
use super::{named, NamedInput};
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, PrimeField};
use testkit::constants;

fn bn_g1() -> Vec<u8> {
    cat(&[&word(1), &word(2)])
}

fn bn_neg_g1() -> Vec<u8> {
    cat(&[&word(1), &sub_small(&h(constants::BN254_P), 2)])
}

fn fq_be(x: &ark_bn254::Fq) -> Vec<u8> {
    lpad(&x.into_bigint().to_bytes_be(), 32)
}

/// A G2 point in the EVM encoding: `x.c1, x.c0, y.c1, y.c0`.
fn bn_g2_bytes(p: &ark_bn254::G2Affine) -> Vec<u8> {
    cat(&[
        &fq_be(&p.x.c1),
        &fq_be(&p.x.c0),
        &fq_be(&p.y.c1),
        &fq_be(&p.y.c0),
    ])
}

fn bn_g2() -> Vec<u8> {
    bn_g2_bytes(&ark_bn254::G2Affine::generator())
}

/// A point on the twist that is not in the order-n subgroup.
fn bn_g2_not_in_subgroup() -> Vec<u8> {
    for i in 1u64.. {
        let x = ark_bn254::Fq2::new(ark_bn254::Fq::from(i), ark_bn254::Fq::from(1u64));
        if let Some(p) = ark_bn254::G2Affine::get_point_from_x_unchecked(x, false) {
            if p.is_on_curve() && !p.is_in_correct_subgroup_assuming_on_curve() {
                return bn_g2_bytes(&p);
            }
        }
    }
    unreachable!()
}

pub(super) fn add() -> Vec<NamedInput> {
    let g = bn_g1();
    let inf = vec![0u8; 64];
    let p = h(constants::BN254_P);
    vec![
        named("G+G", cat(&[&g, &g])),
        named("G+(-G)", cat(&[&g, &bn_neg_g1()])),
        named("G+inf", cat(&[&g, &inf])),
        named("inf+inf", cat(&[&inf, &inf])),
        named("empty input", vec![]),
        named("64 bytes (second point zero-padded)", g.clone()),
        named("127 bytes", cat(&[&g, &g])[..127].to_vec()),
        named("129 bytes (extra byte ignored)", cat(&[&g, &g, &[1]])),
        named("(1,3) not on curve", cat(&[&word(1), &word(3), &g])),
        named("x=p", cat(&[&p, &word(2), &g])),
        named("y=p", cat(&[&g, &word(1), &p])),
        named("y=p+2 (=2 mod p)", cat(&[&word(1), &add_small(&p, 2), &g])),
    ]
}

pub(super) fn mul() -> Vec<NamedInput> {
    let g = bn_g1();
    let n = h(constants::BN254_R);
    vec![
        named("G*2", cat(&[&g, &word(2)])),
        named("G*0", cat(&[&g, &word(0)])),
        named("G*1", cat(&[&g, &word(1)])),
        named("G*n", cat(&[&g, &n])),
        named("G*(n-1)", cat(&[&g, &sub_small(&n, 1)])),
        named("G*(n+1)", cat(&[&g, &add_small(&n, 1)])),
        named("G*(2^256-1)", cat(&[&g, &[0xff; 32]])),
        named("inf*5", cat(&[&[0u8; 64], &word(5)])),
        named("empty input", vec![]),
        named("64 bytes (scalar zero-padded)", g.clone()),
        named("95 bytes", cat(&[&g, &word(2)])[..95].to_vec()),
        named("97 bytes (extra byte ignored)", cat(&[&g, &word(2), &[1]])),
        named("(1,3) not on curve", cat(&[&word(1), &word(3), &word(2)])),
        named("x=p", cat(&[&h(constants::BN254_P), &word(2), &word(2)])),
    ]
}

pub(super) fn pairing() -> Vec<NamedInput> {
    let g1 = bn_g1();
    let g2 = bn_g2();
    let inf1 = vec![0u8; 64];
    let inf2 = vec![0u8; 128];
    let bad_g2 = bn_g2_not_in_subgroup();
    let mut off_g2 = g2.clone();
    off_g2[127] ^= 1;
    let mut g2_p = g2.clone();
    g2_p[..32].copy_from_slice(&h(constants::BN254_P));
    let pair = cat(&[&g1, &g2]);
    vec![
        named("empty input (no pairs)", vec![]),
        named("e(G1,G2)", pair.clone()),
        named("e(G1,G2)*e(-G1,G2)", cat(&[&g1, &g2, &bn_neg_g1(), &g2])),
        named("e(inf,G2)", cat(&[&inf1, &g2])),
        named("e(G1,inf)", cat(&[&g1, &inf2])),
        named("e(inf,inf)", cat(&[&inf1, &inf2])),
        named("3 pairs", cat(&[&pair, &g1, &g2, &bn_neg_g1(), &g2])),
        named("191 bytes", pair[..191].to_vec()),
        named("193 bytes", cat(&[&pair, &[0]])),
        named("G2 not on curve", cat(&[&g1, &off_g2])),
        named("G2 not in subgroup", cat(&[&g1, &bad_g2])),
        named("G2 not in subgroup with inf G1", cat(&[&inf1, &bad_g2])),
        named("G2 coordinate = p", cat(&[&g1, &g2_p])),
        named("G1 not on curve", cat(&[&word(1), &word(3), &g2])),
        named("G1 x=p", cat(&[&h(constants::BN254_P), &word(2), &g2])),
    ]
}
