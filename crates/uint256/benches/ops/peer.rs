//! The peer: each EVM op on ruint as revm 43's instruction body computes it (the bodies in
//! `revm-interpreter`'s `instructions/{arithmetic,bitwise}.rs`, which use ruint's methods and
//! `instructions::i256` for the signed ops), and the num-bigint forms used as the third column.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use revm_interpreter::instructions::i256::{i256_cmp, i256_div, i256_mod};
use ruint::aliases::U256 as R;

use crate::harness::mask;

/// revm's `as_usize_saturated!`.
fn saturated(x: R) -> usize {
    usize::try_from(x).unwrap_or(usize::MAX)
}

/// DIV: revm leaves a zero divisor on the stack as the result.
pub fn div(a: R, b: R) -> R {
    if b.is_zero() {
        b
    } else {
        a.wrapping_div(b)
    }
}

/// MOD, as DIV.
pub fn rem(a: R, b: R) -> R {
    if b.is_zero() {
        b
    } else {
        a.wrapping_rem(b)
    }
}

/// SDIV.
pub fn sdiv(a: R, b: R) -> R {
    i256_div(a, b)
}

/// SMOD.
pub fn smod(a: R, b: R) -> R {
    i256_mod(a, b)
}

/// SLT.
pub fn slt(a: R, b: R) -> R {
    R::from(i256_cmp(&a, &b) == core::cmp::Ordering::Less)
}

/// SGT.
pub fn sgt(a: R, b: R) -> R {
    R::from(i256_cmp(&a, &b) == core::cmp::Ordering::Greater)
}

/// SIGNEXTEND.
pub fn signextend(ext: R, x: R) -> R {
    if ext < R::from(31) {
        let bit_index = (8 * ext.as_limbs()[0] + 7) as usize;
        let mask = (R::from(1) << bit_index) - R::from(1);
        if x.bit(bit_index) {
            x | !mask
        } else {
            x & mask
        }
    } else {
        x
    }
}

/// BYTE.
pub fn byte(i: R, x: R) -> R {
    let i = saturated(i);
    if i < 32 {
        R::from(x.byte(31 - i))
    } else {
        R::ZERO
    }
}

/// SHL.
pub fn shl(shift: R, x: R) -> R {
    let shift = saturated(shift);
    if shift < 256 {
        x << shift
    } else {
        R::ZERO
    }
}

/// SHR.
pub fn shr(shift: R, x: R) -> R {
    let shift = saturated(shift);
    if shift < 256 {
        x >> shift
    } else {
        R::ZERO
    }
}

/// SAR.
pub fn sar(shift: R, x: R) -> R {
    let shift = saturated(shift);
    if shift < 256 {
        x.arithmetic_shr(shift)
    } else if x.bit(255) {
        R::MAX
    } else {
        R::ZERO
    }
}

/// num-bigint's DIV/MOD/ADDMOD/MULMOD result: `f()`, or zero when the divisor or modulus `d` is
/// zero (the EVM result, which revm leaves as the zero operand).
pub fn big_guarded<T: Zero + Clone>(d: &T, f: impl FnOnce() -> T) -> T {
    if d.is_zero() {
        d.clone()
    } else {
        f()
    }
}

/// A num-bigint operand as a shift or index, saturated like revm's.
pub fn big_small(x: &BigUint) -> usize {
    usize::try_from(x).unwrap_or(usize::MAX)
}

/// SIGNEXTEND on num-bigint.
pub fn big_signextend(b: &BigUint, x: &BigUint) -> BigUint {
    let b = big_small(b);
    if b >= 31 {
        return x.clone();
    }
    let bits = 8 * (b as u64 + 1);
    let low_mask = (BigUint::one() << bits) - 1u8;
    let low = x & &low_mask;
    if low.bit(bits - 1) {
        low | (mask() ^ low_mask)
    } else {
        low
    }
}

/// BYTE on num-bigint.
pub fn big_byte(i: &BigUint, x: &BigUint) -> BigUint {
    let i = big_small(i);
    if i < 32 {
        (x >> (8 * (31 - i))) & BigUint::from(255u8)
    } else {
        BigUint::zero()
    }
}
