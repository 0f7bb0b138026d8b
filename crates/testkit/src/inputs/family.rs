//! The edge-input families (the net): inputs that random generation almost never produces, each
//! aimed at special paths of ours. `cargo xtask diff --family NAME` draws from one family alone;
//! [`super::generate`] draws a share of its inputs from them ([`family_share`]), so the CI run
//! and the fuzz seeds reach them too.

use super::curve::Group;
use super::{bls12_381, kzg, modexp_edge, Rng};
use ark_ec::AffineRepr;
use core::ops::Neg;
use precompile::PrecompileId;

/// A family of edge inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// MODEXP of one of the [`super::ModexpShape`]s: odd moduli of exactly 57-65 and 121-128
    /// bytes (the 8- and 16-limb paths) with dense exponents, `q·2^k`, powers of two, long
    /// bases, moduli near `2^(64n)` and `2^(64n-1)`, exponents on the window edges.
    ModexpEdge,
    /// BN254 pairings whose G2 point is on the twist with a single cofactor component (order
    /// 10069, 5864401, 1875725156269 or the 177-bit prime), alone or plus a G2 point.
    Bn254G2Cofactor,
    /// BLS12-381 G1ADD, G1MSM and PAIRING_CHECK with a G1 point of one small prime order of the
    /// cofactor (alone or plus a subgroup point): `T + T`, `T + (-T)`, `T + Q`, `T + O`.
    BlsG1Cofactor,
    /// As [`Family::BlsG1Cofactor`] for G2 (G2ADD, G2MSM, PAIRING_CHECK).
    BlsG2Cofactor,
    /// POINT_EVALUATION coincidences ([`super::Coincidence`]): commitment equal to the proof,
    /// `z = 0`, `y = 0`, the G1 side `C - [y]G1 + [z]π` at infinity, the proof at infinity.
    KzgCoincidence,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 5] = [
        Family::ModexpEdge,
        Family::Bn254G2Cofactor,
        Family::BlsG1Cofactor,
        Family::BlsG2Cofactor,
        Family::KzgCoincidence,
    ];

    /// The family's name on the command line (`cargo xtask diff --family NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Family::ModexpEdge => "modexp-edge",
            Family::Bn254G2Cofactor => "bn254-g2-cofactor",
            Family::BlsG1Cofactor => "bls-g1-cofactor",
            Family::BlsG2Cofactor => "bls-g2-cofactor",
            Family::KzgCoincidence => "kzg-coincidence",
        }
    }

    /// The family named `name` (case-insensitive, `_` for `-` accepted); `None` for no family.
    pub fn from_name(name: &str) -> Option<Family> {
        let name = name.to_ascii_lowercase().replace('_', "-");
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The precompiles the family has inputs for.
    pub fn precompiles(self) -> &'static [PrecompileId] {
        use PrecompileId as P;
        match self {
            Family::ModexpEdge => &[P::Modexp],
            Family::Bn254G2Cofactor => &[P::Bn254Pairing],
            Family::BlsG1Cofactor => &[P::BlsG1Add, P::BlsG1Msm, P::BlsPairing],
            Family::BlsG2Cofactor => &[P::BlsG2Add, P::BlsG2Msm, P::BlsPairing],
            Family::KzgCoincidence => &[P::PointEvaluation],
        }
    }

    /// One input of the family for `id`; `None` when the family has none for `id`.
    pub fn generate(self, id: PrecompileId, rng: &mut Rng, pool: &super::Pool) -> Option<Vec<u8>> {
        use PrecompileId as P;
        if !self.precompiles().contains(&id) {
            return None;
        }
        let (bls, bn) = (|| pool.bls12_381(), || pool.bn254());
        Some(match (self, id) {
            (Family::ModexpEdge, _) => modexp_edge(rng),
            (Family::KzgCoincidence, _) => kzg::coincidence(rng, pool),
            (Family::Bn254G2Cofactor, _) => small_pairing(rng, &bn().g1, &bn().g2, Side::G2),
            (Family::BlsG1Cofactor, P::BlsG1Add) => small_add(rng, &bls().g1),
            (Family::BlsG2Cofactor, P::BlsG2Add) => small_add(rng, &bls().g2),
            (Family::BlsG1Cofactor, P::BlsG1Msm) => small_msm(rng, &bls().g1),
            (Family::BlsG2Cofactor, P::BlsG2Msm) => small_msm(rng, &bls().g2),
            (Family::BlsG1Cofactor, _) => small_pairing(rng, &bls().g1, &bls().g2, Side::G1),
            (Family::BlsG2Cofactor, _) => small_pairing(rng, &bls().g1, &bls().g2, Side::G2),
        })
    }
}

