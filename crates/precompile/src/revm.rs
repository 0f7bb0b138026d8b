//! Our precompile set as a [revm](https://docs.rs/revm) 43 precompile provider.
//!
//! [`RevmPrecompiles`] implements revm's [`PrecompileProvider`] trait: it selects
//! [`precompiles(fork)`](crate::precompiles) from the EVM's [`SpecId`] (see [`fork_from_spec`]),
//! runs calls through our functions and converts the result exactly as revm's own
//! [`EthPrecompiles`](revm::handler::EthPrecompiles) does (through revm's
//! [`precompile_output_to_interpreter_result`]): a success returns the output bytes and keeps
//! the unspent gas; out of gas halts with `PrecompileOOG`; any other error halts with
//! `PrecompileError`; every halt consumes all the gas given to the call and returns no bytes.
//!
//! # Swapping our set into a revm EVM
//!
//! ```
//! use precompile::revm::RevmPrecompiles;
//! use revm::{
//!     context::{Context, TxEnv},
//!     database::{CacheDB, EmptyDB},
//!     primitives::{hardfork::SpecId, Address, Bytes, TxKind},
//!     ExecuteEvm, MainBuilder, MainContext,
//! };
//!
//! let spec = SpecId::OSAKA;
//! let mut evm = Context::mainnet()
//!     .with_db(CacheDB::new(EmptyDB::default()))
//!     .modify_cfg_chained(|cfg| cfg.set_spec_and_mainnet_gas_params(spec))
//!     .build_mainnet()
//!     // the one line that replaces revm's precompiles by ours:
//!     .with_precompiles(RevmPrecompiles::new(spec));
//!
//! // A transaction straight to IDENTITY (0x04) echoes its calldata.
//! let tx = TxEnv::builder()
//!     .kind(TxKind::Call(Address::with_last_byte(4)))
//!     .data(Bytes::from_static(b"hello"))
//!     .gas_limit(100_000)
//!     .build()
//!     .unwrap();
//! let result = evm.transact(tx).unwrap().result;
//! assert!(result.is_success());
//! assert_eq!(result.output().unwrap().as_ref(), b"hello");
//! ```

use crate::{precompiles, Fork, Group, Precompile, PrecompileError, PrecompileId, Precompiles};
use revm::{
    context::{Cfg, LocalContextTr},
    context_interface::{ContextTr, JournalTr},
    handler::{precompile_output_to_interpreter_result, PrecompileProvider},
    interpreter::{CallInputs, InterpreterResult},
    precompile::{PrecompileHalt, PrecompileOutput as RevmOutput},
    primitives::{hardfork::SpecId, Address, AddressSet, Bytes},
};
use std::{borrow::Cow, string::String, sync::OnceLock};

/// The fork whose precompile set (and gas rules) revm's `spec` uses: the newest [`Fork`] not
/// after it (Frontier → Homestead, Petersburg → Byzantium, London/Merge/Shanghai → Berlin,
/// Amsterdam → Osaka), the same grouping as revm's `PrecompileSpecId::from_spec_id`.
pub const fn fork_from_spec(spec: SpecId) -> Fork {
    use SpecId::*;
    match spec {
        FRONTIER | HOMESTEAD | TANGERINE | SPURIOUS_DRAGON => Fork::Homestead,
        BYZANTIUM | PETERSBURG => Fork::Byzantium,
        ISTANBUL => Fork::Istanbul,
        BERLIN | LONDON | MERGE | SHANGHAI => Fork::Berlin,
        CANCUN => Fork::Cancun,
        PRAGUE => Fork::Prague,
        OSAKA | AMSTERDAM => Fork::Osaka,
    }
}

/// The revm [`SpecId`] of `fork`'s activation (for example `SpecId::OSAKA` for [`Fork::Osaka`]).
pub const fn spec_from_fork(fork: Fork) -> SpecId {
    match fork {
        Fork::Homestead => SpecId::HOMESTEAD,
        Fork::Byzantium => SpecId::BYZANTIUM,
        Fork::Istanbul => SpecId::ISTANBUL,
        Fork::Berlin => SpecId::BERLIN,
        Fork::Cancun => SpecId::CANCUN,
        Fork::Prague => SpecId::PRAGUE,
        Fork::Osaka => SpecId::OSAKA,
    }
}

