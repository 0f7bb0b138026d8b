//! Variable-width Montgomery arithmetic: an odd modulus `m` of any number `n` of limbs given as
//! a slice (`R = 2^(64n)`), built from the row kernel `r += a · b` ([`Rows`]: MULX/ADCX/ADOX
//! assembly or portable): a product or a dedicated squaring (each cross product once, about
//! 1.5 n² limb products with the reduction instead of 2 n²) into a `2n`-limb buffer, then a
//! separate reduction (REDC) row by row. [`Mont16`] is the same at 16 limbs fixed at compile
//! time (straight-line rows), [`Mont1`] at one limb in registers. MODEXP's kernel.
//!
//! Operands are little-endian limb slices below `m`; results are fully reduced. Variable time
//! in nothing but the lengths (public): the final subtraction of [`Mont::mul`] is a branch on
//! the values, which MODEXP (public inputs) does not mind. Buffers too short for the modulus
//! panic: a caller bug.

mod mont16;
mod rows;

pub use mont16::Mont16;
pub use rows::{addmul_1, mul_1, FixedRows, PortableRows, Rows};

use crate::neg_inv64;
use limbs::add::sbb;

/// A Montgomery context: the modulus, `-m^-1 mod 2^64` and the row kernels.
pub struct Mont<'a> {
    m: &'a [u64],
    inv: u64,
    rows: Rows,
}

impl<'a> Mont<'a> {
    /// The context for an odd `m` whose top limb is non-zero; `None` otherwise.
    pub fn new(m: &'a [u64], rows: Rows) -> Option<Self> {
        let (&low, &top) = (m.first()?, m.last()?);
        (low & 1 == 1 && top != 0).then(|| Mont {
            m,
            inv: neg_inv64(low),
            rows,
        })
    }

    /// The number of limbs `n` of the modulus.
    pub fn limbs(&self) -> usize {
        self.m.len()
    }

    /// The modulus.
    pub fn modulus(&self) -> &'a [u64] {
        self.m
    }

    /// `t[n..2n] + top · R` reduced to `out = t · R^-1 mod m` for `t < m · R` in `t[..2n]`
    /// (destroyed). Panics on short buffers.
    #[inline]
    fn redc(&self, t: &mut [u64], out: &mut [u64]) {
        let (m, n) = (self.m, self.limbs());
        let mut top = false;
        for i in 0..n {
            let q = t[i].wrapping_mul(self.inv);
            let c = self.rows.addmul_1(&mut t[i..i + n], m, q);
            top = add_carry(&mut t[i + n], c, top);
        }
        sub_if_ge(&t[n..2 * n], top, m, out);
    }

    /// `out = a · b · R^-1 mod m` for `a, b < m`; `t` is scratch of `2n` limbs.
    pub fn mul(&self, a: &[u64], b: &[u64], out: &mut [u64], t: &mut [u64]) {
        let n = self.limbs();
        let (a, b, t) = (&a[..n], &b[..n], &mut t[..2 * n]);
        t[n] = mul_1(&mut t[..n], a, b[0]);
        for i in 1..n {
            t[i + n] = self.rows.addmul_1(&mut t[i..i + n], a, b[i]);
        }
        self.redc(t, out);
    }

    /// `out = a² · R^-1 mod m` for `a < m` (each cross product once); `t` is scratch of `2n`
    /// limbs.
    pub fn sqr(&self, a: &[u64], out: &mut [u64], t: &mut [u64]) {
        let n = self.limbs();
        if n < 2 {
            return self.mul(a, a, out, t);
        }
        let (a, t) = (&a[..n], &mut t[..2 * n]);
        // Cross products a[i]·a[j], i < j: row i adds a[i]·a[i+1..] at 2i+1 and sets the limb
        // i+n (no earlier row reaches it).
        t[0] = 0;
        t[n] = mul_1(&mut t[1..n], &a[1..], a[0]);
        for i in 1..n - 1 {
            t[i + n] = self
                .rows
                .addmul_1(&mut t[2 * i + 1..i + n], &a[i + 1..], a[i]);
        }
        t[2 * n - 1] = 0;
        double_add_squares(t, a);
        self.redc(t, out);
    }

    /// `out = a · R^-1 mod m` (leaving Montgomery form) for `a < m`; `t` is scratch of `2n`
    /// limbs.
    pub fn from_mont(&self, a: &[u64], out: &mut [u64], t: &mut [u64]) {
        let n = self.limbs();
        let t = &mut t[..2 * n];
        t[..n].copy_from_slice(&a[..n]);
        t[n..].fill(0);
        self.redc(t, out);
    }
}

