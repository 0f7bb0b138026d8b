//! EVM programs (evmone's benchmark set, the synthetic opcode loops, the Ed25519 contract; see
//! `testkit::evm_programs`) run through revm with three arithmetics: revm's stock instructions
//! on ruint ([`Arith::Stock`]), ours on `uint256` ([`Arith::Uint256`], `uint256-revm`) and one
//! on num-bigint reduced mod 2^256 after every op ([`Arith::Bigint`], the big.Int analogue).
//! Only the arithmetic, comparison, bitwise and shift opcodes differ; every EVM uses revm's
//! precompiles (the Ed25519 contract calls MODEXP).
//!
//! [`check_run`] runs one program input under every arithmetic and fails unless they agree on
//! status, gas used and output, and the output is upstream's expected one when known: the
//! benches call it before timing, the `evm_programs` binary writes its results to
//! `programs.json`.

pub mod bigint_ops;
pub mod ed25519;
pub mod interleaved;

use crate::evm::{self, BenchEvm, BytecodeRunner};
use precompile::Fork;
use revm::context::result::ExecutionResult;
use revm::handler::EthPrecompiles;
use testkit::evm_programs::{CheckedRun, Program, ProgramInput};
use uint256_revm::{install, Uint256Ops};

/// The fork every program runs at.
pub const FORK: Fork = Fork::Osaka;

/// Which arithmetic runs the opcodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    /// revm 43's own instructions (ruint).
    Stock,
    /// `uint256-revm`'s instructions.
    Uint256,
    /// num-bigint, reduced mod 2^256 after every op ([`bigint_ops::BigIntOps`]).
    Bigint,
}

impl Arith {
    /// Every arithmetic, in report order.
    pub const ALL: [Arith; 3] = [Arith::Stock, Arith::Uint256, Arith::Bigint];

    /// The name in benchmark ids and reports.
    pub fn name(self) -> &'static str {
        match self {
            Arith::Stock => "stock",
            Arith::Uint256 => "uint256",
            Arith::Bigint => "bigint",
        }
    }

    /// Makes this arithmetic's instructions the ones `evm` runs: revm's stock table, with ours
    /// over the arithmetic opcodes. Only the table changes (the EVM's state, stack and memory
    /// stay where they are), so one EVM switched between arithmetics compares them on the same
    /// memory layout; separate EVMs differ by up to 2x on the same table from layout alone.
    pub fn install(self, evm: &mut BenchEvm<EthPrecompiles>) {
        let table = evm.instruction.instruction_table_mut();
        *table = revm::interpreter::instruction_table();
        match self {
            Arith::Stock => {}
            Arith::Uint256 => install::<Uint256Ops, _, _>(table),
            Arith::Bigint => install::<bigint_ops::BigIntOps, _, _>(table),
        }
    }

    /// A runner of one transaction calling `code` with `calldata` under this arithmetic.
    pub fn runner(self, code: Vec<u8>, calldata: &[u8]) -> BytecodeRunner<EthPrecompiles> {
        let mut r = evm::revm(FORK, code, calldata);
        self.install(r.evm_mut());
        r
    }
}

/// What a transaction did: status, gas used and output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `success`, `revert` or `halt: <reason>`.
    pub status: String,
    /// Gas used by the transaction.
    pub gas_used: u64,
    /// Returned (or reverted) bytes.
    pub output: Vec<u8>,
}

/// The [`Outcome`] of a result.
pub fn outcome(r: &ExecutionResult) -> Outcome {
    let status = match r {
        ExecutionResult::Success { .. } => "success".to_string(),
        ExecutionResult::Revert { .. } => "revert".to_string(),
        ExecutionResult::Halt { reason, .. } => format!("halt: {reason:?}"),
    };
    Outcome {
        status,
        gas_used: r.tx_gas_used(),
        output: r.output().map(|b| b.to_vec()).unwrap_or_default(),
    }
}

/// The benchmark function id of `input` of `program`.
pub fn run_id(program: &Program, input: &ProgramInput) -> String {
    format!("{}/{}", program.name, input.name)
}