impl core::fmt::Display for Family {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The percentage of [`super::generate`]'s inputs for `id` drawn from its families: a quarter
/// of MODEXP's, a tenth of the others' that have a family, none for the rest.
pub fn family_share(id: PrecompileId) -> u64 {
    match id {
        PrecompileId::Modexp => 25,
        _ if Family::ALL.iter().any(|f| f.precompiles().contains(&id)) => 10,
        _ => 0,
    }
}

/// Whether [`super::generate`] takes this case from a family, and which: draws from `rng` only
/// when `id` has a family (the streams of the other precompiles are unchanged).
pub(super) fn drawn(id: PrecompileId, rng: &mut Rng) -> Option<Family> {
    let share = family_share(id);
    if share == 0 || !rng.percent(share) {
        return None;
    }
    let families: Vec<Family> = Family::ALL
        .into_iter()
        .filter(|f| f.precompiles().contains(&id))
        .collect();
    Some(if families.len() == 1 {
        families[0]
    } else {
        *rng.pick(&families)
    })
}

/// A point with one small-order component (the group has some for every family that calls
/// this), or the point at infinity if it has none.
fn small<A: AffineRepr + Neg<Output = A>>(rng: &mut Rng, g: &Group<A>) -> A {
    g.with_small_component(rng).unwrap_or_else(A::zero)
}

/// ADD `(T, Q)` in either order, `T` with a small component and `Q` one of `T` (doubling),
/// `-T` (infinity), another such point, infinity, or a subgroup point.
fn small_add<A: AffineRepr + Neg<Output = A>>(rng: &mut Rng, g: &Group<A>) -> Vec<u8> {
    let t = small(rng, g);
    let q = match rng.below(6) {
        0 => t,
        1 => -t,
        2 => small(rng, g),
        3 => A::zero(),
        _ => g.valid(rng),
    };
    let (a, b) = if rng.percent(50) { (t, q) } else { (q, t) };
    [g.enc(&a), g.enc(&b)].concat()
}

/// MSM of 1 ..= 4 pairs, one point with a small component (its scalar zero in 30%: the
/// subgroup check does not depend on the scalar), the others subgroup points.
fn small_msm<A: AffineRepr + Neg<Output = A>>(rng: &mut Rng, g: &Group<A>) -> Vec<u8> {
    let pairs = rng.range(1, 4);
    let at = rng.below(pairs as u64) as usize;
    let mut input = Vec::new();
    for i in 0..pairs {
        if i == at {
            input.extend(g.enc(&small(rng, g)));
            input.extend(if rng.percent(30) {
                vec![0; 32]
            } else {
                bls12_381::msm_scalar(rng)
            });
        } else {
            input.extend(g.enc(&g.valid(rng)));
            input.extend(bls12_381::msm_scalar(rng));
        }
    }
    input
}

/// Which side of a pairing gets the small-order point.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    G1,
    G2,
}

/// A pairing of 1 ..= 3 pairs, one of whose `side` point has a small component; its partner
/// a subgroup point or (20%) infinity (the check must not be skipped then); each other pair
/// valid, or (30%) the small pair's balancing `(-P, Q)`.
fn small_pairing<A, B>(rng: &mut Rng, g1: &Group<A>, g2: &Group<B>, side: Side) -> Vec<u8>
where
    A: AffineRepr + Neg<Output = A>,
    B: AffineRepr + Neg<Output = B>,
{
    let pairs = rng.range(1, 3);
    let at = rng.below(pairs as u64) as usize;
    let partner_at_infinity = rng.percent(20);
    let (p, q) = match side {
        Side::G1 => (small(rng, g1), g2.valid(rng)),
        Side::G2 => (g1.valid(rng), small(rng, g2)),
    };
    let (p, q) = match (partner_at_infinity, side) {
        (true, Side::G1) => (p, B::zero()),
        (true, Side::G2) => (A::zero(), q),
        _ => (p, q),
    };
    let mut input = Vec::new();
    for i in 0..pairs {
        let (a, b) = if i == at {
            (p, q)
        } else if rng.percent(30) {
            (-p, q)
        } else {
            (g1.valid(rng), g2.valid(rng))
        };
        input.extend(g1.enc(&a));
        input.extend(g2.enc(&b));
    }
    input
}

