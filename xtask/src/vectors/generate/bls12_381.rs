//! BLS12-381 (0x0b-0x11, EIP-2537) inputs: generators, multiples computed by the oracle,
//! points outside the subgroup from go-ethereum's failure vectors, and encoding errors.
use super::bytes::*;
use super::{named, oracle, NamedInput, GEN_LIMIT};
use crate::vectors::Target;
use precompile::Fork;
use testkit::constants;

/// BLS12-381 points and helpers (EIP-2537 encodings).
pub(super) struct Bls {
    g1: Vec<u8>,
    g2: Vec<u8>,
    g1_bad_subgroup: Vec<u8>,
    g2_bad_subgroup: Vec<u8>,
}

impl Bls {
    pub(super) fn new() -> Self {
        Self {
            g1: h("0000000000000000000000000000000017f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb0000000000000000000000000000000008b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"),
            g2: h("00000000000000000000000000000000024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb80000000000000000000000000000000013e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e000000000000000000000000000000000ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801000000000000000000000000000000000606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be"),
            // From go-ethereum's fail-blsG1Mul.json / fail-blsG2Mul.json.
            g1_bad_subgroup: h("000000000000000000000000000000000123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef00000000000000000000000000000000193fb7cedb32b2c3adc06ec11a96bc0d661869316f5e4a577a9f7c179593987beb4fb2ee424dbb2f5dd891e228b46c4a"),
            g2_bad_subgroup: h("00000000000000000000000000000000197bfd0342bbc8bee2beced2f173e1a87be576379b343e93232d6cef98d84b1d696e5612ff283ce2cfdccb2cfb65fa0c00000000000000000000000000000000184e811f55e6f9d84d77d2f79102fd7ea7422f4759df5bf7f6331d550245e3f1bcf6a30e3b29110d85e0ca16f9f6ae7a000000000000000000000000000000000f10e1eb3c1e53d2ad9cf2d398b2dc22c5842fab0a74b174f691a7e914975da3564d835cd7d2982815b8ac57f507348f000000000000000000000000000000000767d1c453890f1b9110fda82f5815c27281aba3f026ee868e4176a0654feea41a96575e0c4d58a14dbfbcc05b5010b1"),
        }
    }

    fn gen(&self, group: u8) -> &[u8] {
        if group == 1 {
            &self.g1
        } else {
            &self.g2
        }
    }

    fn bad_subgroup(&self, group: u8) -> &[u8] {
        if group == 1 {
            &self.g1_bad_subgroup
        } else {
            &self.g2_bad_subgroup
        }
    }

    /// `k * G` computed with the oracle's MSM.
    fn mul(&self, group: u8, k: &[u8]) -> Vec<u8> {
        let number = if group == 1 { 0x0c } else { 0x0e };
        let input = cat(&[self.gen(group), &lpad(k, 32)]);
        oracle(
            Target::Mainnet {
                number,
                fork: Fork::Prague,
            },
            &input,
            GEN_LIMIT,
        )
        .expect("bls msm of the generator")
        .0
    }

    fn neg(&self, group: u8) -> Vec<u8> {
        self.mul(group, &sub_small(&h(constants::BLS12_381_R), 1))
    }

    /// The generator with its last coordinate's last byte changed (off the curve).
    fn off_curve(&self, group: u8) -> Vec<u8> {
        let mut v = self.gen(group).to_vec();
        let last = v.len() - 1;
        v[last] ^= 1;
        v
    }

    /// The generator with a non-zero byte in its first coordinate's 16-byte padding.
    fn bad_padding(&self, group: u8) -> Vec<u8> {
        let mut v = self.gen(group).to_vec();
        v[0] = 1;
        v
    }

    /// The generator with its first coordinate replaced by p.
    fn x_is_p(&self, group: u8) -> Vec<u8> {
        let mut v = self.gen(group).to_vec();
        v[..64].copy_from_slice(&lpad(&h(constants::BLS12_381_P), 64));
        v
    }

    pub(super) fn add(&self, group: u8) -> Vec<NamedInput> {
        let g = self.gen(group).to_vec();
        let inf = vec![0u8; g.len()];
        let two = self.mul(group, &[2]);
        let pair = cat(&[&g, &two]);
        vec![
            named("G+2G", pair.clone()),
            named("G+G (doubling)", cat(&[&g, &g])),
            named("G+(-G)", cat(&[&g, &self.neg(group)])),
            named("G+inf", cat(&[&g, &inf])),
            named("inf+inf", cat(&[&inf, &inf])),
            named(
                "point outside the subgroup (no subgroup check in ADD)",
                cat(&[self.bad_subgroup(group), &g]),
            ),
            named("empty input", vec![]),
            named("one byte short", pair[..pair.len() - 1].to_vec()),
            named("one byte long", cat(&[&pair, &[0]])),
            named("one point only", g.clone()),
            named("not on curve", cat(&[&g, &self.off_curve(group)])),
            named("non-zero padding", cat(&[&self.bad_padding(group), &g])),
            named("x = p", cat(&[&g, &self.x_is_p(group)])),
        ]
    }

