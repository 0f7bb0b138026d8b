//! Operator traits. Arithmetic wraps modulo 2^256 as in the EVM; `/` and `%` by zero give 0
//! (EVM DIV/MOD semantics) instead of panicking; shifts by 256 or more give 0.

use core::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Div, DivAssign,
    Mul, MulAssign, Not, Rem, RemAssign, Shl, ShlAssign, Shr, ShrAssign, Sub, SubAssign,
};

use crate::U256;

macro_rules! binop {
    ($tr:ident, $m:ident, $atr:ident, $am:ident, $f:expr, $doc:literal) => {
        impl $tr for U256 {
            type Output = U256;
            #[doc = $doc]
            #[inline(always)]
            fn $m(self, rhs: U256) -> U256 {
                $f(self, rhs)
            }
        }
        impl $atr for U256 {
            #[doc = $doc]
            #[inline(always)]
            fn $am(&mut self, rhs: U256) {
                *self = $f(*self, rhs);
            }
        }
    };
}

binop!(
    Add,
    add,
    AddAssign,
    add_assign,
    U256::wrapping_add,
    "Wrapping addition modulo 2^256."
);
binop!(
    Sub,
    sub,
    SubAssign,
    sub_assign,
    U256::wrapping_sub,
    "Wrapping subtraction modulo 2^256."
);
binop!(
    Mul,
    mul,
    MulAssign,
    mul_assign,
    U256::wrapping_mul,
    "Wrapping multiplication modulo 2^256."
);
binop!(
    Div,
    div,
    DivAssign,
    div_assign,
    |a: U256, b: U256| a.div_rem(b).0,
    "Unsigned division; division by zero gives 0 (EVM DIV), never panics."
);
binop!(
    Rem,
    rem,
    RemAssign,
    rem_assign,
    U256::rem_or_zero,
    "Unsigned remainder; by zero gives 0 (EVM MOD), never panics."
);
binop!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    U256::and,
    "Bitwise AND."
);
binop!(
    BitOr,
    bitor,
    BitOrAssign,
    bitor_assign,
    U256::or,
    "Bitwise OR."
);
binop!(
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    U256::xor,
    "Bitwise XOR."
);

impl Not for U256 {
    type Output = U256;
    /// Bitwise NOT.
    #[inline(always)]
    fn not(self) -> U256 {
        U256::not(self)
    }
}

macro_rules! shifts {
    ($($t:ty),*) => {$(
        impl Shl<$t> for U256 {
            type Output = U256;
            /// Left shift; bits shifted past 255 are lost, shifts of 256 or more give 0.
            #[inline(always)]
            fn shl(self, s: $t) -> U256 {
                self.wrapping_shl(usize::try_from(s).unwrap_or(usize::MAX))
            }
        }
        impl Shr<$t> for U256 {
            type Output = U256;
            /// Logical right shift; shifts of 256 or more give 0.
            #[inline(always)]
            fn shr(self, s: $t) -> U256 {
                self.wrapping_shr(usize::try_from(s).unwrap_or(usize::MAX))
            }
        }
        impl ShlAssign<$t> for U256 {
            /// Left shift in place; see `Shl`.
            #[inline(always)]
            fn shl_assign(&mut self, s: $t) {
                *self = *self << s;
            }
        }
        impl ShrAssign<$t> for U256 {
            /// Logical right shift in place; see `Shr`.
            #[inline(always)]
            fn shr_assign(&mut self, s: $t) {
                *self = *self >> s;
            }
        }
    )*};
}

shifts!(u32, usize);
