//! Shared checks of the fuzz targets: every precompile must not panic, must never use more gas
//! than its limit, and must agree with `revm-precompile` 43 (success, output bytes, gas) through
//! `testkit::oracle`.

pub use precompile::PrecompileId;
use precompile::{precompiles, Fork, Precompile, PrecompileError};
use testkit::oracle::{our_outcome, revm_call, Outcome};

/// The largest gas limit the targets use. A million gas already reaches every code path
/// (MSMs of dozens of points, 1024-byte MODEXP operands with long exponents, BLAKE2F round
/// counts far beyond any vector); higher limits only repeat the same loops for longer, which
/// costs the fuzzer executions (BLAKE2F and MODEXP ran ~50 executions/s at 10^8). Larger limits
/// are the differential campaign's job (`cargo xtask diff` prices each input exactly).
pub const MAX_LIMIT: u64 = 1_000_000;

/// Gas limit chosen by one byte of fuzz data: one below the price (out of gas), a small limit,
/// or the price itself, all capped at [`MAX_LIMIT`].
fn limit_from(selector: u8, input: &[u8], p: &Precompile) -> u64 {
    let required = p.required_gas(input);
    match selector % 4 {
        0 => required.saturating_sub(1).min(MAX_LIMIT),
        1 => u64::from(selector) * 7,
        _ => required.min(MAX_LIMIT),
    }
}

/// Runs `p` (ours) and revm's precompile at the same address and fork on `input` with `limit`,
/// and panics (a fuzz finding) on a panic, a gas overrun, out of gas below `required_gas`, or
/// any disagreement (success, output, gas used; failures agree whatever their reason).
pub fn check_one(fork: Fork, p: &Precompile, input: &[u8], limit: u64) {
    let ours = p.run(input, limit);
    if let Ok(out) = &ours {
        assert!(
            out.gas_used <= limit,
            "{p:?} used {} > {limit}",
            out.gas_used
        );
    }
    if let Err(PrecompileError::OutOfGas) = ours {
        assert!(
            p.required_gas(input) > limit,
            "{p:?}: out of gas below required_gas"
        );
    }
    let Some(theirs) = revm_call(fork, p.number(), input, limit) else {
        return;
    };
    match (our_outcome(ours), theirs) {
        (Outcome::Failure { .. }, Outcome::Failure { .. }) => {}
        (ours, theirs) => assert_eq!(ours, theirs, "{p:?} at {fork}, limit {limit}"),
    }
}

/// Fuzzes precompile `id`: `data[0]` picks the fork (among those that have it) and the gas
/// limit, the rest is the input.
pub fn fuzz_precompile(id: PrecompileId, data: &[u8]) {
    let number = id.number();
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let forks: Vec<Fork> = Fork::ALL
        .into_iter()
        .filter(|&f| precompiles(f).by_number(number).is_some())
        .collect();
    let fork = forks[selector as usize % forks.len()];
    let p = precompiles(fork).by_number(number).unwrap();
    let limit = limit_from(selector / 8, input, p);
    check_one(fork, p, input, limit);
}

/// Fuzzes any precompile: `data[0]` picks it (its index in the registry, [`PrecompileId::ALL`]),
/// then as [`fuzz_precompile`].
pub fn fuzz_any(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    fuzz_precompile(PrecompileId::ALL[which as usize % PrecompileId::ALL.len()], rest);
}