/// `*limb += c + top`, returning the carry out (REDC's running top bit).
#[inline(always)]
pub(crate) fn add_carry(limb: &mut u64, c: u64, top: bool) -> bool {
    let (s, o1) = limb.overflowing_add(c);
    let (s, o2) = s.overflowing_add(u64::from(top));
    *limb = s;
    o1 | o2
}

/// `out = t - m` if `t ≥ m` (with `hi` the limb above `t`), else `t`; for `t < 2m` and
/// equal lengths of `t`, `m` and `out` (panics if `out` is shorter).
#[inline]
pub(crate) fn sub_if_ge(t: &[u64], hi: bool, m: &[u64], out: &mut [u64]) {
    if hi || !lt(t, m) {
        let mut borrow = false;
        for ((o, &x), &y) in out.iter_mut().zip(t).zip(m) {
            (*o, borrow) = sbb(x, y, borrow);
        }
    } else {
        out[..m.len()].copy_from_slice(t);
    }
}

/// Turns the cross products `Σ_{i<j} a[i]·a[j]·2^(64(i+j))` in `t` (`2 · a.len()` limbs) into
/// the square `a²`: doubles them and adds the squares `a[i]²`.
#[inline]
pub(crate) fn double_add_squares(t: &mut [u64], a: &[u64]) {
    let n = a.len();
    let mut shift_in = 0u64;
    let mut carry = 0u64;
    for i in 0..n {
        let (lo, hi) = (t[2 * i], t[2 * i + 1]);
        let dlo = (lo << 1) | shift_in;
        let dhi = (hi << 1) | (lo >> 63);
        shift_in = hi >> 63;
        let sq = u128::from(a[i]) * u128::from(a[i]);
        let s0 = u128::from(dlo) + u128::from(sq as u64) + u128::from(carry);
        t[2 * i] = s0 as u64;
        let s1 = u128::from(dhi) + (sq >> 64) + (s0 >> 64);
        t[2 * i + 1] = s1 as u64;
        carry = (s1 >> 64) as u64;
    }
}

/// Montgomery arithmetic modulo a one-limb odd `m`, in registers.
pub struct Mont1 {
    m: u64,
    inv: u64,
}

impl Mont1 {
    /// The context for an odd `m`; `None` when `m` is even.
    pub fn new(m: u64) -> Option<Self> {
        (m & 1 == 1).then(|| Mont1 {
            m,
            inv: neg_inv64(m),
        })
    }

    /// `a · b · 2^-64 mod m` for `a, b < m`.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        let t = u128::from(a) * u128::from(b);
        let q = (t as u64).wrapping_mul(self.inv);
        let qm = u128::from(q) * u128::from(self.m);
        // t + qm ≡ 0 mod 2^64; the high halves plus the carry out of the low halves.
        let carry = (t as u64).overflowing_add(qm as u64).1;
        let (hi, over) = ((t >> 64) as u64).overflowing_add((qm >> 64) as u64);
        let (hi, over2) = hi.overflowing_add(u64::from(carry));
        if over || over2 || hi >= self.m {
            hi.wrapping_sub(self.m)
        } else {
            hi
        }
    }
}

/// The number of limbs without the high zero limbs.
pub fn significant(a: &[u64]) -> usize {
    a.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1)
}

/// `a < b` for equal-length limb strings.
fn lt(a: &[u64], b: &[u64]) -> bool {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        if x != y {
            return x < y;
        }
    }
    false
}
