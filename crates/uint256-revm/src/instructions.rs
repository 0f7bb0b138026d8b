//! The instruction bodies, generic over the word arithmetic, and their installation into a
//! revm instruction table.
//!
//! Each body does what revm 43's own does (`revm_interpreter::instructions::{arithmetic,
//! bitwise}`): check the stack height (StackUnderflow), check the spec for SHL/SHR/SAR
//! (Constantinople, revm's PETERSBURG) and CLZ (Osaka) (NotActivated), charge EXP's dynamic
//! gas before computing (OutOfGas), then replace the operands by the result in place. The
//! static gas of every opcode stays in revm's gas table, which is not touched.

use crate::ops::{Uint256Ops, WordOps};
use revm::bytecode::opcode;
use revm::context::Evm;
use revm::handler::instructions::EthInstructions;
use revm::interpreter::interpreter_types::{RuntimeFlag, StackTr};
use revm::interpreter::{
    Host, Instruction, InstructionContext, InstructionExecResult, InstructionResult,
    InstructionTable, InterpreterTypes,
};
use revm::primitives::hardfork::SpecId;

/// The opcodes [`install`] replaces, in opcode order.
pub const ARITHMETIC_OPCODES: [u8; 26] = [
    opcode::ADD,
    opcode::MUL,
    opcode::SUB,
    opcode::DIV,
    opcode::SDIV,
    opcode::MOD,
    opcode::SMOD,
    opcode::ADDMOD,
    opcode::MULMOD,
    opcode::EXP,
    opcode::SIGNEXTEND,
    opcode::LT,
    opcode::GT,
    opcode::SLT,
    opcode::SGT,
    opcode::EQ,
    opcode::ISZERO,
    opcode::AND,
    opcode::OR,
    opcode::XOR,
    opcode::NOT,
    opcode::BYTE,
    opcode::SHL,
    opcode::SHR,
    opcode::SAR,
    opcode::CLZ,
];

/// Pops `[$x, ...]` and binds `$top` to the new top of the stack (revm's `popn_top!` without
/// its unchecked pop), or fails the instruction with StackUnderflow.
// The height (operands + 1) is checked first, on a cold path, as revm's macro does (its
// workaround for rust-lang/rust#144329); the pop's own check then folds away. With only the pop's check, LLVM
// loaded the error code before the check on the hot path and put the return inside the body:
// the same instructions as stock revm's LT plus one, over one more 64-byte fetch window.
macro_rules! pop_top {
    ([$($x:ident),*], $top:ident, $ctx:expr) => {
        if $ctx.interpreter.stack.len() < <[&str]>::len(&[$(stringify!($x)),*]) + 1 {
            core::hint::cold_path();
            return Err(InstructionResult::StackUnderflow);
        }
        let Some(([$($x),*], $top)) = $ctx.interpreter.stack.popn_top() else {
            return Err(InstructionResult::StackUnderflow);
        };
    };
}

/// Fails the instruction with NotActivated unless the interpreter's spec is at least `$spec`.
macro_rules! require_spec {
    ($ctx:expr, $spec:ident) => {
        if !$ctx
            .interpreter
            .runtime_flag
            .spec_id()
            .is_enabled_in(SpecId::$spec)
        {
            core::hint::cold_path();
            return Err(InstructionResult::NotActivated);
        }
    };
}

/// An instruction `fn $name` that pops `[$x, ...]`, binds `$top` to the new top of the stack
/// and runs `$body`, after the spec check `$spec` when given: the one shape every instruction
/// macro below expands to.
macro_rules! instruction {
    ($name:ident, [$($x:ident),*], $top:ident => $body:expr $(, $spec:ident)?) => {
        fn $name<O: WordOps, IT: InterpreterTypes, H: ?Sized>(
            ctx: InstructionContext<'_, H, IT>,
        ) -> InstructionExecResult {
            $(require_spec!(ctx, $spec);)?
            pop_top!([$($x),*], $top, ctx);
            $body;
            Ok(())
        }
    };
}

/// An instruction computing `top = O::$op(a, top)`.
macro_rules! binary {
    ($name:ident, $op:ident $(, $spec:ident)?) => {
        instruction!($name, [a], top => *top = O::$op(a, *top) $(, $spec)?);
    };
}

/// An instruction computing `O::$op(&a, top)`, which updates the top of the stack in place. In
/// place matters in an interpreter: the previous instruction has just written the slot, and
/// copying it out by value costs a store-forwarding stall; an in-place op reads the limbs it
/// needs where they are and skips the write when the slot already is the result (as revm's own
/// bodies do for x / 0, x % 0, SIGNEXTEND from byte 31 on and BYTE's single-byte read).
macro_rules! binary_in_place {
    ($name:ident, $op:ident $(, $spec:ident)?) => {
        instruction!($name, [a], top => O::$op(&a, top) $(, $spec)?);
    };
}

/// An instruction computing `top = O::$op(top)`.
macro_rules! unary {
    ($name:ident, $op:ident $(, $spec:ident)?) => {
        instruction!($name, [], top => *top = O::$op(*top) $(, $spec)?);
    };
}

/// An instruction computing `top = O::$op(a, b, top)`.
macro_rules! ternary {
    ($name:ident, $op:ident) => {
        instruction!($name, [a, b], top => *top = O::$op(a, b, *top));
    };
}

