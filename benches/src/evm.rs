//! Precompile calls as EVM bytecode, executed by revm over an in-memory database.
//!
//! A [`BytecodeRunner`] owns one revm EVM (built once) whose database holds a funded caller and
//! one contract; each [`BytecodeRunner::run`] executes one transaction to that contract without
//! committing, so every run starts from the same state and only the transaction is timed.

use precompile::revm::{spec_from_fork, RevmPrecompiles};
use precompile::Fork;
use revm::{
    context::{result::ExecutionResult, Cfg, Context, ContextTr, Evm, TxEnv},
    database::{CacheDB, EmptyDB},
    handler::{
        instructions::EthInstructions, EthFrame, EthPrecompiles, MainnetContext, PrecompileProvider,
    },
    interpreter::{interpreter::EthInterpreter, CallInputs, InterpreterResult},
    primitives::{Address, AddressSet, Bytes, TxKind, U256},
    state::{AccountInfo, Bytecode},
    ExecuteEvm, MainBuilder, MainContext,
};

/// The revm context of the benches: mainnet types over `CacheDB<EmptyDB>`.
pub type Ctx = MainnetContext<CacheDB<EmptyDB>>;

/// A mainnet revm EVM over [`Ctx`] with the precompile provider `P`.
pub type BenchEvm<P> =
    Evm<Ctx, (), EthInstructions<EthInterpreter, Ctx>, P, EthFrame<EthInterpreter>>;

/// The account that sends every transaction.
pub const CALLER: Address = Address::with_last_byte(0xca);

/// The account that holds the benchmarked code.
pub const CONTRACT: Address = Address::with_last_byte(0xee);

/// Gas limit of a benchmark transaction (the EIP-7825 cap is lifted in the runner's config).
pub const TX_GAS_LIMIT: u64 = 1 << 36;

/// The bytecode run: [`call_code`] (timed), [`check_code`] (returns the precompile's flag and
/// output), [`loop_code`] (`n` calls in one transaction); the one copy lives in `testkit`.
pub use testkit::proxy::{call_code, forward_code as check_code, loop_code};

/// The in-memory state: a funded caller and `code` at [`CONTRACT`].
fn database(code: Vec<u8>) -> CacheDB<EmptyDB> {
    let mut db = CacheDB::new(EmptyDB::default());
    db.insert_account_info(
        CALLER,
        AccountInfo {
            balance: U256::from(10u64).pow(U256::from(30u64)),
            ..Default::default()
        },
    );
    db.insert_account_info(
        CONTRACT,
        AccountInfo::default().with_code(Bytecode::new_legacy(code.into())),
    );
    db
}

/// The revm context for `fork` over `db`, with the per-transaction gas cap lifted.
fn context(fork: Fork, db: CacheDB<EmptyDB>) -> Ctx {
    let spec = spec_from_fork(fork);
    Context::mainnet().with_db(db).modify_cfg_chained(|cfg| {
        cfg.set_spec_and_mainnet_gas_params(spec);
        cfg.tx_gas_limit_cap = Some(u64::MAX);
    })
}

/// One revm EVM and one transaction, built once and run many times.
pub struct BytecodeRunner<P> {
    evm: BenchEvm<P>,
    tx: TxEnv,
}

impl<P: PrecompileProvider<Ctx, Output = InterpreterResult>> BytecodeRunner<P> {
    /// A runner under `fork` whose transaction calls a contract holding `code` with calldata
    /// `input`, the EVM using the precompile provider `precompiles`.
    pub fn new(fork: Fork, code: Vec<u8>, input: &[u8], precompiles: P) -> Self {
        let evm = context(fork, database(code))
            .build_mainnet()
            .with_precompiles(precompiles);
        let tx = TxEnv::builder()
            .caller(CALLER)
            .kind(TxKind::Call(CONTRACT))
            .data(Bytes::copy_from_slice(input))
            .gas_limit(TX_GAS_LIMIT)
            .build()
            .expect("valid transaction");
        Self { evm, tx }
    }

    /// The EVM itself: the EVM program report swaps its instructions and adds accounts.
    pub fn evm_mut(&mut self) -> &mut BenchEvm<P> {
        &mut self.evm
    }

    /// Replaces the precompile provider (the EVM, its state and transaction stay).
    pub fn set_precompiles(&mut self, precompiles: P) {
        self.evm.precompiles = precompiles;
    }

    /// Executes the transaction (not committed: the state is the same for the next run).
    #[inline]
    pub fn run(&mut self) -> ExecutionResult {
        self.evm
            .transact(self.tx.clone())
            .expect("the transaction is valid")
            .result
    }
}

