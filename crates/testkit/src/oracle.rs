//! One precompile call through revm-precompile 43 (the oracle) and through our crate, each
//! reduced to an [`Outcome`]: what every implementation must agree on.
//!
//! revm builds each fork's precompile set once (a `OnceLock` per spec inside
//! `revm_precompile::Precompiles::new`), so a call here costs the precompile and a map lookup.

use precompile::revm::precompile_spec_id;
use precompile::{precompiles, Fork, PrecompileError, PrecompileResult};
use revm_precompile::PrecompileStatus;

/// What a call returned, reduced to what every implementation must agree on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The call succeeded: its output bytes and the gas it used.
    Success {
        /// The returned bytes (possibly empty).
        output: Vec<u8>,
        /// The gas charged.
        gas_used: u64,
    },
    /// The call failed (a failure consumes all gas); `out_of_gas` when for lack of gas.
    Failure {
        /// Whether the gas limit was below the price.
        out_of_gas: bool,
    },
}

impl Outcome {
    /// Whether the call succeeded.
    pub fn is_success(&self) -> bool {
        matches!(self, Outcome::Success { .. })
    }

    /// The output bytes: empty for a failure.
    pub fn output(&self) -> &[u8] {
        match self {
            Outcome::Success { output, .. } => output,
            Outcome::Failure { .. } => &[],
        }
    }
}

/// revm-precompile 43 at `fork` (None if revm has no precompile `number` there).
pub fn revm_call(fork: Fork, number: u16, input: &[u8], gas_limit: u64) -> Option<Outcome> {
    revm_precompile(fork, number).map(|p| revm_execute(p, input, gas_limit).outcome)
}

/// Our crate at `fork` (None if we have no precompile `number` there).
pub fn our_call(fork: Fork, number: u16, input: &[u8], gas_limit: u64) -> Option<Outcome> {
    let p = precompiles(fork).by_number(number)?;
    Some(our_outcome(p.run(input, gas_limit)))
}

/// revm's precompile `number` in `fork`'s set (None if revm has none there).
pub fn revm_precompile(fork: Fork, number: u16) -> Option<&'static revm_precompile::Precompile> {
    revm_precompile::Precompiles::new(precompile_spec_id(fork))
        .get(&revm_precompile::u64_to_address(u64::from(number)))
}

/// A revm call's [`Outcome`] and, for a failure, revm's reason (its halt message or error
/// text), which the vector generator records as `ExpectedError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RevmResult {
    /// The call reduced to what every implementation must agree on.
    pub outcome: Outcome,
    /// revm's text for a failure (`None` on success).
    pub reason: Option<String>,
}

/// Runs revm precompile `p` (any one, e.g. `revm_precompile::secp256r1::P256VERIFY` for
/// RIP-7212) on `input` with `gas_limit`. A revert or a fatal error counts as a failure that is
/// not out of gas.
pub fn revm_execute(p: &revm_precompile::Precompile, input: &[u8], gas_limit: u64) -> RevmResult {
    let failure = |out_of_gas, reason: String| RevmResult {
        outcome: Outcome::Failure { out_of_gas },
        reason: Some(reason),
    };
    match p.execute(input, gas_limit, 0) {
        Ok(out) => match out.status {
            PrecompileStatus::Success => RevmResult {
                outcome: Outcome::Success {
                    output: out.bytes.to_vec(),
                    gas_used: out.gas_used,
                },
                reason: None,
            },
            PrecompileStatus::Halt(h) => failure(h.is_oog(), h.to_string()),
            PrecompileStatus::Revert => failure(false, "revert".into()),
        },
        Err(e) => failure(false, e.to_string()),
    }
}

/// One of our results (from any of our precompiles or backends) as an [`Outcome`].
pub fn our_outcome(result: PrecompileResult) -> Outcome {
    match result {
        Ok(out) => Outcome::Success {
            output: out.bytes,
            gas_used: out.gas_used,
        },
        Err(e) => Outcome::Failure {
            out_of_gas: e == PrecompileError::OutOfGas,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SHA256 of the empty string (FIPS 180-4 test value), 60 gas at every fork.
    const SHA256_EMPTY: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    #[test]
    fn both_sides_report_success_output_and_gas() {
        let want = Outcome::Success {
            output: hex::decode(SHA256_EMPTY).unwrap(),
            gas_used: 60,
        };
        assert_eq!(revm_call(Fork::Osaka, 0x02, &[], 100), Some(want.clone()));
        assert_eq!(our_call(Fork::Osaka, 0x02, &[], 100), Some(want));
    }

    #[test]
    fn out_of_gas_is_told_apart_from_bad_input() {
        let oog = Some(Outcome::Failure { out_of_gas: true });
        assert_eq!(revm_call(Fork::Osaka, 0x02, &[], 59), oog);
        assert_eq!(our_call(Fork::Osaka, 0x02, &[], 59), oog);
        // BLAKE2F rejects a 0-byte input for its length, with plenty of gas.
        let bad = Some(Outcome::Failure { out_of_gas: false });
        assert_eq!(revm_call(Fork::Osaka, 0x09, &[], 1 << 20), bad);
        assert_eq!(our_call(Fork::Osaka, 0x09, &[], 1 << 20), bad);
        let reason = revm_execute(revm_precompile(Fork::Osaka, 0x09).unwrap(), &[], 1 << 20).reason;
        assert!(reason.is_some_and(|r| !r.is_empty()));
    }

    #[test]
    fn absent_precompiles_are_none() {
        assert_eq!(revm_call(Fork::Homestead, 0x05, &[], 1 << 20), None);
        assert_eq!(our_call(Fork::Homestead, 0x05, &[], 1 << 20), None);
        assert_eq!(revm_call(Fork::Prague, 0x100, &[], 1 << 20), None);
        assert_eq!(our_call(Fork::Prague, 0x100, &[], 1 << 20), None);
    }
}