#[cfg(test)]
mod tests {
    use super::super::{case_rng, generate, Pool};
    use super::*;
    use precompile::{bls12_381 as bls, Group as G, PrecompileError as E};

    #[test]
    fn names_round_trip_and_every_family_has_a_share() {
        for f in Family::ALL {
            assert_eq!(Family::from_name(f.name()), Some(f));
            assert_eq!(
                Family::from_name(&f.name().to_uppercase().replace('-', "_")),
                Some(f)
            );
            assert!(f.precompiles().iter().all(|&id| family_share(id) > 0));
        }
        assert_eq!(Family::from_name("nope"), None);
        assert_eq!(family_share(PrecompileId::Sha256), 0);
    }

    /// The CI run (seed 1, 2,000 cases per precompile) takes a share of each family's
    /// precompiles from it, and a drawn case is exactly the family's input.
    #[test]
    fn generate_draws_from_the_families() {
        let pool = Pool::new(1, 2);
        for f in Family::ALL {
            for &id in f.precompiles() {
                let mut drawn_here = 0;
                for i in 0..2000 {
                    let mut rng = case_rng(1, id.number(), i);
                    if drawn(id, &mut rng) != Some(f) {
                        continue;
                    }
                    drawn_here += 1;
                    // Replaying the case: generate must give the family's input (checked on
                    // the first few, the generators cost).
                    if drawn_here <= 3 {
                        let expected = f.generate(id, &mut rng, &pool);
                        let got = generate(id, &mut case_rng(1, id.number(), i), &pool);
                        assert_eq!(Some(got), expected, "{f} {id:?} case {i}");
                    }
                }
                assert!(drawn_here >= 50, "{f} {id:?}: {drawn_here} of 2000");
            }
        }
    }

    /// The cofactor families reach the paths they aim at: ADD accepts the points (EIP-2537's
    /// ADD has no subgroup check; `Pool`'s points are checked to lie outside the subgroup by
    /// `cofactor_points_reach_the_subgroup_checks`), MSM and the pairings reject every input
    /// with their subgroup error.
    #[test]
    fn cofactor_families_reach_the_subgroup_checks() {
        let pool = Pool::new(3, 2);
        let mut rng = Rng::new(21);
        for _ in 0..40 {
            let f = Family::BlsG1Cofactor;
            let add = f.generate(PrecompileId::BlsG1Add, &mut rng, &pool).unwrap();
            assert!(bls::g1_add::PRAGUE.run(&add, 1 << 20).is_ok());
            let add2 = Family::BlsG2Cofactor.generate(PrecompileId::BlsG2Add, &mut rng, &pool);
            assert!(bls::g2_add::PRAGUE.run(&add2.unwrap(), 1 << 20).is_ok());
            for (f, id, msm, g) in [
                (f, PrecompileId::BlsG1Msm, bls::g1_msm::PRAGUE, G::G1),
                (
                    Family::BlsG2Cofactor,
                    PrecompileId::BlsG2Msm,
                    bls::g2_msm::PRAGUE,
                    G::G2,
                ),
            ] {
                let input = f.generate(id, &mut rng, &pool).unwrap();
                assert_eq!(msm.run(&input, 1 << 24), Err(E::BlsPointNotInSubgroup(g)));
                let input = f
                    .generate(PrecompileId::BlsPairing, &mut rng, &pool)
                    .unwrap();
                assert_eq!(
                    bls::pairing::PRAGUE.run(&input, 1 << 24),
                    Err(E::BlsPointNotInSubgroup(g))
                );
            }
            let f = Family::Bn254G2Cofactor;
            let input = f
                .generate(PrecompileId::Bn254Pairing, &mut rng, &pool)
                .unwrap();
            assert_eq!(
                precompile::bn254::pairing::ISTANBUL.run(&input, 1 << 24),
                Err(E::Bn254G2NotInSubgroup)
            );
        }
    }
}
