//! Every replaced opcode against revm 43's own instruction, run by revm's interpreter on the
//! same bytecode (`PUSH32` operands, the opcode, `STOP`): the resulting stack, the gas left and
//! the interpreter's result (success, StackUnderflow, OutOfGas, NotActivated) must be equal.
//! Operands: edge values (0, 1, 2, 31, 32, 255, 256, 2^32, 2^63, 2^64 and 2^128 neighbours,
//! signed extremes, MAX) in every combination, and random ones of every size class.

use proptest::prelude::*;
use revm::bytecode::{opcode, Bytecode};
use revm::interpreter::host::DummyHost;
use revm::interpreter::instructions::{gas_table_spec, instruction_table};
use revm::interpreter::interpreter::{EthInterpreter, ExtBytecode, InputsImpl, SharedMemory};
use revm::interpreter::{InstructionTable, Interpreter};
use revm::primitives::hardfork::SpecId;
use revm::primitives::{Bytes, U256};
use uint256_revm::{install, Uint256Ops, ARITHMETIC_OPCODES};

type Table = InstructionTable<EthInterpreter, DummyHost>;

/// Number of operands each opcode pops.
fn arity(op: u8) -> usize {
    match op {
        opcode::ADDMOD | opcode::MULMOD => 3,
        opcode::ISZERO | opcode::NOT | opcode::CLZ => 1,
        _ => 2,
    }
}

/// What one run left behind: stack, gas left, and the interpreter's final action.
#[derive(Debug, PartialEq)]
struct After {
    stack: Vec<U256>,
    gas_left: u64,
    action: String,
}

/// Runs `PUSH32 operands[last] ... PUSH32 operands[0]; op; STOP` (so `operands[0]` is the top
/// of the stack) with `table` at `spec` and `gas_limit`.
fn run(table: &Table, spec: SpecId, gas_limit: u64, op: u8, operands: &[U256]) -> After {
    let mut code = Vec::new();
    for x in operands.iter().rev() {
        code.push(opcode::PUSH32);
        code.extend_from_slice(&x.to_be_bytes::<32>());
    }
    code.extend_from_slice(&[op, opcode::STOP]);
    let mut interpreter = Interpreter::<EthInterpreter>::new(
        SharedMemory::new(),
        ExtBytecode::new(Bytecode::new_raw(Bytes::from(code))),
        InputsImpl::default(),
        false,
        spec,
        gas_limit,
    );
    let mut host = DummyHost::new(spec);
    let action = interpreter.run_plain(table, &gas_table_spec(spec), &mut host);
    After {
        stack: interpreter.stack.data().to_vec(),
        gas_left: interpreter.gas.remaining(),
        action: format!("{action:?}"),
    }
}

fn tables() -> (Table, Table) {
    let stock = instruction_table::<EthInterpreter, DummyHost>();
    let mut ours = stock;
    install::<Uint256Ops, _, _>(&mut ours);
    (stock, ours)
}

fn assert_same(op: u8, spec: SpecId, gas_limit: u64, operands: &[U256]) {
    let (stock, ours) = tables();
    let want = run(&stock, spec, gas_limit, op, operands);
    let got = run(&ours, spec, gas_limit, op, operands);
    assert_eq!(
        got, want,
        "opcode {op:#04x} at {spec:?}, gas {gas_limit}, operands {operands:x?}"
    );
}

fn edge_values() -> Vec<U256> {
    let one = U256::from(1u8);
    let min = one << 255; // -2^255
    let mut v = vec![
        U256::ZERO,
        one,
        U256::from(2u8),
        U256::from(7u8),
        U256::from(30u8),
        U256::from(31u8),
        U256::from(32u8),
        U256::from(255u16),
        U256::from(256u16),
        U256::from(257u16),
        U256::from(u64::MAX),
        (one << 64) + one,
        U256::from(u128::MAX),
        one << 128,
        min - one, // 2^255 - 1, the largest positive
        min,
        min + one,
        U256::MAX - one, // -2
        U256::MAX,       // -1
    ];
    v.push(U256::from(0x8000u32)); // a set sign bit of byte 1 for SIGNEXTEND
                                   // One-limb powers of two, divisors that DIV and MOD turn into a shift and a mask.
    v.extend([one << 32, one << 63]);
    v
}

#[test]
fn every_opcode_is_replaced_and_nothing_else() {
    let (stock, ours) = tables();
    for op in 0..=255u8 {
        // An instruction's Debug form is its function pointer's address.
        let (s, o) = (&stock[usize::from(op)], &ours[usize::from(op)]);
        let replaced = format!("{s:?}") != format!("{o:?}");
        assert_eq!(
            replaced,
            ARITHMETIC_OPCODES.contains(&op),
            "opcode {op:#04x}"
        );
    }
}

#[test]
fn edge_operands_every_combination() {
    let edges = edge_values();
    for op in ARITHMETIC_OPCODES {
        match arity(op) {
            1 => {
                for &a in &edges {
                    assert_same(op, SpecId::OSAKA, 1 << 30, &[a]);
                }
            }
            2 => {
                for &a in &edges {
                    for &b in &edges {
                        assert_same(op, SpecId::OSAKA, 1 << 30, &[a, b]);
                    }
                }
            }
            _ => {
                for &a in &edges {
                    for &b in &edges {
                        for &n in &edges {
                            assert_same(op, SpecId::OSAKA, 1 << 30, &[a, b, n]);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn too_few_operands_underflow() {
    for op in ARITHMETIC_OPCODES {
        for k in 0..arity(op) {
            assert_same(op, SpecId::OSAKA, 1 << 30, &vec![U256::from(5u8); k]);
        }
    }
}

#[test]
fn opcodes_before_their_fork_are_not_activated() {
    let operands = [U256::from(3u8), U256::from(9u8)];
    for spec in [
        SpecId::BYZANTIUM,
        SpecId::PETERSBURG,
        SpecId::PRAGUE,
        SpecId::OSAKA,
    ] {
        for op in ARITHMETIC_OPCODES {
            assert_same(op, spec, 1 << 30, &operands[..arity(op).min(2)]);
        }
    }
}

/// A word whose size class is random: 0-4 random limbs, sometimes negated.
fn word() -> impl Strategy<Value = U256> {
    (any::<[u64; 4]>(), 0usize..=4, any::<bool>()).prop_map(|(limbs, n, neg)| {
        let mut l = [0u64; 4];
        l[..n].copy_from_slice(&limbs[..n]);
        let x = U256::from_limbs(l);
        if neg {
            x.wrapping_neg()
        } else {
            x
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_operands(a in word(), b in word(), n in word(), which in 0usize..26) {
        let op = ARITHMETIC_OPCODES[which];
        assert_same(op, SpecId::OSAKA, 1 << 30, &[a, b, n][..arity(op)]);
    }

    /// EXP's dynamic gas: with a gas limit around the price the run succeeds or runs out of
    /// gas at the same point as revm's.
    #[test]
    fn exp_gas_at_the_limit(base in word(), exponent in word(), slack in 0u64..120) {
        // Two PUSH32 (3 each), EXP (10 + 50 per exponent byte) and STOP.
        let bytes = (256 - exponent.leading_zeros()).div_ceil(8) as u64;
        let price = 6 + 10 + 50 * bytes;
        let limit = (price + slack).saturating_sub(60);
        assert_same(opcode::EXP, SpecId::OSAKA, limit, &[base, exponent]);
    }
}
