//! MULMOD by the thread's last modulus, kept prepared.
//!
//! Contracts reduce by one modulus over and over (weierstrudel's BN254 prime, the Ed25519
//! contracts' 2^255 - 19). A [`Modulus`] holds its reduction prepared (for a 256-bit modulus,
//! the reciprocal whose hardware division is about a tenth of the MULMOD), so keeping the last
//! one per thread saves that on every MULMOD but the first, for one 32-byte compare. The cache
//! is keyed by the whole modulus: a stale entry can cost time, never change a result. Without
//! the `std` feature (no thread-locals) every MULMOD prepares its modulus.

#[cfg(feature = "std")]
use uint256::Modulus;
use uint256::U256;

#[cfg(feature = "std")]
std::thread_local! {
    static LAST_MODULUS: core::cell::Cell<Modulus> = const { core::cell::Cell::new(Modulus::ZERO) };
}

/// EVM MULMOD, `(a * b) mod n` (0 if `n == 0`), equal to `uint256::evm::mulmod`.
#[cfg(feature = "std")]
#[inline(always)]
pub(crate) fn mulmod(a: U256, b: U256, n: U256) -> U256 {
    LAST_MODULUS.with(|last| {
        let mut m = last.get();
        if m.value() != n {
            m = Modulus::new(n);
            last.set(m);
        }
        m.mul_mod(a, b)
    })
}

/// EVM MULMOD, `(a * b) mod n` (0 if `n == 0`), equal to `uint256::evm::mulmod`.
#[cfg(not(feature = "std"))]
#[inline(always)]
pub(crate) fn mulmod(a: U256, b: U256, n: U256) -> U256 {
    uint256::evm::mulmod(a, b, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uint256::evm;

    /// Products by one modulus, then by others (narrow, pseudo-Mersenne, zero, back to the
    /// first): each equals `evm::mulmod`, so switching moduli never reuses a stale one.
    #[test]
    fn switching_moduli_never_reuses_a_stale_one() {
        // A 254-bit modulus of no special form (the prepared-reciprocal path).
        let p = U256::from_limbs([
            0x0123_4567_89ab_cdef,
            7,
            0xfedc_ba98_7654_3210,
            0x3000 << 48,
        ]);
        let moduli = [
            p,
            p,
            U256::from_u64(97),
            (U256::MAX >> 1u32) - U256::from_u64(18),
            U256::ZERO,
            p - U256::ONE,
            p,
            U256::MAX,
        ];
        let a = U256::MAX - U256::from_u64(12345);
        let b = p + U256::from_u64(777);
        for (i, n) in moduli.into_iter().enumerate() {
            let x = a - U256::from_u64(i as u64);
            assert_eq!(
                mulmod(x, b, n),
                evm::mulmod(x, b, n),
                "modulus #{i} = {n:?}"
            );
        }
    }
}
