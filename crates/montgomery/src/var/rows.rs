//! Row kernels: `r += a · b` for a limb string `a` and one limb `b`, the step every `n`-limb
//! product, squaring and reduction of [`super::Mont`] is made of.
//!
//! [`Rows`] picks the implementation once per call site: the MULX/ADCX/ADOX assembly of
//! [`crate::asm`] when the CPU has BMI2 and ADX, else the portable loop. Both give the same
//! limbs for every input (tested limb for limb in `tests/var.rs`). [`FixedRows`] is the same
//! step for a row length known at compile time (straight-line assembly or the portable loop).

use limbs::mul::mac;

/// The row kernels to use: the portable loop, or the x86-64 assembly (holding the proof that
/// the CPU supports it).
#[derive(Clone, Copy, Debug)]
pub enum Rows {
    /// Portable Rust (`u128` products).
    Portable,
    /// MULX/ADCX/ADOX assembly; the token proves BMI2 and ADX were detected.
    #[cfg(target_arch = "x86_64")]
    Adx(crate::asm::Adx),
}

impl Rows {
    /// The fastest kernels this CPU supports (detected at run time, cached).
    pub fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        if let Some(token) = crate::asm::Adx::detect() {
            return Rows::Adx(token);
        }
        Rows::Portable
    }

    /// `r[..a.len()] += a · b`; returns the carry limb (the sum's limb at `a.len()`).
    /// Panics if `r` is shorter than `a` (a caller bug).
    #[inline]
    pub fn addmul_1(self, r: &mut [u64], a: &[u64], b: u64) -> u64 {
        let r = &mut r[..a.len()];
        match self {
            Rows::Portable => addmul_1(r, a, b, 0),
            #[cfg(target_arch = "x86_64")]
            Rows::Adx(token) => {
                let split = a.len() & !3;
                let carry = token.addmul_1_x4(&mut r[..split], &a[..split], b);
                addmul_1(&mut r[split..], &a[split..], b, carry)
            }
        }
    }
}

/// `r[..a.len()] += a · b + carry` (portable); returns the carry limb. Stops at the shorter
/// of `r` and `a`.
#[inline]
pub fn addmul_1(r: &mut [u64], a: &[u64], b: u64, mut carry: u64) -> u64 {
    for (ri, &ai) in r.iter_mut().zip(a) {
        (*ri, carry) = mac(ai, b, *ri, carry);
    }
    carry
}

/// `r[..a.len()] = a · b`; returns the carry limb. Stops at the shorter of `r` and `a`.
#[inline]
pub fn mul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    let mut carry = 0;
    for (ri, &ai) in r.iter_mut().zip(a) {
        (*ri, carry) = mac(ai, b, 0, carry);
    }
    carry
}

/// A row kernel for rows of a length `L` known at compile time (the rows of
/// [`super::Mont16`]): `r += a · b`, returning the carry limb (the sum's limb at `L`).
pub trait FixedRows: Copy {
    /// `r += a · b`; returns the carry limb.
    fn addmul<const L: usize>(self, r: &mut [u64; L], a: &[u64; L], b: u64) -> u64;
}

/// The portable [`FixedRows`]: [`addmul_1`] on arrays.
#[derive(Clone, Copy, Debug)]
pub struct PortableRows;

impl FixedRows for PortableRows {
    #[inline(always)]
    fn addmul<const L: usize>(self, r: &mut [u64; L], a: &[u64; L], b: u64) -> u64 {
        addmul_1(r, a, b, 0)
    }
}
