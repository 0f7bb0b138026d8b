//! The two primitives of the lazy tower products, the plain `2N`-limb product and the
//! Montgomery reduction, behind [`Kernel`]: one implementation per path of `montgomery`, so
//! that a tower product checks the CPU's features once ([`with_kernel!`]) instead of once per
//! primitive (each check is a load and a branch, and both paths' code at every call).

use montgomery::Modulus;

/// The plain product and the Montgomery reduction of one path of the kernel (zero-sized,
/// `Copy`: passing it costs nothing).
pub(crate) trait Kernel<const N: usize>: Copy {
    /// The plain `2N`-limb product `a * b` as `(low, high)` limbs ([`montgomery::mul_wide`]).
    fn mul_wide(self, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]);
    /// `(hi R + lo) R^-1 mod p` for `hi R + lo < p R`, below p ([`montgomery::reduce`]).
    fn reduce(self, lo: &[u64; N], hi: &[u64; N], m: &Modulus<N>) -> [u64; N];
}

/// `montgomery`'s portable Rust.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl<const N: usize> Kernel<N> for Portable {
    #[inline(always)]
    fn mul_wide(self, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
        montgomery::portable::mul_wide(a, b)
    }
    #[inline(always)]
    fn reduce(self, lo: &[u64; N], hi: &[u64; N], m: &Modulus<N>) -> [u64; N] {
        montgomery::portable::reduce(lo, hi, m)
    }
}

/// The crate-root functions of `montgomery`, which pick the path at each call (the form
/// BN254's inlined `Fp2` products keep).
#[derive(Clone, Copy)]
pub(crate) struct EachCall;

impl<const N: usize> Kernel<N> for EachCall {
    #[inline(always)]
    fn mul_wide(self, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
        montgomery::mul_wide(a, b)
    }
    #[inline(always)]
    fn reduce(self, lo: &[u64; N], hi: &[u64; N], m: &Modulus<N>) -> [u64; N] {
        montgomery::reduce(lo, hi, m)
    }
}

/// The MULX/ADCX/ADOX assembly; the token proves the CPU has it.
#[cfg(target_arch = "x86_64")]
impl<const N: usize> Kernel<N> for montgomery::asm::Adx {
    #[inline(always)]
    fn mul_wide(self, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
        montgomery::asm::Adx::mul_wide(self, a, b)
    }
    #[inline(always)]
    fn reduce(self, lo: &[u64; N], hi: &[u64; N], m: &Modulus<N>) -> [u64; N] {
        montgomery::asm::Adx::reduce(self, lo, hi, m)
    }
}

/// `$body` with `$k` bound to this CPU's [`Kernel`]: the assembly token when the CPU has
/// BMI2 and ADX, else [`Portable`] (the body is compiled once for each).
macro_rules! with_kernel {
    ($k:ident => $body:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if let Some($k) = montgomery::asm::Adx::detect() {
                $body
            } else {
                let $k = $crate::kernel::Portable;
                $body
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let $k = $crate::kernel::Portable;
            $body
        }
    }};
}
pub(crate) use with_kernel;
