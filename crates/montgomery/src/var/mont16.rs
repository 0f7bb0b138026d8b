//! Montgomery arithmetic modulo an odd 16-limb `m` (1024-bit moduli, `R = 2^1024`), the rows
//! of [`super::Mont`] at a width fixed at compile time: every row is a straight-line kernel of
//! known length ([`FixedRows`]: MULX/ADCX/ADOX assembly or the portable loop) on arrays, so
//! no slicing, bounds checks or loop tails remain in the hot path.

use super::rows::FixedRows;
use super::{add_carry, double_add_squares, sub_if_ge};
use crate::neg_inv64;

/// The limb count of the ring.
pub const N: usize = 16;

/// Montgomery arithmetic modulo an odd 16-limb `m` with the row kernel `K`.
pub struct Mont16<K> {
    m: [u64; N],
    inv: u64,
    rows: K,
}

/// `L` limbs of `x` from `at` as an array; panics when out of range (a caller bug; the
/// offsets here are constants or bounded loop indices, checked at compile time or hoisted).
#[inline(always)]
fn win<const L: usize>(x: &mut [u64], at: usize) -> &mut [u64; L] {
    (&mut x[at..at + L]).try_into().expect("L limbs")
}

/// `L` limbs of `x` from `at` as an array (read-only [`win`]).
#[inline(always)]
fn win_ref<const L: usize>(x: &[u64], at: usize) -> &[u64; L] {
    x[at..at + L].try_into().expect("L limbs")
}

/// Adds the cross products of row `i` of a 16-limb square: `t[2i+1..i+16] += a[i+1..] ·
/// a[i]`, setting `t[i+16]` to the carry (no earlier row reaches it); `L = 15 - i`.
#[inline(always)]
fn cross_row<K: FixedRows, const L: usize>(rows: K, t: &mut [u64; 2 * N], a: &[u64; N]) {
    let i = N - 1 - L;
    t[i + N] = rows.addmul::<L>(win(t, 2 * i + 1), win_ref(a, i + 1), a[i]);
}

impl<K: FixedRows> Mont16<K> {
    /// The ring for an odd `m` of exactly 16 limbs; `None` when `m` has another length or
    /// is even.
    pub fn new(m: &[u64], rows: K) -> Option<Self> {
        let m: [u64; N] = m.try_into().ok()?;
        (m[0] & 1 == 1).then(|| Mont16 {
            m,
            inv: neg_inv64(m[0]),
            rows,
        })
    }

    /// `t · R^-1 mod m` for `t < m · R` (`t` destroyed).
    #[inline(always)]
    fn redc(&self, t: &mut [u64; 2 * N]) -> [u64; N] {
        let mut top = false;
        for i in 0..N {
            let q = t[i].wrapping_mul(self.inv);
            let c = self.rows.addmul::<N>(win(t, i), &self.m, q);
            top = add_carry(&mut t[i + N], c, top);
        }
        let mut out = [0u64; N];
        sub_if_ge(&t[N..], top, &self.m, &mut out);
        out
    }

    /// `a · b · R^-1 mod m` for `a, b < m`.
    #[inline]
    pub fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let mut t = [0u64; 2 * N];
        for i in 0..N {
            t[i + N] = self.rows.addmul::<N>(win(&mut t, i), a, b[i]);
        }
        self.redc(&mut t)
    }

    /// `a² · R^-1 mod m` for `a < m`: each cross product once, then doubled.
    #[inline]
    pub fn sqr(&self, a: &[u64; N]) -> [u64; N] {
        let mut t = [0u64; 2 * N];
        let k = self.rows;
        cross_row::<K, 15>(k, &mut t, a);
        cross_row::<K, 14>(k, &mut t, a);
        cross_row::<K, 13>(k, &mut t, a);
        cross_row::<K, 12>(k, &mut t, a);
        cross_row::<K, 11>(k, &mut t, a);
        cross_row::<K, 10>(k, &mut t, a);
        cross_row::<K, 9>(k, &mut t, a);
        cross_row::<K, 8>(k, &mut t, a);
        cross_row::<K, 7>(k, &mut t, a);
        cross_row::<K, 6>(k, &mut t, a);
        cross_row::<K, 5>(k, &mut t, a);
        cross_row::<K, 4>(k, &mut t, a);
        cross_row::<K, 3>(k, &mut t, a);
        cross_row::<K, 2>(k, &mut t, a);
        cross_row::<K, 1>(k, &mut t, a);
        double_add_squares(&mut t, a);
        self.redc(&mut t)
    }
}
