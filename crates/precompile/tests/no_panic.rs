//! Arbitrary bytes and gas limits to every precompile of every fork: no panic, and a success
//! never uses more gas than it was given (nor more than `required_gas`).
//!
//! The stable-Rust counterpart of the `fuzz/` targets. Run with
//! `cargo test -p evm-arith-precompile --test no_panic`.

use precompile::{precompiles, secp256r1, Fork, Precompile};
use proptest::prelude::*;

fn check(p: &Precompile, input: &[u8], limit: u64) -> Result<(), TestCaseError> {
    let required = p.required_gas(input);
    if let Ok(out) = p.run(input, limit) {
        prop_assert!(
            out.gas_used <= limit,
            "{:?} used {} > limit {}",
            p,
            out.gas_used,
            limit
        );
        prop_assert_eq!(out.gas_used, required, "{:?}: gas_used != required_gas", p);
    }
    Ok(())
}

fn all() -> Vec<(Fork, Precompile)> {
    let mut v: Vec<(Fork, Precompile)> = Fork::ALL
        .iter()
        .flat_map(|&f| precompiles(f).iter().map(move |p| (f, *p)))
        .collect();
    v.push((Fork::Osaka, secp256r1::RIP7212));
    v
}

/// Gas limits: tiny, around the usual prices, and block-sized.
fn limit() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..200, 0u64..100_000, 0u64..2_000_000]
}

/// Lengths near the ones the precompiles check, or anything up to 2 KiB.
fn input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::sample::select(vec![
            0usize, 1, 32, 63, 64, 65, 96, 127, 128, 129, 160, 192, 193, 213, 256, 288, 320, 384,
            480, 512, 576, 640,
        ]),
        0usize..2048,
    ]
    .prop_flat_map(|n| prop::collection::vec(any::<u8>(), n))
}

/// MODEXP headers with extreme length fields (up to 2^256-1) and a short body.
fn modexp_header() -> impl Strategy<Value = Vec<u8>> {
    let len = prop_oneof![
        Just([0u8; 32]),
        Just([0xffu8; 32]),
        (0u64..2048).prop_map(|n| {
            let mut w = [0u8; 32];
            w[24..].copy_from_slice(&n.to_be_bytes());
            w
        }),
        any::<u64>().prop_map(|n| {
            let mut w = [0u8; 32];
            w[24..].copy_from_slice(&n.to_be_bytes());
            w
        }),
        prop::array::uniform32(any::<u8>()),
    ];
    (
        len.clone(),
        len.clone(),
        len,
        prop::collection::vec(any::<u8>(), 0..200),
    )
        .prop_map(|(b, e, m, body)| [&b[..], &e, &m, &body].concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_panic_any_precompile(input in input(), limit in limit()) {
        for (_, p) in all() {
            check(&p, &input, limit)?;
        }
    }

    #[test]
    fn no_panic_modexp_lengths(input in modexp_header(), limit in limit()) {
        for fork in Fork::ALL {
            if let Some(p) = precompiles(fork).by_number(0x05) {
                check(p, &input, limit)?;
            }
        }
    }

    #[test]
    fn no_panic_blake2f_rounds(
        rounds in any::<u32>(),
        body in prop::collection::vec(any::<u8>(), 208),
        flag in any::<u8>(),
        limit in 0u64..100_000,
    ) {
        let input = [&rounds.to_be_bytes()[..], &body, &[flag]].concat();
        let p = precompiles(Fork::Osaka).by_number(0x09).unwrap();
        check(p, &input, limit)?;
    }
}
