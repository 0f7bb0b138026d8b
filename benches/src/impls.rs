//! The implementations compared: ours, revm's default precompiles, and the alternative
//! backends our precompile crate carries behind cargo features.

use crate::cases::Case;
use crate::evm;
use precompile::revm::spec_from_fork;
use precompile::{Fork, GasFn, Precompile, PrecompileError, Precompiles, RunFn};

/// The gas limit given to a precompile called directly (above every case's price).
pub const DIRECT_GAS_LIMIT: u64 = 1 << 40;

/// An alternative backend of one of our precompiles: its body, with the same contract as the
/// default one, to be swapped in for precompile `number`.
#[derive(Clone, Copy, Debug)]
pub struct Backend {
    /// The implementation name used in benchmark group ids (`"k256"`, `"substrate-bn"`, ...).
    pub name: &'static str,
    /// The precompile it implements.
    pub number: u16,
    /// Its gas rule (the same as the default backend's).
    pub gas: GasFn,
    /// Its body.
    pub run: RunFn,
}

impl Backend {
    /// Our precompile for `fork` with this backend's body (same address, name and gas rule).
    pub fn precompile(&self, fork: Fork) -> Option<Precompile> {
        let p = precompile::precompiles(fork).by_number(self.number)?;
        Some(Precompile::new(p.number(), p.name(), self.gas, self.run))
    }

    /// `fork`'s standard set with this backend swapped in, leaked to `'static` for a revm
    /// provider (call it once per runner, outside any timed loop).
    pub fn set(&self, fork: Fork) -> Option<&'static Precompiles> {
        let p = self.precompile(fork)?;
        Some(Box::leak(Box::new(
            precompile::precompiles(fork).clone().with(p),
        )))
    }
}

/// The alternative backends compiled into this build, for precompiles of `fork` (cargo
/// features `k256`, `substrate-bn`, `p256-rustcrypto` of `evm-benches`, on by default, which
/// forward to `precompile`'s). Our default backends are libsecp256k1 (ECRECOVER), arkworks
/// (BN254) and aws-lc (P256VERIFY): the group `ours-*` times them.
pub fn backends(fork: Fork) -> Vec<Backend> {
    #[allow(unused_mut)]
    let mut out = Vec::new();
    #[cfg(feature = "k256")]
    out.push(Backend {
        name: "k256",
        number: 0x01,
        gas: precompile::ecrecover::gas,
        run: precompile::ecrecover::k256::run,
    });
    #[cfg(feature = "substrate-bn")]
    out.extend(substrate::backends(fork));
    #[cfg(feature = "p256-rustcrypto")]
    if fork >= Fork::Osaka {
        out.push(Backend {
            name: "p256",
            number: 0x100,
            gas: precompile::secp256r1::gas_eip7951,
            run: p256_run,
        });
    }
    let _ = fork;
    out
}

/// P256VERIFY (EIP-7951) through the RustCrypto `p256` backend: the same contract as
/// `precompile::secp256r1::run_eip7951`, whose verification it swaps.
#[cfg(feature = "p256-rustcrypto")]
fn p256_run(input: &[u8], gas_limit: u64) -> precompile::PrecompileResult {
    let gas_used = precompile::charge(precompile::secp256r1::P256VERIFY_GAS, gas_limit)?;
    let bytes = if precompile::secp256r1::rustcrypto::verify_eip7951(input) {
        let mut w = vec![0u8; 32];
        w[31] = 1;
        w
    } else {
        Vec::new()
    };
    Ok(precompile::PrecompileOutput::new(gas_used, bytes))
}

/// BN254 through `substrate-bn`: the contract of `precompile::bn254`'s run functions (charge
/// first, right-pad ADD/MUL inputs, pairing length a multiple of 192) with its arithmetic
/// swapped for `precompile::bn254::substrate`'s.
#[cfg(feature = "substrate-bn")]
mod substrate {
    use super::Backend;
    use precompile::bn254::{self, substrate};
    use precompile::{charge, Fork, PrecompileError, PrecompileOutput, PrecompileResult};

    fn right_pad<const N: usize>(input: &[u8]) -> [u8; N] {
        let mut buf = [0u8; N];
        let n = input.len().min(N);
        buf[..n].copy_from_slice(&input[..n]);
        buf
    }

    fn add(input: &[u8], gas_limit: u64, cost: u64) -> PrecompileResult {
        let gas_used = charge(cost, gas_limit)?;
        let out = substrate::g1_add(&right_pad::<{ bn254::ADD_INPUT_LEN }>(input))?;
        Ok(PrecompileOutput::new(gas_used, out.to_vec()))
    }

    fn mul(input: &[u8], gas_limit: u64, cost: u64) -> PrecompileResult {
        let gas_used = charge(cost, gas_limit)?;
        let out = substrate::g1_mul(&right_pad::<{ bn254::MUL_INPUT_LEN }>(input))?;
        Ok(PrecompileOutput::new(gas_used, out.to_vec()))
    }

    fn pairing(input: &[u8], gas_limit: u64, cost: u64) -> PrecompileResult {
        let gas_used = charge(cost, gas_limit)?;
        if !input.len().is_multiple_of(bn254::PAIR_LEN) {
            return Err(PrecompileError::InvalidInputLength { got: input.len() });
        }
        let mut w = vec![0u8; 32];
        w[31] = u8::from(substrate::pairing_check(input)?);
        Ok(PrecompileOutput::new(gas_used, w))
    }