    pub(super) fn msm(&self, group: u8) -> Vec<NamedInput> {
        let g = self.gen(group).to_vec();
        let inf = vec![0u8; g.len()];
        let r = h(constants::BLS12_381_R);
        let pair = |p: &[u8], k: &[u8]| cat(&[p, &lpad(k, 32)]);
        let mut out = vec![
            named("k=1, scalar 0", pair(&g, &[0])),
            named("k=1, scalar 1", pair(&g, &[1])),
            named("k=1, scalar 2", pair(&g, &[2])),
            named("k=1, scalar r", pair(&g, &r)),
            named("k=1, scalar r-1", pair(&g, &sub_small(&r, 1))),
            named("k=1, scalar r+1", pair(&g, &add_small(&r, 1))),
            named("k=1, scalar 2^256-1", pair(&g, &[0xff; 32])),
            named("k=1, infinity, scalar 5", pair(&inf, &[5])),
            named(
                "k=2, G*1 + (-G)*1",
                cat(&[&pair(&g, &[1]), &pair(&self.neg(group), &[1])]),
            ),
            named("empty input (k=0)", vec![]),
            named("one byte short", pair(&g, &[1])[..g.len() + 31].to_vec()),
            named("one byte long", cat(&[&pair(&g, &[1]), &[0]])),
            named("not in subgroup", pair(self.bad_subgroup(group), &[1])),
            named(
                "not in subgroup, scalar 0",
                pair(self.bad_subgroup(group), &[0]),
            ),
            named(
                "second pair not in subgroup",
                cat(&[&pair(&g, &[1]), &pair(self.bad_subgroup(group), &[1])]),
            ),
            named("not on curve", pair(&self.off_curve(group), &[1])),
            named("non-zero padding", pair(&self.bad_padding(group), &[1])),
            named("x = p", pair(&self.x_is_p(group), &[1])),
        ];
        // The discount table's breakpoints (it is flat from k = 128 on).
        for k in [2usize, 3, 4, 8, 16, 64, 127, 128, 129] {
            let input: Vec<u8> = (0..k)
                .flat_map(|i| pair(&g, &[(i as u8).wrapping_mul(13).wrapping_add(1), 0x42]))
                .collect();
            out.push(named(format!("k={k}"), input));
        }
        out
    }

    pub(super) fn pairing(&self) -> Vec<NamedInput> {
        let (g1, g2) = (self.g1.clone(), self.g2.clone());
        let (inf1, inf2) = (vec![0u8; 128], vec![0u8; 256]);
        let pair = cat(&[&g1, &g2]);
        vec![
            named("e(G1,G2)", pair.clone()),
            named("e(G1,G2)*e(-G1,G2)", cat(&[&pair, &self.neg(1), &g2])),
            named("e(G1,G2)*e(G1,-G2)", cat(&[&pair, &g1, &self.neg(2)])),
            named(
                "e(2G1,G2)*e(-G1,2G2) ... not 1",
                cat(&[&self.mul(1, &[2]), &g2, &self.neg(1), &self.mul(2, &[3])]),
            ),
            named(
                "e(2G1,G2)*e(-G1,2G2)",
                cat(&[&self.mul(1, &[2]), &g2, &self.neg(1), &self.mul(2, &[2])]),
            ),
            named("e(inf,G2)", cat(&[&inf1, &g2])),
            named("e(G1,inf)", cat(&[&g1, &inf2])),
            named("3 pairs", cat(&[&pair, &pair, &inf1, &inf2])),
            named("empty input (k=0)", vec![]),
            named("one byte short", pair[..383].to_vec()),
            named("one byte long", cat(&[&pair, &[0]])),
            named("G1 not in subgroup", cat(&[&self.g1_bad_subgroup, &g2])),
            named("G2 not in subgroup", cat(&[&g1, &self.g2_bad_subgroup])),
            named("G1 not on curve", cat(&[&self.off_curve(1), &g2])),
            named("G2 not on curve", cat(&[&g1, &self.off_curve(2)])),
            named("G1 non-zero padding", cat(&[&self.bad_padding(1), &g2])),
            named("G2 x = p", cat(&[&g1, &self.x_is_p(2)])),
        ]
    }

    pub(super) fn map(&self, group: u8) -> Vec<NamedInput> {
        let n = if group == 1 { 1 } else { 2 };
        let fp = |v: &[u8]| lpad(v, 64);
        let p = h(constants::BLS12_381_P);
        let some = fp(&h("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffff0000"));
        let input = |e: &[u8]| -> Vec<u8> { (0..n).flat_map(|_| e.to_vec()).collect() };
        let mut padded = some.clone();
        padded[15] = 1;
        let mut out = vec![
            named("u = 0", input(&fp(&[0]))),
            named("u = 1", input(&fp(&[1]))),
            named("u = p-1", input(&fp(&sub_small(&p, 1)))),
            named("u = some element", input(&some)),
            named("u = p", input(&fp(&p))),
            named("u = p+1", input(&fp(&add_small(&p, 1)))),
            named("non-zero padding", input(&padded)),
            named("empty input", vec![]),
            named("one byte short", input(&some)[1..].to_vec()),
            named("one byte long", cat(&[&input(&some), &[0]])),
        ];
        if group == 2 {
            out.push(named("second element = p", cat(&[&fp(&[1]), &fp(&p)])));
            out.push(named("c0 = 0, c1 = 1", cat(&[&fp(&[0]), &fp(&[1])])));
        }
        out
    }
}