/// The criterion group of `arith`'s program benchmarks (full id: `<group>/<run_id>`).
pub fn bench_group(arith: Arith) -> String {
    format!("{}-bytecode", arith.name())
}

/// Whether a `--filter` regex selects the run `id`: it matches the id itself or one of the
/// run's criterion ids (so `uint256` or `stock-bytecode/main` select as criterion would).
pub fn filter_selects(filter: &regex::Regex, id: &str) -> bool {
    filter.is_match(id)
        || Arith::ALL
            .iter()
            .any(|&a| filter.is_match(&format!("{}/{id}", bench_group(a))))
}

/// Runs `input` of `program` under every arithmetic; fails, saying what differs, unless all
/// agree on status, gas and output and, when upstream gives one, the output is the expected
/// one with a successful status.
pub fn check_run(program: &Program, input: &ProgramInput) -> Result<CheckedRun, String> {
    let id = run_id(program, input);
    let code = hex::decode(&program.code_hex).map_err(|e| format!("{id}: code: {e}"))?;
    let calldata = hex::decode(&input.calldata_hex).map_err(|e| format!("{id}: calldata: {e}"))?;
    let outcomes: Vec<(Arith, Outcome)> = Arith::ALL
        .iter()
        .map(|&a| (a, outcome(&a.runner(code.clone(), &calldata).run())))
        .collect();
    let (_, stock) = &outcomes[0];
    for (a, o) in &outcomes[1..] {
        if o != stock {
            return Err(format!(
                "{id}: {} differs from stock revm: {} gas {} output {} vs {} gas {} output {}",
                a.name(),
                o.status,
                o.gas_used,
                hex::encode(&o.output),
                stock.status,
                stock.gas_used,
                hex::encode(&stock.output)
            ));
        }
    }
    if let Some(want) = &input.expected_output_hex {
        if stock.status != "success" || hex::encode(&stock.output) != want.to_ascii_lowercase() {
            return Err(format!(
                "{id}: {} with output {}, expected success with {want}",
                stock.status,
                hex::encode(&stock.output)
            ));
        }
    }
    Ok(CheckedRun {
        id,
        group: program.group().to_string(),
        code_hex: program.code_hex.clone(),
        calldata_hex: input.calldata_hex.clone(),
        output_hex: hex::encode(&stock.output),
        expected_known: input.expected_output_hex.is_some(),
        status: stock.status.clone(),
        gas_used: stock.gas_used,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The instruction table of `r`, each entry by its function's address.
    fn table(r: &mut BytecodeRunner<EthPrecompiles>) -> Vec<String> {
        let t = r.evm_mut().instruction.instruction_table_mut();
        t.iter().map(|i| format!("{i:?}")).collect()
    }

    /// Switching one runner between arithmetics installs exactly the named one: stock after
    /// any other is the stock table again, and each switch runs a program the same way.
    #[test]
    fn install_switches_one_runner_between_arithmetics() {
        // Function addresses of generic instructions depend on where they were instantiated,
        // so the reference is a table `install` wrote, not revm's builder's.
        let mut fresh = Arith::Stock.runner(Vec::new(), &[]);
        let stock = table(&mut fresh);
        // 7 * 6 + 5, then RETURN the word: MUL and ADD go through the installed table.
        let code = vec![
            0x60, 0x05, 0x60, 0x06, 0x60, 0x07, 0x02, 0x01, 0x5f, 0x52, 0x60, 0x20, 0x5f, 0xf3,
        ];
        let mut r = Arith::Stock.runner(code, &[]);
        let want = outcome(&r.run());
        assert_eq!(want.output[31], 47);
        let add = usize::from(revm::bytecode::opcode::ADD);
        for arith in [Arith::Uint256, Arith::Bigint, Arith::Stock, Arith::Uint256] {
            arith.install(r.evm_mut());
            let t = table(&mut r);
            assert_eq!(t == stock, arith == Arith::Stock, "{}", arith.name());
            assert_eq!(
                t[add] == stock[add],
                arith == Arith::Stock,
                "{}",
                arith.name()
            );
            assert_eq!(outcome(&r.run()), want, "{}", arith.name());
        }
    }
}