/// revm-precompile's set selector for `fork`, for running revm's precompiles beside ours
/// (differential tests, fuzzing, vector generation): `PrecompileSpecId::OSAKA` for
/// [`Fork::Osaka`], and so on.
pub const fn precompile_spec_id(fork: Fork) -> revm::precompile::PrecompileSpecId {
    revm::precompile::PrecompileSpecId::from_spec_id(spec_from_fork(fork))
}

/// The addresses of `fork`'s precompiles as a revm [`AddressSet`] (built once per fork).
fn address_set(fork: Fork) -> &'static AddressSet {
    static SETS: [OnceLock<AddressSet>; Fork::ALL.len()] =
        [const { OnceLock::new() }; Fork::ALL.len()];
    SETS[fork as usize].get_or_init(|| {
        precompiles(fork)
            .iter()
            .map(|p| Address::from(p.address()))
            .collect()
    })
}

/// Our precompile set plugged into revm: a [`PrecompileProvider`] for any revm context whose
/// spec converts into [`SpecId`] (every mainnet context does).
///
/// Build it with [`RevmPrecompiles::new`] and pass it to revm's `Evm::with_precompiles`; revm
/// calls [`PrecompileProvider::set_spec`] before each transaction, which switches to the set of
/// [`fork_from_spec`] of the configured spec.
#[derive(Clone, Debug)]
pub struct RevmPrecompiles {
    set: &'static Precompiles,
    warm: Cow<'static, AddressSet>,
    spec: SpecId,
}

impl RevmPrecompiles {
    /// The provider for revm's `spec`.
    pub fn new(spec: SpecId) -> Self {
        let fork = fork_from_spec(spec);
        Self {
            set: precompiles(fork),
            warm: Cow::Borrowed(address_set(fork)),
            spec,
        }
    }

    /// The provider for a set of our precompiles other than a fork's standard one (for example
    /// `precompiles(fork).clone().with(p)` leaked to `'static`, to swap one backend). Its spec
    /// is [`spec_from_fork`]`(set.fork())`; if revm later switches to another spec, the
    /// provider switches to that fork's standard set.
    pub fn from_set(set: &'static Precompiles) -> Self {
        Self {
            set,
            warm: Cow::Owned(set.iter().map(|p| Address::from(p.address())).collect()),
            spec: spec_from_fork(set.fork()),
        }
    }

    /// The provider for `fork` (revm spec [`spec_from_fork`]`(fork)`).
    pub fn for_fork(fork: Fork) -> Self {
        Self::new(spec_from_fork(fork))
    }

    /// The revm spec the provider currently serves.
    pub fn spec(&self) -> SpecId {
        self.spec
    }

    /// Our precompile set the provider currently runs.
    pub fn precompiles(&self) -> &'static Precompiles {
        self.set
    }

    /// Runs our precompile at `address` on `input` with `gas_limit` gas, as a revm
    /// [`PrecompileOutput`](RevmOutput) (`reservoir` is EIP-8037's state-gas reservoir, passed
    /// through untouched since no precompile uses state gas), or `None` when `address` holds no
    /// precompile in the current set.
    pub fn execute(
        &self,
        address: &Address,
        input: &[u8],
        gas_limit: u64,
        reservoir: u64,
    ) -> Option<RevmOutput> {
        let p = self.set.get(&address.0 .0)?;
        Some(run_as_revm(p, input, gas_limit, reservoir))
    }
}

impl Default for RevmPrecompiles {
    /// The provider for revm's default spec (the newest finalised fork).
    fn default() -> Self {
        Self::new(SpecId::default())
    }
}

/// Runs `p` and converts the result into revm's [`PrecompileOutput`](RevmOutput): `Ok` becomes
/// a success with its gas and bytes, an error a halt (see [`halt_reason`]) whose gas revm then
/// charges in full.
pub fn run_as_revm(p: &Precompile, input: &[u8], gas_limit: u64, reservoir: u64) -> RevmOutput {
    match p.run(input, gas_limit) {
        Ok(out) => RevmOutput::new(out.gas_used, Bytes::from(out.bytes), reservoir),
        Err(e) => RevmOutput::halt(halt_reason(e), reservoir),
    }
}

