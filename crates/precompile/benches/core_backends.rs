//! Side-by-side timings of the backends behind ECRECOVER, MODEXP, BLAKE2F and POINT_EVALUATION
//! against the peers they were chosen over (same inputs, same run).
//!
//! `cargo bench -p evm-arith-precompile --features k256,c-kzg --bench core_backends` (add a filter such as `modexp`).
//! With `PRECOMPILE_INTERLEAVED=1` it prints instead an interleaved table (fastest of 300 batches
//! per function, robust on a loaded machine) of ours and revm's full calls for ECRECOVER
//! (valid, unrecoverable), SHA256, RIPEMD160, P256VERIFY rejects, BLAKE2F (12 and 100000 rounds,
//! the compression alone and the full call) and the KZG check.

use criterion::{criterion_group, Criterion};
use std::hint::black_box;
use std::time::Duration;

/// Deterministic pseudo-random bytes (xorshift), so both sides see identical inputs.
fn bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// A named MODEXP case: base, exponent, modulus.
type Case = (&'static str, Vec<u8>, Vec<u8>, Vec<u8>);

fn modexp_cases() -> Vec<Case> {
    let odd = |mut m: Vec<u8>| {
        *m.last_mut().unwrap() |= 1;
        m[0] |= 0x80;
        m
    };
    let even = |mut m: Vec<u8>, zeros: usize| {
        m[0] |= 0x80;
        let n = m.len();
        m[n - zeros / 8..].fill(0);
        m[n - 1 - zeros / 8] &= !((1u8 << (zeros % 8)) - 1);
        m[n - 1 - zeros / 8] |= 1 << (zeros % 8);
        m
    };
    vec![
        ("small_8B", bytes(1, 8), bytes(2, 8), odd(bytes(3, 8))),
        ("256bit", bytes(4, 32), bytes(5, 32), odd(bytes(6, 32))),
        ("1024bit", bytes(7, 128), bytes(8, 128), odd(bytes(9, 128))),
        (
            "2048bit_e65537",
            bytes(10, 256),
            vec![1, 0, 1],
            odd(bytes(11, 256)),
        ),
        (
            "2048bit",
            bytes(12, 256),
            bytes(13, 256),
            odd(bytes(14, 256)),
        ),
        (
            "even_256bit",
            bytes(15, 32),
            bytes(16, 32),
            even(bytes(17, 32), 3),
        ),
        (
            "even_1024bit",
            bytes(18, 128),
            bytes(19, 128),
            even(bytes(20, 128), 100),
        ),
        ("even_2048bit_pow2", bytes(21, 256), bytes(22, 32), {
            let mut m = vec![0u8; 256];
            m[0] = 1;
            m
        }),
    ]
}

fn modexp(c: &mut Criterion) {
    let mut g = c.benchmark_group("modexp");
    for (name, b, e, m) in modexp_cases() {
        let out = precompile::modexp::pow(&b, &e, &m);
        let theirs = aurora_engine_modexp::modexp(&b, &e, &m);
        assert_eq!(out[out.len() - theirs.len()..], theirs[..], "{name}");
        g.bench_function(format!("{name}/ours"), |bch| {
            bch.iter(|| precompile::modexp::pow(black_box(&b), black_box(&e), black_box(&m)))
        });
        g.bench_function(format!("{name}/aurora"), |bch| {
            bch.iter(|| aurora_engine_modexp::modexp(black_box(&b), black_box(&e), black_box(&m)))
        });
    }
    g.finish();
}

fn ecrecover(c: &mut Criterion) {
    let input = hex::decode("18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c000000000000000000000000000000000000000000000000000000000000001c73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75feeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549").unwrap();
    let sig = precompile::ecrecover::parse(&input).unwrap();
    let mut g = c.benchmark_group("ecrecover");
    g.bench_function("libsecp256k1", |b| {
        b.iter(|| precompile::ecrecover::libsecp256k1::recover(black_box(&sig)))
    });
    #[cfg(feature = "k256")]
    {
        assert_eq!(
            precompile::ecrecover::k256::recover(&sig),
            precompile::ecrecover::libsecp256k1::recover(&sig)
        );
        g.bench_function("k256", |b| {
            b.iter(|| precompile::ecrecover::k256::recover(black_box(&sig)))
        });
    }
    g.finish();
}

/// go-ethereum's ecRecover vector `CallEcrecoverUnrecoverableKey`: `r` is no curve point's x,
/// so recovery fails after the square root (the cheap failing path).
const ECRECOVER_UNRECOVERABLE: &str = "a8b53bdf3306a35a7103ab5504a0c9b492295564b6202b1942a84ef300107281000000000000000000000000000000000000000000000000000000000000001b307835653165303366353363653138623737326363623030393366663731663366353366356337356237346463623331613835616138623838393262346538621122334455667788991011121314151617181920212223242526272829303132";

/// The full ECRECOVER call, ours and revm's, on a valid and an unrecoverable signature.
fn ecrecover_run(c: &mut Criterion) {
    let valid = hex::decode("18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c000000000000000000000000000000000000000000000000000000000000001c73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75feeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549").unwrap();
    let unrecoverable = hex::decode(ECRECOVER_UNRECOVERABLE).unwrap();
    let mut g = c.benchmark_group("ecrecover_run");
    for (name, input) in [("valid", &valid), ("unrecoverable", &unrecoverable)] {
        let ours = precompile::ecrecover::run(input, 3000).unwrap();
        let revm = revm_precompile::secp256k1::ec_recover_run(input, 3000).unwrap();
        assert_eq!(ours.bytes, revm.bytes.to_vec(), "{name}");
        g.bench_function(format!("{name}/ours"), |b| {
            b.iter(|| precompile::ecrecover::run(black_box(input), 3000))
        });
        g.bench_function(format!("{name}/revm"), |b| {
            b.iter(|| revm_precompile::secp256k1::ec_recover_run(black_box(input), 3000))
        });
    }
    g.finish();
}

fn blake2f(c: &mut Criterion) {
    let mut g = c.benchmark_group("blake2f");
    let m: [u64; 16] = core::array::from_fn(|i| (i as u64).wrapping_mul(0x0123_4567_89ab_cdef));
    for rounds in [12u32, 100_000] {
        assert_eq!(blake2f_of(false, rounds, &m), blake2f_of(true, rounds, &m));
        g.bench_function(format!("{rounds}/ours"), |b| {
            b.iter(|| blake2f_of(false, black_box(rounds), black_box(&m)))
        });
        g.bench_function(format!("{rounds}/revm"), |b| {
            b.iter(|| blake2f_of(true, black_box(rounds), black_box(&m)))
        });
    }
    g.finish();
}

/// F of the state `IV` and the message `m` with `rounds` rounds (offset 128, final block): ours,
/// or revm-precompile's compression when `revm`.
#[inline(always)]
fn blake2f_of(revm: bool, rounds: u32, m: &[u64; 16]) -> [u64; 8] {
    let mut h = precompile::blake2f::IV;
    if revm {
        revm_precompile::blake2::compress(rounds, &mut h, m, &[128, 0], true);
    } else {
        precompile::blake2f::compress(rounds, &mut h, m, [128, 0], true);
    }
    h
}

/// The BLAKE2F precompile input of the compression timed beside it: `rounds`, the state `IV`,
/// the message `m`, offset 128, final block.
fn blake2f_input(rounds: u32, m: &[u64; 16]) -> Vec<u8> {
    let words = precompile::blake2f::IV.iter().chain(m).chain(&[128, 0]);
    let mut input = rounds.to_be_bytes().to_vec();
    input.extend(words.flat_map(|w| w.to_le_bytes()));
    input.push(1);
    input
}

/// c-kzg-4844's `verify_kzg_proof_case_correct_proof_4_4`: commitment, z, y, proof.
fn kzg_args() -> ([u8; 48], [u8; 32], [u8; 32], [u8; 48]) {
    let commitment: [u8; 48] = hex::decode("8f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7").unwrap().try_into().unwrap();
    let z: [u8; 32] =
        hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000")
            .unwrap()
            .try_into()
            .unwrap();
    let y: [u8; 32] =
        hex::decode("1522a4a7f34e1ea350ae07c29c96c7e79655aa926122e95fe69fcbd932ca49e9")
            .unwrap()
            .try_into()
            .unwrap();
    let proof: [u8; 48] = hex::decode("a62ad71d14c5719385c0686f1871430475bf3a00f0aa3f7b8dd99a9abc2160744faf0070725e00b60ad9a026a15b1a8c").unwrap().try_into().unwrap();
    (commitment, z, y, proof)
}

fn kzg(c: &mut Criterion) {
    use precompile::kzg_point_evaluation as kzg;
    let (commitment, z, y, proof) = kzg_args();
    precompile::kzg_point_evaluation::verify_kzg_proof(&commitment, &z, &y, &proof).unwrap();
    assert!(
        revm_precompile::kzg_point_evaluation::blst::verify_kzg_proof(&commitment, &z, &y, &proof)
    );
    let mut g = c.benchmark_group("kzg_verify");
    type Verify = fn(&[u8; 48], &[u8; 32], &[u8; 32], &[u8; 48]) -> bool;
    let verifiers: [(&str, Verify); 3] = [
        ("ours", |c, z, y, pi| {
            kzg::verify_kzg_proof(c, z, y, pi).is_ok()
        }),
        ("c-kzg", |c, z, y, pi| {
            kzg::ckzg::verify_kzg_proof(c, z, y, pi).is_ok()
        }),
        (
            "blst_direct(revm)",
            revm_precompile::kzg_point_evaluation::blst::verify_kzg_proof,
        ),
    ];
    for (name, verify) in verifiers {
        g.bench_function(name, |b| {
            b.iter(|| verify(black_box(&commitment), &z, &y, &proof))
        });
    }
    g.finish();
}

/// ECRECOVER's recovery as it was before `ecrecover::libsecp256k1` called libsecp256k1 on its
/// static context: through the `secp256k1` crate's `recover`, which borrows the crate's global
/// context (without the crate's `std` feature, a fresh context built per call).
fn recover_through_crate_context(input: &[u8]) -> Option<secp256k1::PublicKey> {
    use secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
    let sig = precompile::ecrecover::parse(input)?;
    let recid = RecoveryId::try_from(i32::from(sig.recid)).ok()?;
    let rsig = RecoverableSignature::from_compact(&sig.rs, recid).ok()?;
    rsig.recover(secp256k1::Message::from_digest(sig.hash)).ok()
}

/// Consumes a result the compiler must not optimise away (dropped after `black_box`).
fn sink<T>(x: T) {
    drop(black_box(x));
}

/// Per-call time of each function of `fs`, interleaved: 300 rounds in which each runs a batch
/// of calls (sized to about 200 us), keeping each one's fastest batch. The minimum discards
/// preemption by other processes, and interleaving gives every function the same conditions.
fn interleaved(fs: &[(&str, &dyn Fn())]) -> Vec<f64> {
    let batch: Vec<u32> = fs
        .iter()
        .map(|(_, f)| {
            let t = std::time::Instant::now();
            f();
            (200e-6 / t.elapsed().as_secs_f64().max(1e-9)).clamp(1.0, 1e5) as u32
        })
        .collect();
    let mut best = vec![f64::INFINITY; fs.len()];
    for _ in 0..300 {
        for (i, (_, f)) in fs.iter().enumerate() {
            let t = std::time::Instant::now();
            for _ in 0..batch[i] {
                f();
            }
            best[i] = best[i].min(t.elapsed().as_secs_f64() / f64::from(batch[i]));
        }
    }
    best
}

/// The interleaved table (`PRECOMPILE_INTERLEAVED=1`): ours and the peers on each case of the
/// families ECRECOVER, SHA256, RIPEMD160, P256VERIFY, BLAKE2F (the compression alone and the
/// full call) and POINT_EVALUATION, ns per full call.
fn interleaved_table() {
    use precompile::{kzg_point_evaluation as kzg, secp256r1};
    let ecrec_valid = hex::decode("18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c000000000000000000000000000000000000000000000000000000000000001c73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75feeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549").unwrap();
    let ecrec_bad = hex::decode(ECRECOVER_UNRECOVERABLE).unwrap();
    let p256_sig = "2f77668a9dfbf8d5848b9eeb4a7145ca94c6ed9236e4a773f6dcafa5132b2f9170bebe684cdcb5ca72a42f0d873879359bd1781a591809947628d313a3814f67aec03aca8f5587a4d535fa31027bbe9cc0e464b1c3577f4c2dcde6b2094798a9";
    let p256_key_zero = hex::decode(format!("{p256_sig}{}", "00".repeat(64))).unwrap();
    let p256_x_zero = hex::decode(format!(
        "{p256_sig}{}fffffffeecad44b6f05d15b33146549c2297b522a5eed8430cff596758e6c43d",
        "00".repeat(32)
    ))
    .unwrap();
    let hashes: Vec<Vec<u8>> = [32usize, 128, 256]
        .iter()
        .map(|&n| bytes(n as u64, n))
        .collect();
    type Row<'a> = (String, Vec<(&'a str, Box<dyn Fn() + 'a>)>);
    let mut rows: Vec<Row> = Vec::new();
    for (name, input) in [("valid", &ecrec_valid), ("unrecoverable", &ecrec_bad)] {
        rows.push((
            format!("ecrecover {name}"),
            vec![
                (
                    "ours",
                    Box::new(move || {
                        sink(black_box(precompile::ecrecover::run(
                            black_box(input),
                            3000,
                        )))
                    }),
                ),
                (
                    "revm",
                    Box::new(move || {
                        sink(black_box(revm_precompile::secp256k1::ec_recover_run(
                            black_box(input),
                            3000,
                        )))
                    }),
                ),
                (
                    "crate-ctx",
                    Box::new(move || sink(black_box(recover_through_crate_context(input)))),
                ),
            ],
        ));
    }
    for data in &hashes {
        rows.push((
            format!("sha256 {}", data.len()),
            vec![
                (
                    "ours",
                    Box::new(move || {
                        sink(black_box(precompile::sha256::run(black_box(data), 1 << 20)))
                    }),
                ),
                (
                    "revm",
                    Box::new(move || {
                        sink(black_box(revm_precompile::hash::sha256_run(
                            black_box(data),
                            1 << 20,
                        )))
                    }),
                ),
            ],
        ));
        rows.push((
            format!("ripemd160 {}", data.len()),
            vec![
                (
                    "ours",
                    Box::new(move || {
                        sink(black_box(precompile::ripemd160::run(
                            black_box(data),
                            1 << 20,
                        )))
                    }),
                ),
                (
                    "revm",
                    Box::new(move || {
                        sink(black_box(revm_precompile::hash::ripemd160_run(
                            black_box(data),
                            1 << 20,
                        )))
                    }),
                ),
            ],
        ));
    }
    for (name, input) in [("key zero", &p256_key_zero), ("key x zero", &p256_x_zero)] {
        rows.push((
            format!("p256verify {name}"),
            vec![
                (
                    "ours",
                    Box::new(move || sink(black_box(secp256r1::OSAKA.run(black_box(input), 6900)))),
                ),
                (
                    "revm",
                    Box::new(move || {
                        sink(black_box(revm_precompile::secp256r1::p256_verify_osaka(
                            black_box(input),
                            6900,
                        )))
                    }),
                ),
            ],
        ));
    }
    let m: [u64; 16] = core::array::from_fn(|i| (i as u64).wrapping_mul(0x0123_4567_89ab_cdef));
    for rounds in [12u32, 100_000] {
        rows.push((
            format!("blake2f compress {rounds}"),
            vec![
                (
                    "ours",
                    Box::new(move || {
                        sink(black_box(blake2f_of(
                            false,
                            black_box(rounds),
                            black_box(&m),
                        )))
                    }),
                ),
                (
                    "revm",
                    Box::new(move || {
                        sink(black_box(blake2f_of(
                            true,
                            black_box(rounds),
                            black_box(&m),
                        )))
                    }),
                ),
            ],
        ));
        let input = blake2f_input(rounds, &m);
        rows.push((
            format!("blake2f run {rounds}"),
            vec![
                (
                    "ours",
                    Box::new({
                        let input = input.clone();
                        move || {
                            sink(black_box(precompile::blake2f::run(
                                black_box(&input),
                                u64::MAX,
                            )))
                        }
                    }),
                ),
                (
                    "revm",
                    Box::new(move || {
                        sink(black_box(revm_precompile::blake2::run(
                            black_box(&input),
                            u64::MAX,
                        )))
                    }),
                ),
            ],
        ));
    }
    let (commitment, z, y, proof) = kzg_args();
    let mut wrong = proof;
    wrong.copy_from_slice(&commitment);
    for (name, pi) in [("valid", proof), ("wrong proof", wrong)] {
        rows.push((
            format!("kzg verify {name}"),
            vec![
                (
                    "ours",
                    Box::new(move || {
                        sink(black_box(kzg::verify_kzg_proof(
                            black_box(&commitment),
                            &z,
                            &y,
                            &pi,
                        )))
                    }),
                ),
                (
                    "c-kzg",
                    Box::new(move || {
                        sink(black_box(kzg::ckzg::verify_kzg_proof(
                            black_box(&commitment),
                            &z,
                            &y,
                            &pi,
                        )))
                    }),
                ),
                (
                    "revm",
                    Box::new(move || {
                        sink(black_box(
                            revm_precompile::kzg_point_evaluation::blst::verify_kzg_proof(
                                black_box(&commitment),
                                &z,
                                &y,
                                &pi,
                            ),
                        ))
                    }),
                ),
            ],
        ));
    }
    println!(
        "{:<28} {:>12} {:>12} {:>12}  ratios to ours",
        "case", "ours (ns)", "peer 1", "peer 2"
    );
    for (name, fs) in &rows {
        let refs: Vec<(&str, &dyn Fn())> = fs.iter().map(|(n, f)| (*n, f.as_ref())).collect();
        let t = interleaved(&refs);
        let cells: Vec<String> = t.iter().map(|x| format!("{:>12.1}", x * 1e9)).collect();
        let ratios: Vec<String> = fs
            .iter()
            .zip(&t)
            .skip(1)
            .map(|((n, _), x)| format!("ours/{n} {:.3}", t[0] / x))
            .collect();
        println!("{name:<28} {}  {}", cells.join(" "), ratios.join(", "));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    targets = modexp, ecrecover, ecrecover_run, blake2f, kzg
}
fn main() {
    if std::env::var_os("PRECOMPILE_INTERLEAVED").is_some() {
        interleaved_table();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
