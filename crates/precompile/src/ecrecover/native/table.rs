//! The generator's precomputed odd multiples: `G, 3G, 5G, ..., (2^(W-1) - 1) G` for the wNAF
//! window [`WINDOW_G`], and the same multiples of `lambda G` (`(beta x, y)`), affine.
//! [`TABLE_G_LEN`] entries each, 64 bytes an entry: 2 x 64 KiB for window 12, built once on
//! first use (about 1,000 point additions and 7,000 field products, one inversion).

use super::ecmult::odd_multiples_into;
use super::field::Fe;
use super::point::Affine;
use crate::weierstrass::{with_kernel, Kernel};
use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

/// The wNAF window of the generator's scalars.
pub const WINDOW_G: usize = 12;

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

/// Both tables, once built.
static TABLES: OnceBox<[Vec<Affine>; 2]> = OnceBox::new();

/// `((2i + 1) G, (2i + 1) lambda G)` at index `i`: two tables of [`TABLE_G_LEN`] entries,
/// built on the first call (the odd multiples in effective affine form,
/// `ecmult::odd_multiples_into`, then one inversion to true affine; `lambda` is one
/// product an entry) and kept for the life of the process.
pub fn g() -> (&'static [Affine], &'static [Affine]) {
    let [g, g_lambda] = TABLES.get_or_init(|| with_kernel!(k => build(k)));
    (g, g_lambda)
}

/// The two tables of [`g`], on the field kernel `k`.
fn build<K: Kernel<Fe>>(k: K) -> Box<[Vec<Affine>; 2]> {
    let mut out = vec![G; TABLE_G_LEN];
    let zt = odd_multiples_into(k, &G, &mut vec![Fe::ZERO; TABLE_G_LEN], &mut out);
    let zinv = zt.invert().expect("the scale of finite points is nonzero");
    let zinv2 = k.square(&zinv);
    let zinv3 = k.mul(&zinv2, &zinv);
    for p in out.iter_mut() {
        *p = Affine {
            x: k.mul(&p.x, &zinv2).normalize(),
            y: k.mul(&p.y, &zinv3).normalize(),
        };
    }
    let lambda = out
        .iter()
        .map(|p| {
            let q = p.endo(k);
            Affine {
                x: q.x.normalize(),
                y: q.y,
            }
        })
        .collect();
    Box::new([out, lambda])
}
