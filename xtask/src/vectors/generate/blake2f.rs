//! BLAKE2F (0x09) inputs: EIP-152's vector 5 with other round counts, flags and lengths.
use super::bytes::*;
use super::{named, named_with_limit, NamedInput};

pub(super) fn inputs() -> Vec<NamedInput> {
    // EIP-152's test vector 5 (12 rounds, "abc").
    let base = h("0000000c48c9bdf267e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b61626300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000300000000000000000000000000000001");
    let rounds = |r: u32| {
        let mut v = base.clone();
        v[..4].copy_from_slice(&r.to_be_bytes());
        v
    };
    let flag = |f: u8| {
        let mut v = base.clone();
        v[212] = f;
        v
    };
    vec![
        named("12 rounds, final", base.clone()),
        named("0 rounds", rounds(0)),
        named("1 round", rounds(1)),
        named("1000 rounds", rounds(1000)),
        named("flag 0", flag(0)),
        named("flag 2", flag(2)),
        named("flag 0xff", flag(0xff)),
        named("empty input", vec![]),
        named("212 bytes", base[..212].to_vec()),
        named("214 bytes", cat(&[&base, &[0]])),
        named_with_limit("2^32-1 rounds, out of gas", rounds(u32::MAX), 1_000_000),
    ]
}
