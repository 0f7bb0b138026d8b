//! ECRECOVER (0x01) inputs: go-ethereum's `ValidKey` signature and its edge cases.
use super::bytes::*;
use super::{named, NamedInput};
use testkit::constants;

pub(super) fn inputs() -> Vec<NamedInput> {
    // go-ethereum's `ValidKey` vector: hash, v = 28, r, s.
    let hash = h("18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c");
    let r = h("73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75f");
    let s = h("eeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549");
    let n = h(constants::SECP256K1_N);
    let with = |v: &[u8], r: &[u8], s: &[u8]| cat(&[&hash, v, r, s]);
    let valid = with(&word(28), &r, &s);
    let mut v_high = word(28);
    v_high[0] = 1;
    let mut out = vec![
        named("valid v=28", valid.clone()),
        named("v=27 (other parity)", with(&word(27), &r, &s)),
        named("v=0", with(&word(0), &r, &s)),
        named("v=1", with(&word(1), &r, &s)),
        named("v=29", with(&word(29), &r, &s)),
        named("v=28 with a high byte set", with(&v_high, &r, &s)),
        named("r=0", with(&word(28), &word(0), &s)),
        named("s=0", with(&word(28), &r, &word(0))),
        named("r=n", with(&word(28), &n, &s)),
        named("s=n", with(&word(28), &r, &n)),
        named("r=n-1", with(&word(28), &sub_small(&n, 1), &s)),
        named("s=n-1", with(&word(28), &r, &sub_small(&n, 1))),
        named("r=2^256-1", with(&word(28), &[0xff; 32], &s)),
        named("hash=0", cat(&[&[0u8; 32], &word(28), &r, &s])),
        named("empty input", vec![]),
        named("127 bytes (zero-padded s)", valid[..127].to_vec()),
        named("129 bytes (extra byte ignored)", cat(&[&valid, &[0xab]])),
        named("64 bytes (hash and v only)", valid[..64].to_vec()),
    ];
    // High-s twin of the signature: s' = n - s, recovers with the other parity.
    let s_high = sub_be(&n, &s);
    out.push(named("high s (n-s), v=27", with(&word(27), &r, &s_high)));
    out.push(named("high s (n-s), v=28", with(&word(28), &r, &s_high)));
    out
}