/// A precompile provider that is ours or revm's, switched between runs by
/// [`BytecodeRunner::set_precompiles`]: one EVM, one memory layout for both, so that a bytecode
/// row compares the providers and not two EVM instances (two separately built revm EVMs can
/// differ by a few percent on the same work, as the EVM program report found).
pub enum Switched {
    /// Ours (any set, backends swapped in included).
    Ours(RevmPrecompiles),
    /// revm's own.
    Revm(EthPrecompiles),
}

impl PrecompileProvider<Ctx> for Switched {
    type Output = InterpreterResult;

    fn set_spec(&mut self, spec: <<Ctx as ContextTr>::Cfg as Cfg>::Spec) -> bool {
        match self {
            Self::Ours(p) => <RevmPrecompiles as PrecompileProvider<Ctx>>::set_spec(p, spec),
            Self::Revm(p) => <EthPrecompiles as PrecompileProvider<Ctx>>::set_spec(p, spec),
        }
    }

    fn run(
        &mut self,
        context: &mut Ctx,
        inputs: &CallInputs,
    ) -> Result<Option<InterpreterResult>, String> {
        match self {
            Self::Ours(p) => p.run(context, inputs),
            Self::Revm(p) => p.run(context, inputs),
        }
    }

    fn warm_addresses(&self) -> &AddressSet {
        match self {
            Self::Ours(p) => <RevmPrecompiles as PrecompileProvider<Ctx>>::warm_addresses(p),
            Self::Revm(p) => <EthPrecompiles as PrecompileProvider<Ctx>>::warm_addresses(p),
        }
    }

    fn contains(&self, address: &Address) -> bool {
        match self {
            Self::Ours(p) => <RevmPrecompiles as PrecompileProvider<Ctx>>::contains(p, address),
            Self::Revm(p) => <EthPrecompiles as PrecompileProvider<Ctx>>::contains(p, address),
        }
    }
}

impl Switched {
    /// Ours for `fork`.
    pub fn ours(fork: Fork) -> Self {
        Self::Ours(RevmPrecompiles::for_fork(fork))
    }

    /// Ours with `set` (another backend swapped in).
    pub fn ours_with(set: &'static precompile::Precompiles) -> Self {
        Self::Ours(RevmPrecompiles::from_set(set))
    }

    /// revm's own for `fork`.
    pub fn revm(fork: Fork) -> Self {
        Self::Revm(EthPrecompiles::new(spec_from_fork(fork)))
    }
}

/// A runner whose provider is switched between ours and revm's (starting with ours).
pub fn switched(fork: Fork, code: Vec<u8>, input: &[u8]) -> BytecodeRunner<Switched> {
    BytecodeRunner::new(fork, code, input, Switched::ours(fork))
}

/// A runner with our precompiles (through [`RevmPrecompiles`]).
pub fn ours(fork: Fork, code: Vec<u8>, input: &[u8]) -> BytecodeRunner<RevmPrecompiles> {
    BytecodeRunner::new(fork, code, input, RevmPrecompiles::for_fork(fork))
}

/// A runner with our precompiles except those in `set` (a modified set, for example with
/// another backend swapped in through [`precompile::Precompiles::with`]).
pub fn ours_with(
    set: &'static precompile::Precompiles,
    code: Vec<u8>,
    input: &[u8],
) -> BytecodeRunner<RevmPrecompiles> {
    BytecodeRunner::new(set.fork(), code, input, RevmPrecompiles::from_set(set))
}

/// A runner with revm's default precompiles.
pub fn revm(fork: Fork, code: Vec<u8>, input: &[u8]) -> BytecodeRunner<EthPrecompiles> {
    BytecodeRunner::new(fork, code, input, EthPrecompiles::new(spec_from_fork(fork)))
}

/// What a checking run (with [`check_code`]) produced: whether the transaction succeeded, its
/// gas, and whether the inner call succeeded with which output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Gas used by the whole transaction.
    pub tx_gas_used: u64,
    /// Whether the STATICCALL succeeded.
    pub call_success: bool,
    /// The bytes the precompile returned.
    pub output: Vec<u8>,
}

/// Interprets the result of a [`check_code`] transaction.
pub fn checked(result: &ExecutionResult) -> Checked {
    let out = result.output().map(|b| b.to_vec()).unwrap_or_default();
    let (call_success, output) = testkit::proxy::split_forwarded(&out)
        .filter(|_| result.is_success())
        .unwrap_or_else(|| panic!("the checking transaction itself failed: {result:?}"));
    Checked {
        tx_gas_used: result.tx_gas_used(),
        call_success,
        output: output.to_vec(),
    }
}
