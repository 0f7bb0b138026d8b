//! Left-to-right sliding-window exponentiation over the odd powers `x, x³, x⁵, ...`, with the
//! window width chosen from the exponent's bit length, reading the exponent's bits in place
//! (no allocation) and working in caller-provided buffers.

/// A ring to exponentiate in: multiplication and squaring of `n`-limb elements into `out`
/// (`out` never aliases an operand).
pub trait Ring {
    /// `out = a · b`.
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]);
    /// `out = a²` (by default through [`Ring::mul`]).
    fn sqr(&mut self, a: &[u64], out: &mut [u64]) {
        self.mul(a, a, out);
    }
}

/// A big-endian exponent with its leading zero bytes removed.
#[derive(Clone, Copy, Debug)]
pub struct Exp<'a>(&'a [u8]);

impl<'a> Exp<'a> {
    /// The exponent whose big-endian bytes are `be` (any number of leading zeros).
    pub fn new(be: &'a [u8]) -> Self {
        let start = be.iter().position(|&b| b != 0).unwrap_or(be.len());
        Exp(&be[start..])
    }

    /// The significant big-endian bytes (the first is non-zero; empty for 0).
    pub fn bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The bit length (0 for 0).
    pub fn bits(&self) -> usize {
        match self.0.first() {
            None => 0,
            Some(&top) => self.0.len() * 8 - top.leading_zeros() as usize,
        }
    }

    /// Bit `i` (0 the least significant); `i` must be below [`Exp::bits`].
    #[inline]
    fn bit(&self, i: usize) -> bool {
        (self.0[self.0.len() - 1 - i / 8] >> (i % 8)) & 1 == 1
    }

    /// The window width for this exponent: 1 (plain square-and-multiply) for a sparse exponent
    /// such as 65537, which gains nothing from a table; else growing with the bit length so the
    /// table's `2^(w-1)` products pay for themselves.
    pub fn window(&self) -> usize {
        let bits = self.bits();
        let ones: usize = self.0.iter().map(|b| b.count_ones() as usize).sum();
        if ones * 4 <= bits {
            return 1;
        }
        match bits {
            0..=7 => 1,
            8..=35 => 3,
            36..=139 => 4,
            140..=539 => 5,
            _ => 6,
        }
    }
}

/// The table length in limbs for `n`-limb elements and window width `w` (`2^(w-1)` entries).
pub fn table_len(n: usize, w: usize) -> usize {
    n << (w - 1)
}

/// `acc = x^e` for a non-zero `e` by sliding windows of width `w` (at least 1), `x` in the ring's
/// representation; `table` holds [`table_len`]`(n, w)` limbs, `tmp` `n` limbs. A zero `e` leaves
/// `acc` unchanged. Panics on short buffers (a caller bug).
pub fn pow_window<'a>(
    ring: &mut impl Ring,
    x: &[u64],
    e: Exp<'_>,
    w: usize,
    table: &mut [u64],
    mut acc: &'a mut [u64],
    mut tmp: &'a mut [u64],
) {
    let n = x.len();
    let bits = e.bits();
    // table[i] = x^(2i + 1)
    let table = &mut table[..table_len(n, w)];
    table[..n].copy_from_slice(x);
    if w > 1 {
        ring.sqr(x, tmp);
        for i in 1..1usize << (w - 1) {
            let (done, next) = table.split_at_mut(i * n);
            ring.mul(&done[(i - 1) * n..], tmp, &mut next[..n]);
        }
    }
    let mut swapped = false;
    let mut started = false;
    let mut i = bits;
    while i > 0 {
        let top = i - 1;
        if !e.bit(top) {
            ring.sqr(acc, tmp);
            core::mem::swap(&mut acc, &mut tmp);
            swapped ^= true;
            i -= 1;
            continue;
        }
        // The longest window [low, top] of width at most w ending in a one bit.
        let mut low = top.saturating_sub(w - 1);
        while !e.bit(low) {
            low += 1;
        }
        let mut value = 0usize;
        for k in (low..=top).rev() {
            value = (value << 1) | usize::from(e.bit(k));
        }
        let entry = &table[(value >> 1) * n..][..n];
        if started {
            for _ in low..=top {
                ring.sqr(acc, tmp);
                core::mem::swap(&mut acc, &mut tmp);
                swapped ^= true;
            }
            ring.mul(acc, entry, tmp);
            core::mem::swap(&mut acc, &mut tmp);
            swapped ^= true;
        } else {
            acc.copy_from_slice(entry);
            started = true;
        }
        i = low;
    }
    if swapped {
        // `acc` names the caller's `tmp` buffer now.
        tmp.copy_from_slice(acc);
    }
}
