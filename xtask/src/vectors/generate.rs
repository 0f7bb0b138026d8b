//! `cargo xtask vectors --generate`: writes the project's own vectors (`vectors/*.json`) with
//! `revm-precompile` 43 as the oracle.
//!
//! Each file lists hand-picked inputs (the edge cases of each precompile: every failure path,
//! every length rule's boundary, the gas rule's breakpoints); `Expected`/`Gas` or
//! `ExpectedError` are whatever revm-precompile returns for them. Points, signatures and proofs
//! come from the EIPs' and go-ethereum's published vectors, from arkworks (a BN254 G2 point
//! outside the subgroup) or are computed with revm-precompile itself (multiples, negations).

use super::Target;
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, PrimeField};
use precompile::revm::precompile_spec_id;
use precompile::Fork;
use revm_precompile::PrecompileStatus;
use serde_json::{json, Value};
use std::path::Path;

/// The gas limit the oracle runs with unless a case gives its own (more than any block has).
const GEN_LIMIT: u64 = 1 << 40;

/// One input to record.
struct Spec {
    name: String,
    input: Vec<u8>,
    /// An explicit gas limit (recorded as `GasLimit` when the call fails).
    gas_limit: Option<u64>,
}

fn spec(name: impl Into<String>, input: Vec<u8>) -> Spec {
    Spec {
        name: name.into(),
        input,
        gas_limit: None,
    }
}

fn spec_limit(name: impl Into<String>, input: Vec<u8>, limit: u64) -> Spec {
    Spec {
        name: name.into(),
        input,
        gas_limit: Some(limit),
    }
}

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).expect("generator hex constant")
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// `n` as a 32-byte big-endian word.
fn word(n: u64) -> Vec<u8> {
    let mut w = vec![0u8; 32];
    w[24..].copy_from_slice(&n.to_be_bytes());
    w
}

/// Left-pads `v` with zeros to `len` bytes.
fn lpad(v: &[u8], len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len - v.len()];
    out.extend_from_slice(v);
    out
}

/// Adds `k` (small) to the big-endian integer `v` (wrapping).
fn add_small(v: &[u8], k: u8) -> Vec<u8> {
    let mut out = v.to_vec();
    let mut carry = k as u16;
    for b in out.iter_mut().rev() {
        let s = *b as u16 + carry;
        *b = s as u8;
        carry = s >> 8;
        if carry == 0 {
            break;
        }
    }
    out
}

/// Subtracts `k` (small) from the big-endian integer `v` (wrapping).
fn sub_small(v: &[u8], k: u8) -> Vec<u8> {
    let mut out = v.to_vec();
    let mut borrow = k as i16;
    for b in out.iter_mut().rev() {
        let s = *b as i16 - borrow;
        *b = s.rem_euclid(256) as u8;
        borrow = if s < 0 { 1 } else { 0 };
        if borrow == 0 {
            break;
        }
    }
    out
}

/// The oracle: revm-precompile's result for `input` at `limit`: `Ok((output, gas))` or
/// `Err(error text)`.
fn oracle(target: Target, input: &[u8], limit: u64) -> Result<(Vec<u8>, u64), String> {
    let p = match target {
        Target::P256Rip7212 => &revm_precompile::secp256r1::P256VERIFY,
        Target::Mainnet { number, fork } => {
            revm_precompile::Precompiles::new(precompile_spec_id(fork))
                .get(&revm_precompile::u64_to_address(number as u64))
                .expect("revm has the precompile at this fork")
        }
    };
    match p.execute(input, limit, 0) {
        Ok(out) => match out.status {
            PrecompileStatus::Success => Ok((out.bytes.to_vec(), out.gas_used)),
            PrecompileStatus::Halt(h) => Err(h.to_string()),
            PrecompileStatus::Revert => Err("revert".into()),
        },
        Err(e) => Err(e.to_string()),
    }
}

/// Runs the oracle over `specs` and writes `dir/file`.
fn write_file(dir: &Path, file: &str, target: Target, specs: &[Spec]) -> Result<usize, String> {
    let mut cases = Vec::new();
    for s in specs {
        let limit = s.gas_limit.unwrap_or(GEN_LIMIT);
        let case: Value = match oracle(target, &s.input, limit) {
            Ok((out, gas)) => json!({
                "Input": hex::encode(&s.input),
                "Expected": hex::encode(out),
                "Name": s.name,
                "Gas": gas,
                "NoBenchmark": true,
            }),
            Err(err) => {
                let mut c = json!({
                    "Input": hex::encode(&s.input),
                    "ExpectedError": err,
                    "Name": s.name,
                });
                if s.gas_limit.is_some() || err == "out of gas" {
                    c["GasLimit"] = json!(limit);
                }
                c
            }
        };
        cases.push(case);
    }
    let text = serde_json::to_string_pretty(&cases).map_err(|e| e.to_string())?;
    std::fs::write(dir.join(file), text + "\n").map_err(|e| format!("{file}: {e}"))?;
    Ok(cases.len())
}

