//! Fixed-width Montgomery rings for the moduli widths the `montgomery` crate has kernels for
//! (fully unrolled; MULX/ADX assembly for 4, 6 and 8 limbs when the CPU has it, portable
//! Rust for 2, 3, 5 and 7), used instead of the row kernels where they measure faster.

use super::window::Ring;

/// Montgomery arithmetic modulo an odd `N`-limb `p` with `n0 = -p^-1 mod 2^64`, through the
/// `montgomery` crate (`mul_mont`: exact for any operands below `2^(64N)`).
pub struct Fixed<const N: usize> {
    p: [u64; N],
    n0: u64,
    #[cfg(target_arch = "x86_64")]
    adx: Option<montgomery::asm::Adx>,
}

impl<const N: usize> Fixed<N> {
    /// The ring for an odd `p` of exactly `N` limbs; `None` when `p` has another length or
    /// is even.
    pub fn new(p: &[u64]) -> Option<Self> {
        let p: [u64; N] = p.try_into().ok()?;
        (p[0] & 1 == 1).then(|| Fixed {
            p,
            n0: montgomery::neg_inv64(p[0]),
            #[cfg(target_arch = "x86_64")]
            adx: montgomery::asm::Adx::detect(),
        })
    }

    /// `a · b · 2^(-64N) mod p` for `a, b < p`.
    #[inline]
    fn mul_arrays(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if let Some(adx) = self.adx {
            return adx.mul_mont(a, b, &self.p, self.n0);
        }
        montgomery::portable::mul_mont(a, b, &self.p, self.n0)
    }
}

/// The first `N` limbs of `x` as an array; panics if `x` is shorter (a caller bug).
#[inline]
fn head<const N: usize>(x: &[u64]) -> &[u64; N] {
    x[..N].try_into().expect("N limbs")
}

impl<const N: usize> Ring for Fixed<N> {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        let r = self.mul_arrays(head(a), head(b));
        out[..N].copy_from_slice(&r);
    }
}
