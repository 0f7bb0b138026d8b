//! The generator's precomputed odd multiples, built at compile time: `G, 3G, 5G, ...,
//! (2^(W-1) - 1) G` for the wNAF window [`WINDOW_G`], and the same multiples of `lambda G`
//! (`(beta x, y)`), affine. [`TABLE_G_LEN`] entries each, 64 bytes an entry.

use super::field::Fe;
use super::point::{Affine, BETA};

/// The wNAF window of the generator's scalars.
pub const WINDOW_G: usize = 8;

/// Entries per table: the odd multiples below `2^(WINDOW_G - 1)`.
pub const TABLE_G_LEN: usize = 1 << (WINDOW_G - 2);

/// The generator.
pub const G: Affine = Affine {
    x: Fe([
        0x59f2_815b_16f8_1798,
        0x029b_fcdb_2dce_28d9,
        0x55a0_6295_ce87_0b07,
        0x79be_667e_f9dc_bbac,
    ]),
    y: Fe([
        0x9c47_d08f_fb10_d4b8,
        0xfd17_b448_a685_5419,
        0x5da4_fbfc_0e11_08a8,
        0x483a_da77_26a3_c465,
    ]),
};

/// `(2i + 1) G` at index `i`.
// About 32,000 field products of const evaluation (64 Fermat inversions), a few seconds.
#[allow(long_running_const_eval)]
pub static TABLE_G: [Affine; TABLE_G_LEN] = odd_multiples(&G);

/// `(2i + 1) lambda G` at index `i`.
pub static TABLE_G_LAMBDA: [Affine; TABLE_G_LEN] = endo_all(&TABLE_G);

/// `P, 3P, 5P, ...` in a `const` context.
const fn odd_multiples(p: &Affine) -> [Affine; TABLE_G_LEN] {
    let mut out = [*p; TABLE_G_LEN];
    let twice = match p.add_const(p) {
        Some(t) => t,
        None => panic!("the generator has odd order"),
    };
    let mut i = 1;
    while i < TABLE_G_LEN {
        out[i] = match out[i - 1].add_const(&twice) {
            Some(t) => t,
            None => panic!("small multiples of the generator are finite"),
        };
        i += 1;
    }
    out
}

/// `(beta x, y)` of every entry, in a `const` context.
const fn endo_all(t: &[Affine; TABLE_G_LEN]) -> [Affine; TABLE_G_LEN] {
    let mut out = *t;
    let mut i = 0;
    while i < TABLE_G_LEN {
        out[i].x = t[i].x.mul_const(&BETA);
        i += 1;
    }
    out
}