/// Writes every vector file into `dir`.
pub fn generate(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let m = |number, fork| Target::Mainnet { number, fork };
    let mut files: Vec<(String, Target, Vec<Spec>)> = vec![
        (
            "ecRecover_homestead.json".into(),
            m(0x01, Fork::Homestead),
            ecrecover(),
        ),
        (
            "sha256_homestead.json".into(),
            m(0x02, Fork::Homestead),
            hashes(),
        ),
        (
            "ripemd160_homestead.json".into(),
            m(0x03, Fork::Homestead),
            hashes(),
        ),
        (
            "identity_homestead.json".into(),
            m(0x04, Fork::Homestead),
            hashes(),
        ),
        (
            "blake2F_istanbul.json".into(),
            m(0x09, Fork::Istanbul),
            blake2f(),
        ),
        (
            "pointEvaluation_cancun.json".into(),
            m(0x0a, Fork::Cancun),
            point_evaluation(),
        ),
        (
            "p256Verify_osaka.json".into(),
            m(0x100, Fork::Osaka),
            p256(),
        ),
        ("p256VerifyRip7212.json".into(), Target::P256Rip7212, p256()),
    ];
    for fork in [Fork::Byzantium, Fork::Berlin, Fork::Osaka] {
        files.push((
            format!("modexp_{}.json", fork.name().to_ascii_lowercase()),
            m(0x05, fork),
            modexp(),
        ));
    }
    for fork in [Fork::Byzantium, Fork::Istanbul] {
        let f = fork.name().to_ascii_lowercase();
        files.push((format!("bn256Add_{f}.json"), m(0x06, fork), bn_add()));
        files.push((format!("bn256ScalarMul_{f}.json"), m(0x07, fork), bn_mul()));
        files.push((
            format!("bn256Pairing_{f}.json"),
            m(0x08, fork),
            bn_pairing(),
        ));
    }
    let bls = Bls::new();
    let prague = |n| m(n, Fork::Prague);
    files.push(("blsG1Add_prague.json".into(), prague(0x0b), bls.add(1)));
    files.push(("blsG1MultiExp_prague.json".into(), prague(0x0c), bls.msm(1)));
    files.push(("blsG2Add_prague.json".into(), prague(0x0d), bls.add(2)));
    files.push(("blsG2MultiExp_prague.json".into(), prague(0x0e), bls.msm(2)));
    files.push(("blsPairing_prague.json".into(), prague(0x0f), bls.pairing()));
    files.push(("blsMapG1_prague.json".into(), prague(0x10), bls.map(1)));
    files.push(("blsMapG2_prague.json".into(), prague(0x11), bls.map(2)));

    let mut total = 0;
    for (file, target, specs) in &files {
        let n = write_file(dir, file, *target, specs)?;
        println!("wrote {}: {n} cases", dir.join(file).display());
        total += n;
    }
    println!("{total} cases in {} files", files.len());
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// 0x01-0x04

/// secp256k1 group order.
const SECP256K1_N: &str = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

fn ecrecover() -> Vec<Spec> {
    // go-ethereum's `ValidKey` vector: hash, v = 28, r, s.
    let hash = h("18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c");
    let r = h("73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75f");
    let s = h("eeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549");
    let n = h(SECP256K1_N);
    let with = |v: &[u8], r: &[u8], s: &[u8]| cat(&[&hash, v, r, s]);
    let valid = with(&word(28), &r, &s);
    let mut v_high = word(28);
    v_high[0] = 1;
    let mut out = vec![
        spec("valid v=28", valid.clone()),
        spec("v=27 (other parity)", with(&word(27), &r, &s)),
        spec("v=0", with(&word(0), &r, &s)),
        spec("v=1", with(&word(1), &r, &s)),
        spec("v=29", with(&word(29), &r, &s)),
        spec("v=28 with a high byte set", with(&v_high, &r, &s)),
        spec("r=0", with(&word(28), &word(0), &s)),
        spec("s=0", with(&word(28), &r, &word(0))),
        spec("r=n", with(&word(28), &n, &s)),
        spec("s=n", with(&word(28), &r, &n)),
        spec("r=n-1", with(&word(28), &sub_small(&n, 1), &s)),
        spec("s=n-1", with(&word(28), &r, &sub_small(&n, 1))),
        spec("r=2^256-1", with(&word(28), &[0xff; 32], &s)),
        spec("hash=0", cat(&[&[0u8; 32], &word(28), &r, &s])),
        spec("empty input", vec![]),
        spec("127 bytes (zero-padded s)", valid[..127].to_vec()),
        spec("129 bytes (extra byte ignored)", cat(&[&valid, &[0xab]])),
        spec("64 bytes (hash and v only)", valid[..64].to_vec()),
    ];
    // High-s twin of the signature: s' = n - s, recovers with the other parity.
    let s_high = sub_be(&n, &s);
    out.push(spec("high s (n-s), v=27", with(&word(27), &r, &s_high)));
    out.push(spec("high s (n-s), v=28", with(&word(28), &r, &s_high)));
    out
}

/// `a - b` for equal-length big-endian integers with `a >= b`.
fn sub_be(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; a.len()];
    let mut borrow = 0i16;
    for i in (0..a.len()).rev() {
        let d = a[i] as i16 - b[i] as i16 - borrow;
        out[i] = d.rem_euclid(256) as u8;
        borrow = if d < 0 { 1 } else { 0 };
    }
    out
}

