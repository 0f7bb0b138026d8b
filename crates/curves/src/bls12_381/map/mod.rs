//! EIP-2537's maps from field elements to BLS12-381 points, on our arithmetic: RFC 9380's
//! `map_to_curve` (simplified SWU onto an isogenous curve, `swu`, then the isogeny,
//! `iso`) followed by `clear_cofactor` (`cofactor`), for G1 from Fp
//! ([`map_fp_to_g1`]) and G2 from Fp2 ([`map_fp2_to_g2`]). No hashing: EIP-2537's
//! MAP_FP_TO_G1 and MAP_FP2_TO_G2 take the field element itself. Variable time (public
//! inputs).

mod cofactor;
mod iso;
mod sqrt;
mod swu;

pub use cofactor::{clear_cofactor_g1, clear_cofactor_g2};

use super::g1::{G1Affine, G1Jacobian};
use super::g2::{G2Affine, G2Jacobian};
use super::{Fp, Fp2};

/// RFC 9380's `map_to_curve` for G1 (SSWU on the 11-isogenous curve, then the isogeny),
/// before cofactor clearing: a point of `y^2 = x^3 + 4`, not necessarily in the subgroup.
pub fn map_to_curve_g1(u: Fp) -> G1Jacobian {
    let (x, y) = swu::map_to_curve_simple_swu(u);
    iso::iso_map(x, y, iso::G1_ISO)
}

/// RFC 9380's `map_to_curve` for G2 (SSWU on the 3-isogenous curve, then the isogeny), before
/// cofactor clearing: a point of the twist, not necessarily in the subgroup.
pub fn map_to_curve_g2(u: Fp2) -> G2Jacobian {
    let (x, y) = swu::map_to_curve_simple_swu(u);
    iso::iso_map(x, y, iso::G2_ISO)
}

/// MAP_FP_TO_G1's map: `clear_cofactor(map_to_curve(u))`, a point of the order-r subgroup of
/// G1 (possibly infinity). Total: every Fp is a valid input.
pub fn map_fp_to_g1(u: Fp) -> G1Affine {
    cofactor::clear_cofactor_g1(&map_to_curve_g1(u)).to_affine()
}

/// MAP_FP2_TO_G2's map: `clear_cofactor(map_to_curve(u))`, a point of the order-r subgroup of
/// G2 (possibly infinity). Total: every Fp2 is a valid input.
pub fn map_fp2_to_g2(u: Fp2) -> G2Affine {
    cofactor::clear_cofactor_g2(&map_to_curve_g2(u)).to_affine()
}

#[cfg(test)]
mod tests;
