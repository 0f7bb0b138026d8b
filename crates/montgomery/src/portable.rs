//! Portable Rust implementations (`u64` limbs, `u128` products), generic over the width.
//!
//! Every function is total: it follows its integer definition for every input (reduced
//! or not), so the assembly in [`crate::asm`] can be checked bit for bit against it.
//! Constant time: fixed loop counts, final selections by masks (never a branch on values).

use limbs::add::{adc, sbb};
use limbs::mul::mac;

use crate::Modulus;

/// Hides a value from the optimiser (an empty `asm!` on x86_64, `black_box` elsewhere).
#[cfg(target_arch = "x86_64")]
use crate::asm::value_barrier;

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn value_barrier(x: u64) -> u64 {
    core::hint::black_box(x)
}

/// `x` if `bit == 1`, `y` if `bit == 0`, limb-wise, without a branch.
///
/// The bit goes through [`value_barrier`], so the optimiser cannot see that it is 0 or 1
/// and turn the mask arithmetic back into a conditional jump (it does without the
/// barrier; evm384's valgrind check caught it).
#[inline(always)]
fn select<const N: usize>(bit: u64, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
    let mask = value_barrier(bit).wrapping_neg();
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = y[i] ^ ((x[i] ^ y[i]) & mask);
    }
    r
}

/// The value `hi * 2^(64N) + t` minus `p` if it is `>= p`, else `t` (low `64N` bits).
#[inline(always)]
fn reduce_once<const N: usize>(t: &[u64; N], hi: u64, p: &[u64; N]) -> [u64; N] {
    let mut s = [0u64; N];
    let mut borrow = false;
    for i in 0..N {
        (s[i], borrow) = sbb(t[i], p[i], borrow);
    }
    let (_, below) = sbb(hi, 0, borrow);
    select(below as u64, t, &s)
}

/// `s = a + b` (one bit wider than `N` limbs); `(s - p) mod 2^(64N)` if `s >= p`, else `s`.
/// For `a, b < p` this is `(a + b) mod p`.
#[inline]
pub fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut s = [0u64; N];
    let mut carry = false;
    for i in 0..N {
        (s[i], carry) = adc(a[i], b[i], carry);
    }
    reduce_once(&s, carry as u64, p)
}

/// `a - b` if `a >= b`, else `(a - b + p) mod 2^(64N)`. For `a, b < p` this is
/// `(a - b) mod p`.
#[inline]
pub fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut borrow = false;
    for i in 0..N {
        (d[i], borrow) = sbb(a[i], b[i], borrow);
    }
    let mut s = [0u64; N];
    let mut carry = false;
    for i in 0..N {
        (s[i], carry) = adc(d[i], p[i], carry);
    }
    select(borrow as u64, &s, &d)
}

/// Montgomery multiplication, CIOS with every carry kept (any modulus, full width too):
/// ```text
/// T = 0
/// for i in 0..N:
///     T = T + a * b_i
///     m = (T mod 2^64) * n0 mod 2^64
///     T = floor((T + m * p) / 2^64)
/// result = (T - p) mod 2^(64N)  if T >= p,  else T
/// ```
/// `T < 2^(64N+1)` throughout, for any `a, b, p < 2^(64N)` and any `n0`. With odd `p`,
/// `n0 = -p^-1 mod 2^64` and `a, b < p` the result is `a * b * 2^(-64N) mod p` in `[0, p)`.
#[inline]
pub fn mul_mont<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], n0: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut top = 0u64; // T = top * 2^(64N) + t, top in {0, 1}
    for &bi in b.iter() {
        let mut c = 0;
        for j in 0..N {
            (t[j], c) = mac(a[j], bi, t[j], c);
        }
        let (u, t_over) = adc(top, c, false);
        let m = t[0].wrapping_mul(n0);
        let (_, mut c) = mac(m, p[0], t[0], 0);
        for j in 1..N {
            (t[j - 1], c) = mac(m, p[j], t[j], c);
        }
        let (u, c) = adc(u, c, false);
        t[N - 1] = u;
        top = t_over as u64 + c as u64;
    }
    reduce_once(&t, top, p)
}

/// Montgomery multiplication without the carry word ("no-carry" CIOS, as in gnark-crypto),
/// for a modulus whose top limb is below `2^63 - 1` ([`Modulus::has_spare_bit`]):
/// ```text
/// T = 0
/// for i in 0..N:
///     (A, t_0) = t_0 + a_0 * b_i;  m = t_0 * n0 mod 2^64;  C = (t_0 + m * p_0) >> 64
///     for j in 1..N:
///         (A, t_j) = t_j + a_j * b_i + A
///         (C, t_{j-1}) = t_j + m * p_j + C
///     t_{N-1} = (C + A) mod 2^64
/// result = T - p  if T >= p,  else T          (N limbs)
/// ```
/// Under that condition and with `a, b < p` no carry is dropped and the result equals
/// [`mul_mont`]'s, i.e. `a * b * 2^(-64N) mod p`; otherwise it is this formula's value.
#[inline]
pub fn mul_mont_nocarry<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    n0: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    for &bi in b.iter() {
        let (t0, mut ca) = mac(a[0], bi, t[0], 0);
        let m = t0.wrapping_mul(n0);
        let (_, mut cc) = mac(m, p[0], t0, 0);
        for j in 1..N {
            let tj;
            (tj, ca) = mac(a[j], bi, t[j], ca);
            (t[j - 1], cc) = mac(m, p[j], tj, cc);
        }
        t[N - 1] = cc.wrapping_add(ca);
    }
    reduce_once(&t, 0, p)
}

