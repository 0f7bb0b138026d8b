//! The generator's odd multiples `G, 3G, ..., (2^(WINDOW_G - 1) - 1) G`, affine, for the wNAF
//! window [`WINDOW_G`]: [`TABLE_G_LEN`] entries of 64 bytes, built once on first use (about
//! 13 field operations an entry and one inversion) and kept for the life of the process.

use super::field::Fe;
use super::point::{Affine, Jacobian};
use crate::weierstrass::with_kernel;
use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

/// The wNAF window of the generator's scalar.
pub const WINDOW_G: usize = 12;

/// Entries of the table: the odd multiples below `2^(WINDOW_G - 1)`.
pub const TABLE_G_LEN: usize = 1 << (WINDOW_G - 2);

/// The generator, Montgomery form.
pub const G: Affine = Affine {
    x: Fe([
        0x79e7_30d4_18a9_143c,
        0x75ba_95fc_5fed_b601,
        0x79fb_732b_7762_2510,
        0x1890_5f76_a537_55c6,
    ]),
    y: Fe([
        0xddf2_5357_ce95_560a,
        0x8b4a_b8e4_ba19_e45c,
        0xd2e8_8688_dd21_f325,
        0x8571_ff18_2588_5d85,
    ]),
};

/// The table, once built.
static TABLE: OnceBox<Vec<Affine>> = OnceBox::new();

/// `(2i + 1) G` at index `i`, [`TABLE_G_LEN`] entries (built on the first call).
pub fn g() -> &'static [Affine] {
    TABLE.get_or_init(|| {
        let mut pre = vec![Jacobian::INFINITY; TABLE_G_LEN];
        let mut prefix = vec![Fe::ZERO; TABLE_G_LEN];
        let mut out = vec![G; TABLE_G_LEN];
        let built = with_kernel!(k => super::ecmult::odd_multiples_into(
            k,
            &G,
            &mut pre,
            &mut prefix,
            &mut out
        ));
        assert!(built, "the generator's small multiples are finite");
        Box::new(out)
    })
}
