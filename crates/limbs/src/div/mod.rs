//! Division on limbs: Möller–Granlund reciprocals, division by one limb, and Knuth's algorithm D
//! for divisors of two or more limbs.
//!
//! References: N. Möller and T. Granlund, "Improved division by invariant integers" (IEEE TC
//! 2011); D. Knuth, TAOCP vol. 2, 4.3.1.
//!
//! The hardware 128-by-64 `div` faults (SIGFPE) on a zero divisor or a quotient that does not fit
//! a limb, so every public function here either takes a divisor type that rules this out
//! ([`reciprocal::NormalizedDivisor`], [`core::num::NonZeroU64`]) or checks its divisor and
//! returns `None`.

pub mod knuth;
pub mod reciprocal;
pub mod small;

/// Marks the branch that calls it as unlikely, so that LLVM keeps a (well-predicted) branch
/// instead of a conditional move on the critical path.
#[cold]
#[inline(never)]
const fn cold() {}

/// `x >> (64 - s)` for `s` in `0..64`, giving 0 for `s == 0` (a plain shift by 64 would
/// overflow).
#[inline(always)]
const fn shr_comp(x: u64, s: u32) -> u64 {
    (x >> 1) >> (63 - s)
}

#[cfg(test)]
mod test_util {
    extern crate std;

    /// Little-endian limbs as a num-bigint value.
    pub fn big(l: &[u64]) -> num_bigint::BigUint {
        num_bigint::BigUint::from_slice(
            &l.iter()
                .flat_map(|&x| [x as u32, (x >> 32) as u32])
                .collect::<std::vec::Vec<_>>(),
        )
    }

    /// A xorshift64 generator: reproducible test limbs without a dependency.
    pub fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }
}