/// The revm [`PrecompileHalt`] that revm's own precompiles give for the failure our error `e`
/// describes (out of gas stays out of gas, which revm reports as `PrecompileOOG`; everything
/// else is a `PrecompileError` halt in revm, whatever the variant). A length error names its
/// precompile, which picks revm's length halt.
pub fn halt_reason(e: PrecompileError) -> PrecompileHalt {
    use PrecompileError as E;
    use PrecompileHalt as H;
    #[allow(unreachable_patterns)] // `PrecompileError` is non-exhaustive: keep a fallback
    match e {
        E::OutOfGas => H::OutOfGas,
        E::InvalidInputLength { precompile, .. } => {
            length_halt(precompile).unwrap_or_else(|| H::Other(Cow::Owned(e.to_string())))
        }
        E::ModexpInputTooLarge => H::ModexpEip7823LimitSize,
        E::Blake2InvalidFinalFlag => H::Blake2WrongFinalIndicatorFlag,
        E::Bn254FieldElementOutOfRange => H::Bn254FieldPointNotAMember,
        E::Bn254PointNotOnCurve(_) | E::Bn254G2NotInSubgroup => H::Bn254AffineGFailedToCreate,
        E::BlsInvalidFieldPadding => H::Bls12381FpPaddingInvalid,
        E::BlsFieldElementOutOfRange => H::NonCanonicalFp,
        E::BlsPointNotOnCurve(Group::G1) => H::Bls12381G1NotOnCurve,
        E::BlsPointNotOnCurve(Group::G2) => H::Bls12381G2NotOnCurve,
        E::BlsPointNotInSubgroup(Group::G1) => H::Bls12381G1NotInSubgroup,
        E::BlsPointNotInSubgroup(Group::G2) => H::Bls12381G2NotInSubgroup,
        E::KzgInvalidVersionedHash => H::BlobMismatchedVersion,
        E::KzgInvalidInput => H::KzgInvalidG1Point,
        E::KzgVerificationFailed => H::BlobVerifyKzgProofFailed,
        _ => H::Other(Cow::Owned(e.to_string())),
    }
}

/// revm's halt for an input length `precompile` rejects, or `None` for a precompile that
/// accepts every length (revm has no length halt for it: such an error cannot arise).
const fn length_halt(precompile: PrecompileId) -> Option<PrecompileHalt> {
    use PrecompileHalt as H;
    use PrecompileId as P;
    Some(match precompile {
        P::Bn254Pairing => H::Bn254PairLength,
        P::Blake2f => H::Blake2WrongLength,
        P::PointEvaluation => H::BlobInvalidInputLength,
        P::BlsG1Add => H::Bls12381G1AddInputLength,
        P::BlsG1Msm => H::Bls12381G1MsmInputLength,
        P::BlsG2Add => H::Bls12381G2AddInputLength,
        P::BlsG2Msm => H::Bls12381G2MsmInputLength,
        P::BlsPairing => H::Bls12381PairingInputLength,
        P::BlsMapFpToG1 => H::Bls12381MapFpToG1InputLength,
        P::BlsMapFp2ToG2 => H::Bls12381MapFp2ToG2InputLength,
        P::Ecrecover
        | P::Sha256
        | P::Ripemd160
        | P::Identity
        | P::Modexp
        | P::Bn254Add
        | P::Bn254Mul
        | P::P256Verify => return None,
    })
}

impl<CTX: ContextTr> PrecompileProvider<CTX> for RevmPrecompiles {
    type Output = InterpreterResult;

    fn set_spec(&mut self, spec: <CTX::Cfg as Cfg>::Spec) -> bool {
        let spec: SpecId = spec.into();
        if spec == self.spec {
            return false;
        }
        *self = Self::new(spec);
        true
    }

    fn run(
        &mut self,
        context: &mut CTX,
        inputs: &CallInputs,
    ) -> Result<Option<InterpreterResult>, String> {
        let Some(p) = self.set.get(&inputs.bytecode_address.0 .0) else {
            return Ok(None);
        };
        let output = run_as_revm(
            p,
            &inputs.input.as_bytes(context),
            inputs.gas_limit,
            inputs.reservoir,
        );
        // As revm does: a top-level call's non-OOG failure reason becomes the error context
        // that revm returns as the transaction's output.
        if let Some(halt) = output.halt_reason() {
            if !halt.is_oog() && context.journal().depth() == 1 {
                context
                    .local_mut()
                    .set_precompile_error_context(halt.to_string());
            }
        }
        Ok(Some(precompile_output_to_interpreter_result(
            output,
            inputs.gas_limit,
        )))
    }

    fn warm_addresses(&self) -> &AddressSet {
        &self.warm
    }

    fn contains(&self, address: &Address) -> bool {
        self.set.get(&address.0 .0).is_some()
    }
}
