//! P256VERIFY (0x100, EIP-7951 and RIP-7212) inputs: go-ethereum's valid signature and its edge cases.
use super::bytes::*;
use super::{named, NamedInput};
use testkit::constants;

pub(super) fn inputs() -> Vec<NamedInput> {
    // go-ethereum's P256VERIFY benchmark input (a valid signature): hash, r, s, qx, qy.
    let valid = h("4cee90eb86eaa050036147a12d49004b6b9c72bd725d39d4785011fe190f0b4da73bd4903f0ce3b639bbbf6e8e80d16931ff4bcf5993d58468e8fb19086e8cac36dbcd03009df8c59286b162af3bd7fcc0450c9aa81be5d10d312af6c66b1d604aebd3099c618202fcfe16ae7770b0c49ab5eadf74b754204a3bb6060e44eff37618b065f9832de4ca6ca971a7a1adc826d0f7c00181a5fb2ddf79ae00b4e10e");
    let n = h(constants::P256_N);
    let p = h(constants::P256_P);
    let field = |i: usize, v: &[u8]| {
        let mut out = valid.clone();
        out[32 * i..32 * i + 32].copy_from_slice(v);
        out
    };
    let s = &valid[64..96];
    vec![
        named("valid", valid.clone()),
        named("hash changed", field(0, &word(1))),
        named("hash = 0", field(0, &word(0))),
        named("r = 0", field(1, &word(0))),
        named("s = 0", field(2, &word(0))),
        named("r = n", field(1, &n)),
        named("s = n", field(2, &n)),
        named("s = n - s (high-s twin)", field(2, &sub_be(&n, s))),
        named("r = 2^256-1", field(1, &[0xff; 32])),
        named(
            "qy changed (off curve)",
            field(4, &add_small(&valid[128..160], 1)),
        ),
        named("qx = p", field(3, &p)),
        named("q = (0,0)", cat(&[&valid[..96], &[0u8; 64]])),
        named("empty input", vec![]),
        named("159 bytes", valid[..159].to_vec()),
        named("161 bytes", cat(&[&valid, &[0]])),
    ]
}