fn hashes() -> Vec<Spec> {
    [0usize, 1, 31, 32, 33, 63, 64, 65, 1024]
        .into_iter()
        .map(|len| {
            let input: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
            spec(format!("{len} bytes"), input)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// 0x05 MODEXP

fn modexp_input(b_len: &[u8], e_len: &[u8], m_len: &[u8], body: &[u8]) -> Vec<u8> {
    cat(&[&lpad(b_len, 32), &lpad(e_len, 32), &lpad(m_len, 32), body])
}

fn mx(b: &[u8], e: &[u8], m: &[u8]) -> Vec<u8> {
    let len = |v: &[u8]| word(v.len() as u64);
    modexp_input(&len(b), &len(e), &len(m), &cat(&[b, e, m]))
}

fn modexp() -> Vec<Spec> {
    let ff = [0xffu8; 32];
    let odd32: Vec<u8> = (0..32u8).map(|i| i.wrapping_mul(37) | 1).collect();
    let val = |len: usize, seed: u8| -> Vec<u8> {
        (0..len)
            .map(|i| (i as u8).wrapping_mul(seed).wrapping_add(seed) | 0x80)
            .collect()
    };
    let mut out = vec![
        spec("empty input", vec![]),
        spec("header only, all lengths 0", vec![0; 96]),
        spec("95-byte header", vec![0; 95]),
        spec("3^5 mod 7", mx(&[3], &[5], &[7])),
        spec("0^0 mod 5", mx(&[0], &[0], &[5])),
        spec("mod 0 (1 byte)", mx(&[3], &[5], &[0])),
        spec("mod 1", mx(&[3], &[5], &[1])),
        spec("even modulus", mx(&[3], &[200], &[100])),
        spec("mod_len 0, base_len 1", mx(&[3], &[5], &[])),
        spec("base_len 0", mx(&[], &[5], &[7])),
        spec("exp_len 0", mx(&[3], &[], &[7])),
        spec("32-byte operands, exp 0", mx(&val(32, 3), &[0; 32], &odd32)),
        spec("32-byte operands, exp 1", mx(&val(32, 3), &word(1), &odd32)),
        spec(
            "32-byte operands, exp 2^255",
            mx(&val(32, 3), &cat(&[&[0x80], &[0; 31]]), &odd32),
        ),
        spec(
            "32-byte operands, exp 2^256-1",
            mx(&val(32, 3), &ff, &odd32),
        ),
        spec("33-byte base", mx(&val(33, 5), &[3], &odd32)),
        spec("33-byte modulus", mx(&[3], &[3], &val(33, 5))),
        spec(
            "33-byte exponent, head 0",
            mx(&[3], &cat(&[&[0; 32], &[3]]), &[7]),
        ),
        spec(
            "33-byte exponent, head 1",
            mx(&[3], &cat(&[&[0; 31], &[1], &[3]]), &[7]),
        ),
        spec(
            "64-byte exponent, head 0, tail 1",
            mx(&[3], &cat(&[&[0; 63], &[1]]), &[7]),
        ),
        spec(
            "64-byte exponent, head 2^255",
            mx(&[3], &cat(&[&[0x80], &[0; 63]]), &[7]),
        ),
        spec(
            "64-byte operands",
            mx(&val(64, 7), &val(8, 9), &val(64, 11)),
        ),
        spec(
            "65-byte operands",
            mx(&val(65, 7), &val(8, 9), &val(65, 11)),
        ),
        spec(
            "96-byte modulus, even",
            mx(&val(96, 7), &val(3, 9), &cat(&[&val(95, 11), &[2]])),
        ),
        spec("input shorter than the lengths (zero-padded)", {
            let mut v = mx(&val(32, 3), &[5], &odd32);
            v.truncate(96 + 40);
            v
        }),
        spec(
            "extra bytes after the modulus",
            cat(&[&mx(&[3], &[5], &[7]), &[0xee; 10]]),
        ),
    ];
    // The EIP-7823 bound: 1024 allowed, 1025 rejected (operands mostly zero-padded).
    for (what, idx) in [("base", 0usize), ("exp", 1), ("mod", 2)] {
        for len in [1024u64, 1025] {
            let mut lens = [word(1), word(1), word(1)];
            lens[idx] = word(len);
            let body: Vec<u8> = vec![0x5a; 64];
            out.push(spec(
                format!("{what}_len {len}"),
                modexp_input(&lens[0], &lens[1], &lens[2], &body),
            ));
        }
    }
    out.push(spec(
        "base_len=mod_len=1024, exp 3",
        mx(&val(1024, 3), &[3], &val(1024, 5)),
    ));
    // Huge length fields: charged (or rejected) before anything is allocated.
    let huge = [0xffu8; 32];
    let two64 = cat(&[&[0u8; 23], &[1], &[0; 8]]);
    let limit = 100_000_000;
    out.extend([
        spec_limit(
            "base_len 2^256-1",
            modexp_input(&huge, &word(1), &word(1), &[]),
            limit,
        ),
        spec_limit(
            "exp_len 2^256-1",
            modexp_input(&word(1), &huge, &word(1), &[]),
            limit,
        ),
        spec_limit(
            "mod_len 2^256-1",
            modexp_input(&word(1), &word(1), &huge, &[]),
            limit,
        ),
        spec_limit(
            "exp_len 2^256-1, base_len=mod_len=0",
            modexp_input(&word(0), &huge, &word(0), &[]),
            limit,
        ),
        spec_limit(
            "exp_len 2^64, base_len=mod_len=0",
            modexp_input(&word(0), &two64, &word(0), &[]),
            limit,
        ),
        spec_limit(
            "mod_len 2^64",
            modexp_input(&word(1), &word(1), &two64, &[]),
            limit,
        ),
        spec_limit(
            "exp_len 2^32, exp head 0, 1-byte operands",
            modexp_input(&word(1), &word(1 << 32), &word(1), &[]),
            limit,
        ),
    ]);
    out
}

// ---------------------------------------------------------------------------------------------
// 0x06-0x08 BN254

const BN_P: &str = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
const BN_N: &str = "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";

fn bn_g1() -> Vec<u8> {
    cat(&[&word(1), &word(2)])
}

fn bn_neg_g1() -> Vec<u8> {
    cat(&[&word(1), &sub_small(&h(BN_P), 2)])
}

fn fq_be(x: &ark_bn254::Fq) -> Vec<u8> {
    lpad(&x.into_bigint().to_bytes_be(), 32)
}

/// A G2 point in the EVM encoding: `x.c1, x.c0, y.c1, y.c0`.
fn bn_g2_bytes(p: &ark_bn254::G2Affine) -> Vec<u8> {
    cat(&[
        &fq_be(&p.x.c1),
        &fq_be(&p.x.c0),
        &fq_be(&p.y.c1),
        &fq_be(&p.y.c0),
    ])
}

fn bn_g2() -> Vec<u8> {
    bn_g2_bytes(&ark_bn254::G2Affine::generator())
}

/// A point on the twist that is not in the order-n subgroup.
fn bn_g2_not_in_subgroup() -> Vec<u8> {
    for i in 1u64.. {
        let x = ark_bn254::Fq2::new(ark_bn254::Fq::from(i), ark_bn254::Fq::from(1u64));
        if let Some(p) = ark_bn254::G2Affine::get_point_from_x_unchecked(x, false) {
            if p.is_on_curve() && !p.is_in_correct_subgroup_assuming_on_curve() {
                return bn_g2_bytes(&p);
            }
        }
    }
    unreachable!()
}

fn bn_add() -> Vec<Spec> {
    let g = bn_g1();
    let inf = vec![0u8; 64];
    let p = h(BN_P);
    vec![
        spec("G+G", cat(&[&g, &g])),
        spec("G+(-G)", cat(&[&g, &bn_neg_g1()])),
        spec("G+inf", cat(&[&g, &inf])),
        spec("inf+inf", cat(&[&inf, &inf])),
        spec("empty input", vec![]),
        spec("64 bytes (second point zero-padded)", g.clone()),
        spec("127 bytes", cat(&[&g, &g])[..127].to_vec()),
        spec("129 bytes (extra byte ignored)", cat(&[&g, &g, &[1]])),
        spec("(1,3) not on curve", cat(&[&word(1), &word(3), &g])),
        spec("x=p", cat(&[&p, &word(2), &g])),
        spec("y=p", cat(&[&g, &word(1), &p])),
        spec("y=p+2 (=2 mod p)", cat(&[&word(1), &add_small(&p, 2), &g])),
    ]
}

fn bn_mul() -> Vec<Spec> {
    let g = bn_g1();
    let n = h(BN_N);
    vec![
        spec("G*2", cat(&[&g, &word(2)])),
        spec("G*0", cat(&[&g, &word(0)])),
        spec("G*1", cat(&[&g, &word(1)])),
        spec("G*n", cat(&[&g, &n])),
        spec("G*(n-1)", cat(&[&g, &sub_small(&n, 1)])),
        spec("G*(n+1)", cat(&[&g, &add_small(&n, 1)])),
        spec("G*(2^256-1)", cat(&[&g, &[0xff; 32]])),
        spec("inf*5", cat(&[&[0u8; 64], &word(5)])),
        spec("empty input", vec![]),
        spec("64 bytes (scalar zero-padded)", g.clone()),
        spec("95 bytes", cat(&[&g, &word(2)])[..95].to_vec()),
        spec("97 bytes (extra byte ignored)", cat(&[&g, &word(2), &[1]])),
        spec("(1,3) not on curve", cat(&[&word(1), &word(3), &word(2)])),
        spec("x=p", cat(&[&h(BN_P), &word(2), &word(2)])),
    ]
}

fn bn_pairing() -> Vec<Spec> {
    let g1 = bn_g1();
    let g2 = bn_g2();
    let inf1 = vec![0u8; 64];
    let inf2 = vec![0u8; 128];
    let bad_g2 = bn_g2_not_in_subgroup();
    let mut off_g2 = g2.clone();
    off_g2[127] ^= 1;
    let mut g2_p = g2.clone();
    g2_p[..32].copy_from_slice(&h(BN_P));
    let pair = cat(&[&g1, &g2]);
    vec![
        spec("empty input (no pairs)", vec![]),
        spec("e(G1,G2)", pair.clone()),
        spec("e(G1,G2)*e(-G1,G2)", cat(&[&g1, &g2, &bn_neg_g1(), &g2])),
        spec("e(inf,G2)", cat(&[&inf1, &g2])),
        spec("e(G1,inf)", cat(&[&g1, &inf2])),
        spec("e(inf,inf)", cat(&[&inf1, &inf2])),
        spec("3 pairs", cat(&[&pair, &g1, &g2, &bn_neg_g1(), &g2])),
        spec("191 bytes", pair[..191].to_vec()),
        spec("193 bytes", cat(&[&pair, &[0]])),
        spec("G2 not on curve", cat(&[&g1, &off_g2])),
        spec("G2 not in subgroup", cat(&[&g1, &bad_g2])),
        spec("G2 not in subgroup with inf G1", cat(&[&inf1, &bad_g2])),
        spec("G2 coordinate = p", cat(&[&g1, &g2_p])),
        spec("G1 not on curve", cat(&[&word(1), &word(3), &g2])),
        spec("G1 x=p", cat(&[&h(BN_P), &word(2), &g2])),
    ]
}

// ---------------------------------------------------------------------------------------------
// 0x09 BLAKE2F

fn blake2f() -> Vec<Spec> {
    // EIP-152's test vector 5 (12 rounds, "abc").
    let base = h("0000000c48c9bdf267e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b61626300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000300000000000000000000000000000001");
    let rounds = |r: u32| {
        let mut v = base.clone();
        v[..4].copy_from_slice(&r.to_be_bytes());
        v
    };
    let flag = |f: u8| {
        let mut v = base.clone();
        v[212] = f;
        v
    };
    vec![
        spec("12 rounds, final", base.clone()),
        spec("0 rounds", rounds(0)),
        spec("1 round", rounds(1)),
        spec("1000 rounds", rounds(1000)),
        spec("flag 0", flag(0)),
        spec("flag 2", flag(2)),
        spec("flag 0xff", flag(0xff)),
        spec("empty input", vec![]),
        spec("212 bytes", base[..212].to_vec()),
        spec("214 bytes", cat(&[&base, &[0]])),
        spec_limit("2^32-1 rounds, out of gas", rounds(u32::MAX), 1_000_000),
    ]
}

// ---------------------------------------------------------------------------------------------
// 0x0a POINT_EVALUATION

fn point_evaluation() -> Vec<Spec> {
    // go-ethereum's `pointEvaluation1`: versioned hash, z, y, commitment, proof.
    let valid = h("01e798154708fe7789429634053cbf9f99b619f9f084048927333fce637f549b564c0a11a0f704f4fc3e8acfe0f8245f0ad1347b378fbf96e206da11a5d3630624d25032e67a7e6a4910df5834b8fe70e6bcfeeac0352434196bdf4b2485d5a18f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7873033e038326e87ed3e1276fd140253fa08e9fc25fb2d9a98527fc22a2c9612fbeafdad446cbc7bcdbdcd780af2c16a");
    let r = h(BLS_R);
    let edit = |at: usize, bytes: &[u8]| {
        let mut v = valid.clone();
        v[at..at + bytes.len()].copy_from_slice(bytes);
        v
    };
    // The zero polynomial: commitment and proof at infinity, any z, y = 0.
    let mut inf = vec![0u8; 48];
    inf[0] = 0xc0;
    let inf_hash = versioned_hash(&inf);
    let zero_poly = |z: &[u8], y: &[u8]| cat(&[&inf_hash, z, y, &inf, &inf]);
    let mut not_g1 = vec![0u8; 48];
    not_g1[0] = 0x80;
    not_g1[47] = 5;
    vec![
        spec("valid proof", valid.clone()),
        spec("zero polynomial at z=7, y=0", zero_poly(&word(7), &word(0))),
        spec(
            "zero polynomial claiming y=1",
            zero_poly(&word(7), &word(1)),
        ),
        spec("y changed", edit(64 + 31, &[0x00])),
        spec("z changed", edit(32 + 31, &[0x01])),
        spec("version byte 0x02", edit(0, &[0x02])),
        spec("hash mismatch", edit(31, &[0x00])),
        spec("z = modulus", zero_poly(&r, &word(0))),
        spec("y = modulus", zero_poly(&word(7), &r)),
        spec("commitment not a G1 point", {
            let c = not_g1.clone();
            cat(&[&versioned_hash(&c), &word(7), &word(0), &c, &inf])
        }),
        spec(
            "proof not a G1 point",
            cat(&[&inf_hash, &word(7), &word(0), &inf, &not_g1]),
        ),
        spec("empty input", vec![]),
        spec("191 bytes", valid[..191].to_vec()),
        spec("193 bytes", cat(&[&valid, &[0]])),
    ]
}

/// `0x01 || sha256(commitment)[1..]`, computed with the oracle's SHA256.
fn versioned_hash(commitment: &[u8]) -> Vec<u8> {
    let (mut hash, _) = oracle(
        Target::Mainnet {
            number: 2,
            fork: Fork::Homestead,
        },
        commitment,
        GEN_LIMIT,
    )
    .expect("sha256");
    hash[0] = 1;
    hash
}

// ---------------------------------------------------------------------------------------------
// 0x0b-0x11 BLS12-381

const BLS_P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
const BLS_R: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

/// BLS12-381 points and helpers (EIP-2537 encodings).
struct Bls {
    g1: Vec<u8>,
    g2: Vec<u8>,
    g1_bad_subgroup: Vec<u8>,
    g2_bad_subgroup: Vec<u8>,
}

impl Bls {
    fn new() -> Self {
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
        self.mul(group, &sub_small(&h(BLS_R), 1))
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
        v[..64].copy_from_slice(&lpad(&h(BLS_P), 64));
        v
    }

    fn add(&self, group: u8) -> Vec<Spec> {
        let g = self.gen(group).to_vec();
        let inf = vec![0u8; g.len()];
        let two = self.mul(group, &[2]);
        let pair = cat(&[&g, &two]);
        vec![
            spec("G+2G", pair.clone()),
            spec("G+G (doubling)", cat(&[&g, &g])),
            spec("G+(-G)", cat(&[&g, &self.neg(group)])),
            spec("G+inf", cat(&[&g, &inf])),
            spec("inf+inf", cat(&[&inf, &inf])),
            spec(
                "point outside the subgroup (no subgroup check in ADD)",
                cat(&[self.bad_subgroup(group), &g]),
            ),
            spec("empty input", vec![]),
            spec("one byte short", pair[..pair.len() - 1].to_vec()),
            spec("one byte long", cat(&[&pair, &[0]])),
            spec("one point only", g.clone()),
            spec("not on curve", cat(&[&g, &self.off_curve(group)])),
            spec("non-zero padding", cat(&[&self.bad_padding(group), &g])),
            spec("x = p", cat(&[&g, &self.x_is_p(group)])),
        ]
    }

    fn msm(&self, group: u8) -> Vec<Spec> {
        let g = self.gen(group).to_vec();
        let inf = vec![0u8; g.len()];
        let r = h(BLS_R);
        let pair = |p: &[u8], k: &[u8]| cat(&[p, &lpad(k, 32)]);
        let mut out = vec![
            spec("k=1, scalar 0", pair(&g, &[0])),
            spec("k=1, scalar 1", pair(&g, &[1])),
            spec("k=1, scalar 2", pair(&g, &[2])),
            spec("k=1, scalar r", pair(&g, &r)),
            spec("k=1, scalar r-1", pair(&g, &sub_small(&r, 1))),
            spec("k=1, scalar r+1", pair(&g, &add_small(&r, 1))),
            spec("k=1, scalar 2^256-1", pair(&g, &[0xff; 32])),
            spec("k=1, infinity, scalar 5", pair(&inf, &[5])),
            spec(
                "k=2, G*1 + (-G)*1",
                cat(&[&pair(&g, &[1]), &pair(&self.neg(group), &[1])]),
            ),
            spec("empty input (k=0)", vec![]),
            spec("one byte short", pair(&g, &[1])[..g.len() + 31].to_vec()),
            spec("one byte long", cat(&[&pair(&g, &[1]), &[0]])),
            spec("not in subgroup", pair(self.bad_subgroup(group), &[1])),
            spec(
                "not in subgroup, scalar 0",
                pair(self.bad_subgroup(group), &[0]),
            ),
            spec(
                "second pair not in subgroup",
                cat(&[&pair(&g, &[1]), &pair(self.bad_subgroup(group), &[1])]),
            ),
            spec("not on curve", pair(&self.off_curve(group), &[1])),
            spec("non-zero padding", pair(&self.bad_padding(group), &[1])),
            spec("x = p", pair(&self.x_is_p(group), &[1])),
        ];
        // The discount table's breakpoints (it is flat from k = 128 on).
        for k in [2usize, 3, 4, 8, 16, 64, 127, 128, 129] {
            let input: Vec<u8> = (0..k)
                .flat_map(|i| pair(&g, &[(i as u8).wrapping_mul(13).wrapping_add(1), 0x42]))
                .collect();
            out.push(spec(format!("k={k}"), input));
        }
        out
    }

    fn pairing(&self) -> Vec<Spec> {
        let (g1, g2) = (self.g1.clone(), self.g2.clone());
        let (inf1, inf2) = (vec![0u8; 128], vec![0u8; 256]);
        let pair = cat(&[&g1, &g2]);
        vec![
            spec("e(G1,G2)", pair.clone()),
            spec("e(G1,G2)*e(-G1,G2)", cat(&[&pair, &self.neg(1), &g2])),
            spec("e(G1,G2)*e(G1,-G2)", cat(&[&pair, &g1, &self.neg(2)])),
            spec(
                "e(2G1,G2)*e(-G1,2G2) ... not 1",
                cat(&[&self.mul(1, &[2]), &g2, &self.neg(1), &self.mul(2, &[3])]),
            ),
            spec(
                "e(2G1,G2)*e(-G1,2G2)",
                cat(&[&self.mul(1, &[2]), &g2, &self.neg(1), &self.mul(2, &[2])]),
            ),
            spec("e(inf,G2)", cat(&[&inf1, &g2])),
            spec("e(G1,inf)", cat(&[&g1, &inf2])),
            spec("3 pairs", cat(&[&pair, &pair, &inf1, &inf2])),
            spec("empty input (k=0)", vec![]),
            spec("one byte short", pair[..383].to_vec()),
            spec("one byte long", cat(&[&pair, &[0]])),
            spec("G1 not in subgroup", cat(&[&self.g1_bad_subgroup, &g2])),
            spec("G2 not in subgroup", cat(&[&g1, &self.g2_bad_subgroup])),
            spec("G1 not on curve", cat(&[&self.off_curve(1), &g2])),
            spec("G2 not on curve", cat(&[&g1, &self.off_curve(2)])),
            spec("G1 non-zero padding", cat(&[&self.bad_padding(1), &g2])),
            spec("G2 x = p", cat(&[&g1, &self.x_is_p(2)])),
        ]
    }

    fn map(&self, group: u8) -> Vec<Spec> {
        let n = if group == 1 { 1 } else { 2 };
        let fp = |v: &[u8]| lpad(v, 64);
        let p = h(BLS_P);
        let some = fp(&h("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffff0000"));
        let input = |e: &[u8]| -> Vec<u8> { (0..n).flat_map(|_| e.to_vec()).collect() };
        let mut padded = some.clone();
        padded[15] = 1;
        let mut out = vec![
            spec("u = 0", input(&fp(&[0]))),
            spec("u = 1", input(&fp(&[1]))),
            spec("u = p-1", input(&fp(&sub_small(&p, 1)))),
            spec("u = some element", input(&some)),
            spec("u = p", input(&fp(&p))),
            spec("u = p+1", input(&fp(&add_small(&p, 1)))),
            spec("non-zero padding", input(&padded)),
            spec("empty input", vec![]),
            spec("one byte short", input(&some)[1..].to_vec()),
            spec("one byte long", cat(&[&input(&some), &[0]])),
        ];
        if group == 2 {
            out.push(spec("second element = p", cat(&[&fp(&[1]), &fp(&p)])));
            out.push(spec("c0 = 0, c1 = 1", cat(&[&fp(&[0]), &fp(&[1])])));
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// 0x100 P256VERIFY

const P256_N: &str = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
const P256_P: &str = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";

fn p256() -> Vec<Spec> {
    // go-ethereum's P256VERIFY benchmark input (a valid signature): hash, r, s, qx, qy.
    let valid = h("4cee90eb86eaa050036147a12d49004b6b9c72bd725d39d4785011fe190f0b4da73bd4903f0ce3b639bbbf6e8e80d16931ff4bcf5993d58468e8fb19086e8cac36dbcd03009df8c59286b162af3bd7fcc0450c9aa81be5d10d312af6c66b1d604aebd3099c618202fcfe16ae7770b0c49ab5eadf74b754204a3bb6060e44eff37618b065f9832de4ca6ca971a7a1adc826d0f7c00181a5fb2ddf79ae00b4e10e");
    let n = h(P256_N);
    let p = h(P256_P);
    let field = |i: usize, v: &[u8]| {
        let mut out = valid.clone();
        out[32 * i..32 * i + 32].copy_from_slice(v);
        out
    };
    let s = &valid[64..96];
    vec![
        spec("valid", valid.clone()),
        spec("hash changed", field(0, &word(1))),
        spec("hash = 0", field(0, &word(0))),
        spec("r = 0", field(1, &word(0))),
        spec("s = 0", field(2, &word(0))),
        spec("r = n", field(1, &n)),
        spec("s = n", field(2, &n)),
        spec("s = n - s (high-s twin)", field(2, &sub_be(&n, s))),
        spec("r = 2^256-1", field(1, &[0xff; 32])),
        spec(
            "qy changed (off curve)",
            field(4, &add_small(&valid[128..160], 1)),
        ),
        spec("qx = p", field(3, &p)),
        spec("q = (0,0)", cat(&[&valid[..96], &[0u8; 64]])),
        spec("empty input", vec![]),
        spec("159 bytes", valid[..159].to_vec()),
        spec("161 bytes", cat(&[&valid, &[0]])),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_arithmetic() {
        assert_eq!(add_small(&[0x00, 0xff], 1), vec![0x01, 0x00]);
        assert_eq!(sub_small(&[0x01, 0x00], 1), vec![0x00, 0xff]);
        assert_eq!(sub_be(&[0x01, 0x00], &[0x00, 0x01]), vec![0x00, 0xff]);
        assert_eq!(lpad(&[1], 3), vec![0, 0, 1]);
    }
}
