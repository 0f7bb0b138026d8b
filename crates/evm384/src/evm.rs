//! EVM384 "v7" opcodes over an EVM memory byte slice: `ADDMOD384`, `SUBMOD384`,
//! `MULMODMONT384`.
//!
//! Each opcode pops one 32-byte stack word. Bytes 24..26, 26..28, 28..30 and 30..32 of
//! the (big-endian) word hold four big-endian `u16` memory offsets: `out`, `x`, `y`,
//! `mod`. Bytes 0..24 of the word are ignored. `x`, `y`, `mod` and the result are 48-byte
//! little-endian integers at `memory[off..off + 48]`; `MULMODMONT384` also reads `r_inv`
//! (the `n0` of the crate docs) as the 8-byte little-endian integer at
//! `memory[mod + 48..mod + 56]`.
//!
//! Semantics:
//! * The caller first charges memory expansion up to [`memory_end`] (a byte count: the
//!   highest offset touched, exclusive) and grows `memory`; if `memory` is still shorter,
//!   the opcode returns [`EvmError::OutOfBounds`] and leaves memory unchanged.
//! * All inputs are read before the output is written, so `out` may overlap `x`, `y` or
//!   `mod` in any way (including partially).
//! * The results are exactly the crate-level definitions of `add_mod`, `sub_mod` and
//!   `mul_mont` applied to the raw values: the modulus is **not** validated. An even or
//!   zero modulus, unreduced `x`/`y` and a wrong `r_inv` are all accepted and give the
//!   deterministic, fully specified result of those formulas (e.g. with `mod = 0`,
//!   `ADDMOD384` yields `(x + y) mod 2^384`). No input makes an opcode panic.
//! * Gas is a constant per opcode ([`GAS_ADDMOD384`] etc., from the proposal), besides
//!   memory expansion.

use crate::{limbs_from_le_bytes, limbs_to_le_bytes, Backend};
use core::fmt;

/// Gas of `ADDMOD384` (EVM384 v7 proposal).
pub const GAS_ADDMOD384: u64 = 3;
/// Gas of `SUBMOD384` (EVM384 v7 proposal).
pub const GAS_SUBMOD384: u64 = 3;
/// Gas of `MULMODMONT384` (EVM384 v7 proposal).
pub const GAS_MULMODMONT384: u64 = 6;

/// Size in bytes of one 384-bit operand in memory.
pub const OPERAND_BYTES: usize = 48;

/// The three EVM384 v7 opcodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `ADDMOD384`
    AddMod384,
    /// `SUBMOD384`
    SubMod384,
    /// `MULMODMONT384`
    MulModMont384,
}

impl Op {
    /// Constant gas cost from the proposal (memory expansion is charged separately).
    pub const fn gas(self) -> u64 {
        match self {
            Op::AddMod384 => GAS_ADDMOD384,
            Op::SubMod384 => GAS_SUBMOD384,
            Op::MulModMont384 => GAS_MULMODMONT384,
        }
    }

    /// Bytes read at the `mod` offset: the modulus, plus `r_inv` for `MULMODMONT384`.
    pub const fn mod_bytes(self) -> usize {
        match self {
            Op::MulModMont384 => OPERAND_BYTES + 8,
            _ => OPERAND_BYTES,
        }
    }
}

/// The four memory offsets packed in the stack word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offsets {
    /// Where the 48-byte result is written.
    pub out: u16,
    /// First operand.
    pub x: u16,
    /// Second operand.
    pub y: u16,
    /// Modulus (followed by `r_inv` for `MULMODMONT384`).
    pub modulus: u16,
}

impl Offsets {
    /// Decodes bytes 24..32 of the big-endian stack word (bytes 0..24 are ignored).
    pub fn decode(word: &[u8; 32]) -> Offsets {
        let be = |i: usize| u16::from_be_bytes([word[i], word[i + 1]]);
        Offsets {
            out: be(24),
            x: be(26),
            y: be(28),
            modulus: be(30),
        }
    }

    /// Encodes into a stack word (bytes 0..24 zero).
    pub fn encode(&self) -> [u8; 32] {
        let mut w = [0u8; 32];
        w[24..26].copy_from_slice(&self.out.to_be_bytes());
        w[26..28].copy_from_slice(&self.x.to_be_bytes());
        w[28..30].copy_from_slice(&self.y.to_be_bytes());
        w[30..32].copy_from_slice(&self.modulus.to_be_bytes());
        w
    }
}

/// The memory size (bytes) `op` needs: one past the highest byte it reads or writes.
/// At most `65535 + 56`.
pub fn memory_end(op: Op, off: &Offsets) -> usize {
    let end48 = |o: u16| o as usize + OPERAND_BYTES;
    end48(off.out)
        .max(end48(off.x))
        .max(end48(off.y))
        .max(off.modulus as usize + op.mod_bytes())
}

/// An opcode could not execute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvmError {
    /// `memory` is shorter than [`memory_end`] (`needed`); nothing was written.
    OutOfBounds {
        /// Bytes needed.
        needed: usize,
        /// Bytes available.
        len: usize,
    },
}

impl fmt::Display for EvmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvmError::OutOfBounds { needed, len } => {
                write!(
                    f,
                    "EVM384 operand out of memory bounds: needs {needed} bytes, memory has {len}"
                )
            }
        }
    }
}

impl core::error::Error for EvmError {}

fn read48(memory: &[u8], off: u16) -> [u64; 6] {
    let o = off as usize;
    limbs_from_le_bytes(&memory[o..o + OPERAND_BYTES]).expect("48 bytes always fit")
}

/// Executes `op` with the packed offsets `word` on `memory`, using `backend`.
pub fn execute_with(
    backend: Backend,
    op: Op,
    memory: &mut [u8],
    word: &[u8; 32],
) -> Result<(), EvmError> {
    let off = Offsets::decode(word);
    let needed = memory_end(op, &off);
    if memory.len() < needed {
        return Err(EvmError::OutOfBounds {
            needed,
            len: memory.len(),
        });
    }
    let x = read48(memory, off.x);
    let y = read48(memory, off.y);
    let p = read48(memory, off.modulus);
    let r = match op {
        Op::AddMod384 => backend.add_mod(&x, &y, &p),
        Op::SubMod384 => backend.sub_mod(&x, &y, &p),
        Op::MulModMont384 => {
            let o = off.modulus as usize + OPERAND_BYTES;
            let mut n0 = [0u8; 8];
            n0.copy_from_slice(&memory[o..o + 8]);
            backend.mul_mont(&x, &y, &p, u64::from_le_bytes(n0))
        }
    };
    let o = off.out as usize;
    memory[o..o + OPERAND_BYTES].copy_from_slice(&limbs_to_le_bytes(&r));
    Ok(())
}

/// Executes `op` on the detected backend.
pub fn execute(op: Op, memory: &mut [u8], word: &[u8; 32]) -> Result<(), EvmError> {
    execute_with(Backend::detect(), op, memory, word)
}

/// `ADDMOD384`.
pub fn addmod384(memory: &mut [u8], word: &[u8; 32]) -> Result<(), EvmError> {
    execute(Op::AddMod384, memory, word)
}

/// `SUBMOD384`.
pub fn submod384(memory: &mut [u8], word: &[u8; 32]) -> Result<(), EvmError> {
    execute(Op::SubMod384, memory, word)
}

/// `MULMODMONT384`.
pub fn mulmodmont384(memory: &mut [u8], word: &[u8; 32]) -> Result<(), EvmError> {
    execute(Op::MulModMont384, memory, word)
}