/// The full `2N`-limb product `a * b`, as `(low N limbs, high N limbs)`.
#[inline]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut t = [[0u64; N]; 2]; // t[k / N][k % N] is limb k of the product
    for i in 0..N {
        let mut c = 0;
        for (j, &aj) in a.iter().enumerate() {
            let k = i + j;
            (t[k / N][k % N], c) = mac(aj, b[i], t[k / N][k % N], c);
        }
        t[1][i] = c; // limb i + N is still untouched
    }
    (t[0], t[1])
}

/// Montgomery reduction of `T = hi * 2^(64N) + lo`:
/// ```text
/// for i in 0..N:  m = (limb i of T) * n0 mod 2^64;  T = T + m * p * 2^(64i)
/// U = floor(T / 2^(64N))          (one bit wider than N limbs)
/// result = (U - p) mod 2^(64N)  if U >= p,  else U
/// ```
/// With odd `p`, `n0 = -p^-1 mod 2^64` and `T < p * 2^(64N)` the result is
/// `T * 2^(-64N) mod p` in `[0, p)`.
#[inline]
pub fn redc<const N: usize>(lo: &[u64; N], hi: &[u64; N], p: &[u64; N], n0: u64) -> [u64; N] {
    let mut t = [*lo, *hi];
    let mut pending = false; // carry into limb i + N + 1
    for i in 0..N {
        let m = t[0][i].wrapping_mul(n0);
        let mut c = 0;
        for (j, &pj) in p.iter().enumerate() {
            let k = i + j;
            (t[k / N][k % N], c) = mac(m, pj, t[k / N][k % N], c);
        }
        (t[1][i], pending) = adc(t[1][i], c, pending);
    }
    reduce_once(&t[1], pending as u64, p)
}

/// [`crate::mul`] on the portable path.
#[inline]
///
/// The loops get the operands swapped (`b` as the operand read whole, `a` one limb per
/// row): the product is the same for reduced inputs, and a dependency chain through `a`
/// (`x = mul(&x, &y, m)`) then overlaps with the first rows (the assembly reads its
/// row operand from memory one limb at a time).
pub fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    if m.has_spare_bit() {
        mul_mont_nocarry(b, a, m.p(), m.n0())
    } else {
        mul_mont(b, a, m.p(), m.n0())
    }
}

/// [`crate::square`] on the portable path: for 6 limbs and a modulus with a spare bit
/// (BLS12-381's case, where the assembly has a squaring kernel) [`redc`] of [`sqr_wide`],
/// otherwise [`mul`]`(a, a, m)`. Both are `a^2 R^-1 mod p` for `a < p`; for unreduced `a`
/// they are the named formulas' values (which may differ from each other).
#[inline]
pub fn square<const N: usize>(a: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    if N == 6 && m.has_spare_bit() {
        let (lo, hi) = sqr_wide(a);
        return redc(&lo, &hi, m.p(), m.n0());
    }
    mul(a, a, m)
}

/// The plain square `a * a` as `(low N limbs, high N limbs)`, equal to
/// [`mul_wide`]`(a, a)` for every `a`: the cross products `a_i a_j` (`i < j`) once,
/// doubled, then the squares `a_i^2` added on the diagonal.
#[inline]
pub fn sqr_wide<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut t = [[0u64; N]; 2]; // t[k / N][k % N] is limb k of the square
    for i in 0..N {
        let mut c = 0;
        for j in i + 1..N {
            let k = i + j;
            (t[k / N][k % N], c) = mac(a[i], a[j], t[k / N][k % N], c);
        }
        // limb i + N is still untouched (row i - 1 ended at limb i + N - 1)
        let k = i + N;
        t[k / N][k % N] = c;
    }
    let mut top = 0; // the bit shifted out of the previous limb
    let mut carry = false;
    for (i, &ai) in a.iter().enumerate() {
        let (sq_lo, sq_hi) = mac(ai, ai, 0, 0);
        for (k, add) in [(2 * i, sq_lo), (2 * i + 1, sq_hi)] {
            let x = t[k / N][k % N];
            (t[k / N][k % N], carry) = adc((x << 1) | top, add, carry);
            top = x >> 63;
        }
    }
    (t[0], t[1])
}

/// [`crate::reduce`] on the portable path.
#[inline]
pub fn reduce<const N: usize>(lo: &[u64; N], hi: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    redc(lo, hi, m.p(), m.n0())
}
