//! POINT_EVALUATION (0x0a) inputs: go-ethereum's valid proof, the zero polynomial and every failure.
use super::bytes::*;
use super::{named, oracle, NamedInput, GEN_LIMIT};
use crate::vectors::Target;
use precompile::Fork;
use testkit::constants;

pub(super) fn inputs() -> Vec<NamedInput> {
    // go-ethereum's `pointEvaluation1`: versioned hash, z, y, commitment, proof.
    let valid = h("01e798154708fe7789429634053cbf9f99b619f9f084048927333fce637f549b564c0a11a0f704f4fc3e8acfe0f8245f0ad1347b378fbf96e206da11a5d3630624d25032e67a7e6a4910df5834b8fe70e6bcfeeac0352434196bdf4b2485d5a18f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7873033e038326e87ed3e1276fd140253fa08e9fc25fb2d9a98527fc22a2c9612fbeafdad446cbc7bcdbdcd780af2c16a");
    let r = h(constants::BLS12_381_R);
    let edit = |at: usize, bytes: &[u8]| {
        let mut v = valid.clone();
        v[at..at + bytes.len()].copy_from_slice(bytes);
        v
    };
    // The zero polynomial: commitment and proof at infinity, any z, y = 0.
    let mut inf = vec![0u8; 48];
    inf[0] = 0xc0;
    let inf_hash = versioned_hash(&inf);
    let zero_poly = |z: &[u8], y: &[u8]| cat(&[&inf_hash, z, y, &inf, &inf]);
    let mut not_g1 = vec![0u8; 48];
    not_g1[0] = 0x80;
    not_g1[47] = 5;
    vec![
        named("valid proof", valid.clone()),
        named("zero polynomial at z=7, y=0", zero_poly(&word(7), &word(0))),
        named(
            "zero polynomial claiming y=1",
            zero_poly(&word(7), &word(1)),
        ),
        named("y changed", edit(64 + 31, &[0x00])),
        named("z changed", edit(32 + 31, &[0x01])),
        named("version byte 0x02", edit(0, &[0x02])),
        named("hash mismatch", edit(31, &[0x00])),
        named("z = modulus", zero_poly(&r, &word(0))),
        named("y = modulus", zero_poly(&word(7), &r)),
        named("commitment not a G1 point", {
            let c = not_g1.clone();
            cat(&[&versioned_hash(&c), &word(7), &word(0), &c, &inf])
        }),
        named(
            "proof not a G1 point",
            cat(&[&inf_hash, &word(7), &word(0), &inf, &not_g1]),
        ),
        named("empty input", vec![]),
        named("191 bytes", valid[..191].to_vec()),
        named("193 bytes", cat(&[&valid, &[0]])),
    ]
}

/// `0x01 || sha256(commitment)[1..]`, computed with the oracle's SHA256.
fn versioned_hash(commitment: &[u8]) -> Vec<u8> {
    let (mut hash, _) = oracle(
        Target::Mainnet {
            number: 2,
            fork: Fork::Homestead,
        },
        commitment,
        GEN_LIMIT,
    )
    .expect("sha256");
    hash[0] = 1;
    hash
}