binary!(add, add);
binary_in_place!(mul, mul_in_place);
binary!(sub, sub);
binary_in_place!(div, div_in_place);
binary!(sdiv, sdiv);
binary_in_place!(rem, rem_in_place);
binary!(smod, smod);
ternary!(addmod, addmod);
ternary!(mulmod, mulmod);
binary_in_place!(signextend, signextend_in_place);
binary!(lt, lt);
binary_in_place!(gt, gt_in_place);
binary!(slt, slt);
binary!(sgt, sgt);
binary!(eq, eq);
unary!(iszero, iszero);
binary!(and, and);
binary!(or, or);
binary!(xor, xor);
unary!(not, not);
binary_in_place!(byte, byte_in_place);
binary!(shl, shl, PETERSBURG);
binary!(shr, shr, PETERSBURG);
binary_in_place!(sar, sar_in_place, PETERSBURG);
unary!(clz, clz, OSAKA);

/// EXP: charges `exp_cost(exponent)` (50 gas per exponent byte since EIP-160, from the host's
/// gas parameters, as revm does) before computing.
fn exp<O: WordOps, IT: InterpreterTypes, H: Host + ?Sized>(
    ctx: InstructionContext<'_, H, IT>,
) -> InstructionExecResult {
    pop_top!([base], top, ctx);
    let cost = ctx.host.gas_params().exp_cost(*top);
    if !ctx.interpreter.gas.record_regular_cost(cost) {
        return Err(InstructionResult::OutOfGas);
    }
    *top = O::exp(base, *top);
    Ok(())
}

/// Replaces the instructions of [`ARITHMETIC_OPCODES`] in `table` by ones computing with `O`;
/// every other entry is left as it is.
pub fn install<O: WordOps, IT: InterpreterTypes, H: Host + ?Sized>(
    table: &mut InstructionTable<IT, H>,
) {
    let entries: [(u8, Instruction<IT, H>); 26] = [
        (opcode::ADD, Instruction::new(add::<O, IT, H>)),
        (opcode::MUL, Instruction::new(mul::<O, IT, H>)),
        (opcode::SUB, Instruction::new(sub::<O, IT, H>)),
        (opcode::DIV, Instruction::new(div::<O, IT, H>)),
        (opcode::SDIV, Instruction::new(sdiv::<O, IT, H>)),
        (opcode::MOD, Instruction::new(rem::<O, IT, H>)),
        (opcode::SMOD, Instruction::new(smod::<O, IT, H>)),
        (opcode::ADDMOD, Instruction::new(addmod::<O, IT, H>)),
        (opcode::MULMOD, Instruction::new(mulmod::<O, IT, H>)),
        (opcode::EXP, Instruction::new(exp::<O, IT, H>)),
        (opcode::SIGNEXTEND, Instruction::new(signextend::<O, IT, H>)),
        (opcode::LT, Instruction::new(lt::<O, IT, H>)),
        (opcode::GT, Instruction::new(gt::<O, IT, H>)),
        (opcode::SLT, Instruction::new(slt::<O, IT, H>)),
        (opcode::SGT, Instruction::new(sgt::<O, IT, H>)),
        (opcode::EQ, Instruction::new(eq::<O, IT, H>)),
        (opcode::ISZERO, Instruction::new(iszero::<O, IT, H>)),
        (opcode::AND, Instruction::new(and::<O, IT, H>)),
        (opcode::OR, Instruction::new(or::<O, IT, H>)),
        (opcode::XOR, Instruction::new(xor::<O, IT, H>)),
        (opcode::NOT, Instruction::new(not::<O, IT, H>)),
        (opcode::BYTE, Instruction::new(byte::<O, IT, H>)),
        (opcode::SHL, Instruction::new(shl::<O, IT, H>)),
        (opcode::SHR, Instruction::new(shr::<O, IT, H>)),
        (opcode::SAR, Instruction::new(sar::<O, IT, H>)),
        (opcode::CLZ, Instruction::new(clz::<O, IT, H>)),
    ];
    for (op, instruction) in entries {
        table[usize::from(op)] = instruction;
    }
}

/// Swaps a revm EVM's (or its instruction set's) arithmetic opcodes for [`WordOps`] ones.
pub trait Uint256Arithmetic: Sized {
    /// The same EVM with the arithmetic, comparison, bitwise and shift opcodes computed by `O`.
    fn with_word_ops<O: WordOps>(self) -> Self;

    /// The same EVM with those opcodes computed by `uint256` ([`Uint256Ops`]).
    fn with_uint256_arithmetic(self) -> Self {
        self.with_word_ops::<Uint256Ops>()
    }
}

impl<IT: InterpreterTypes, H: Host> Uint256Arithmetic for EthInstructions<IT, H> {
    fn with_word_ops<O: WordOps>(mut self) -> Self {
        install::<O, IT, H>(self.instruction_table_mut());
        self
    }
}

impl<CTX: Host, INSP, IT: InterpreterTypes, P, F> Uint256Arithmetic
    for Evm<CTX, INSP, EthInstructions<IT, CTX>, P, F>
{
    fn with_word_ops<O: WordOps>(mut self) -> Self {
        self.instruction = self.instruction.with_word_ops::<O>();
        self
    }
}