    fn add_istanbul(input: &[u8], gas_limit: u64) -> PrecompileResult {
        add(input, gas_limit, bn254::ADD_GAS_ISTANBUL)
    }
    fn add_byzantium(input: &[u8], gas_limit: u64) -> PrecompileResult {
        add(input, gas_limit, bn254::ADD_GAS_BYZANTIUM)
    }
    fn mul_istanbul(input: &[u8], gas_limit: u64) -> PrecompileResult {
        mul(input, gas_limit, bn254::MUL_GAS_ISTANBUL)
    }
    fn mul_byzantium(input: &[u8], gas_limit: u64) -> PrecompileResult {
        mul(input, gas_limit, bn254::MUL_GAS_BYZANTIUM)
    }
    fn pairing_istanbul(input: &[u8], gas_limit: u64) -> PrecompileResult {
        pairing(input, gas_limit, bn254::pairing_gas_istanbul(input))
    }
    fn pairing_byzantium(input: &[u8], gas_limit: u64) -> PrecompileResult {
        pairing(input, gas_limit, bn254::pairing_gas_byzantium(input))
    }

    /// The three BN254 backends with `fork`'s gas rules (none before Byzantium).
    pub fn backends(fork: Fork) -> Vec<Backend> {
        let b = |number, gas, run| Backend {
            name: "substrate-bn",
            number,
            gas,
            run,
        };
        if fork >= Fork::Istanbul {
            vec![
                b(0x06, bn254::add_gas_istanbul, add_istanbul),
                b(0x07, bn254::mul_gas_istanbul, mul_istanbul),
                b(0x08, bn254::pairing_gas_istanbul, pairing_istanbul),
            ]
        } else if fork >= Fork::Byzantium {
            vec![
                b(0x06, bn254::add_gas_byzantium, add_byzantium),
                b(0x07, bn254::mul_gas_byzantium, mul_byzantium),
                b(0x08, bn254::pairing_gas_byzantium, pairing_byzantium),
            ]
        } else {
            Vec::new()
        }
    }
}

/// What one call produced, normalised across implementations for comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Whether the call succeeded (a failure consumes all gas).
    pub success: bool,
    /// The output bytes (empty on failure).
    pub output: Vec<u8>,
}

/// Whether `r` is the error of a precompile that is still a placeholder.
pub fn is_placeholder(r: &Result<precompile::PrecompileOutput, PrecompileError>) -> bool {
    matches!(r, Err(PrecompileError::Backend(why)) if why.contains("not implemented"))
}

/// Our result as an [`Outcome`].
pub fn ours_outcome(r: Result<precompile::PrecompileOutput, PrecompileError>) -> Outcome {
    match r {
        Ok(o) => Outcome {
            success: true,
            output: o.bytes,
        },
        Err(_) => Outcome {
            success: false,
            output: Vec::new(),
        },
    }
}

/// revm's precompile for `case` under `fork` (its default set).
pub fn revm_precompile(fork: Fork, case: &Case) -> Option<&'static revm_precompile::Precompile> {
    revm_precompile::Precompiles::new(spec_from_fork(fork).into())
        .get(&revm::primitives::Address::from(case.address()))
}

/// revm's result as an [`Outcome`].
pub fn revm_outcome(r: revm_precompile::PrecompileResult) -> Outcome {
    match r {
        Ok(o) if o.is_success() => Outcome {
            success: true,
            output: o.bytes.to_vec(),
        },
        _ => Outcome {
            success: false,
            output: Vec::new(),
        },
    }
}

/// The verdict of the pre-timing check of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Ours and revm agree (directly and through bytecode).
    Agree,
    /// Our precompile is still a placeholder: only revm can be timed.
    OursPlaceholder,
}

/// Checks, before timing, that ours and revm give the same result for `case` under `fork`,
/// directly and through revm bytecode, and that every backend agrees with ours.
///
/// # Panics
/// When they disagree, with a message naming the case and both results.
pub fn verify(fork: Fork, case: &Case) -> Verdict {
    let ours = case
        .precompile(fork)
        .expect("case has a precompile at fork");
    let raw = ours.run(&case.input, DIRECT_GAS_LIMIT);
    if is_placeholder(&raw) {
        return Verdict::OursPlaceholder;
    }
    let mine = ours_outcome(raw);
    let theirs = revm_outcome(
        revm_precompile(fork, case)
            .expect("revm has the precompile")
            .execute(&case.input, DIRECT_GAS_LIMIT, 0),
    );
    assert_eq!(
        mine,
        theirs,
        "case {} ({}): ours and revm disagree when called directly",
        case.name,
        case.precompile_name()
    );
    let a = evm::checked(&evm::ours(fork, evm::check_code(case.number), &case.input).run());
    let b = evm::checked(&evm::revm(fork, evm::check_code(case.number), &case.input).run());
    assert_eq!(
        a,
        b,
        "case {} ({}): ours and revm disagree through revm bytecode",
        case.name,
        case.precompile_name()
    );
    for backend in backends(fork).iter().filter(|b| b.number == case.number) {
        let other = ours_outcome((backend.run)(&case.input, DIRECT_GAS_LIMIT));
        assert_eq!(
            mine, other,
            "case {}: backend {} disagrees with ours",
            case.name, backend.name
        );
    }
    Verdict::Agree
}
