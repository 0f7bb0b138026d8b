//! ECRECOVER backends side by side: libsecp256k1 (the default) and the native backend
//! (`ecrecover::native`), on go-ethereum's `ValidKey` and `CallEcrecoverUnrecoverableKey`
//! vectors; and the native field's product and square (the generated secp256k1 asm) against
//! the portable path and the Montgomery kernel's product for the same `p`.
//!
//! `cargo bench -p precompile --bench ecrecover_backends` runs criterion (absolute times);
//! `ECRECOVER_INTERLEAVED=1 cargo bench -p precompile --bench ecrecover_backends` instead times
//! the backends in alternating batches of about 1 ms (ABBA order, 201 rounds) and prints each
//! per-round ratio's median with its 95 % interval, the ratio of the fastest batches, and the
//! CPU model: the figures to quote on a shared machine.
use criterion::Criterion;
use precompile::ecrecover::native::field::Fe;
use precompile::ecrecover::{self, native, Signature};
use std::hint::black_box;

mod interleave;

const VALID: &str = "18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c000000000000000000000000000000000000000000000000000000000000001c73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75feeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549";
const UNRECOVERABLE: &str = "a8b53bdf3306a35a7103ab5504a0c9b492295564b6202b1942a84ef300107281000000000000000000000000000000000000000000000000000000000000001b307835653165303366353363653138623737326363623030393366663731663366353366356337356237346463623331613835616138623838393262346538621122334455667788991011121314151617181920212223242526272829303132";

type Recover = fn(&Signature) -> Option<[u8; 32]>;

fn backends() -> [(&'static str, Recover); 2] {
    [
        ("libsecp256k1", ecrecover::libsecp256k1::recover),
        ("native", native::recover),
    ]
}

fn cases() -> [(&'static str, Vec<u8>); 2] {
    [
        ("valid", hex::decode(VALID).unwrap()),
        ("unrecoverable", hex::decode(UNRECOVERABLE).unwrap()),
    ]
}

fn call(input: &[u8], f: Recover) -> usize {
    ecrecover::run_with(input, 3000, f).unwrap().bytes.len()
}

type Op = interleave::FieldOp<Fe>;

/// The same products on the kernel's generic Montgomery product for this `p` (the elements
/// taken as Montgomery forms: the chain's cost, not its values, matters here).
fn montgomery_mul(x: &Fe, y: &Fe) -> Fe {
    const MODULUS_P: montgomery::Modulus<4> = montgomery::Modulus::new(native::field::P);
    let [r0, r1, r2, r3] = montgomery::mul(&x.limbs(), &y.limbs(), &MODULUS_P);
    Fe::from_wide(&[r0, r1, r2, r3, 0, 0, 0, 0])
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("ecrecover");
    for (case, input) in cases() {
        let want = call(&input, ecrecover::libsecp256k1::recover);
        for (name, f) in backends() {
            assert_eq!(call(&input, f), want, "{name} {case}");
            g.bench_function(format!("{case}/{name}"), |b| {
                b.iter(|| call(black_box(&input), f))
            });
        }
    }
    g.finish();
    let mut g = c.benchmark_group("secp256k1_field");
    for (name, op) in [
        ("mul_x100/asm", Fe::mul as Op),
        ("mul_x100/portable", Fe::mul_portable),
        ("mul_x100/montgomery", montgomery_mul),
    ] {
        let (x, y) = (
            Fe::from_be_bytes(&[0x5a; 32]),
            Fe::from_be_bytes(&[0x3c; 32]),
        );
        let (x, y) = (x.unwrap(), y.unwrap());
        g.bench_function(name, |b| {
            b.iter(|| interleave::field_chain(100, x, y, false, op))
        });
    }
    g.finish();
}

fn interleaved() {
    interleave::header();
    for (case, input) in cases() {
        let [(_, lib), (_, nat)] = backends();
        interleave::row(
            &format!("{case}: libsecp256k1 vs native"),
            &|| {
                black_box(call(black_box(&input), lib));
            },
            &|| {
                black_box(call(black_box(&input), nat));
            },
        );
    }
    let square: Op = |x, _| x.square();
    let square_portable: Op = |x, _| x.square_portable();
    let rows: [(&str, Op, Op, bool); 3] = [
        (
            "products: kernel's Montgomery vs secp256k1 asm",
            montgomery_mul,
            Fe::mul,
            false,
        ),
        (
            "products: mul_wide + Rust reduction vs secp256k1 asm",
            Fe::mul_portable,
            Fe::mul,
            false,
        ),
        (
            "squares: portable vs secp256k1 asm",
            square_portable,
            square,
            true,
        ),
    ];
    let (x, y) = (
        Fe::from_be_bytes(&[0x5a; 32]),
        Fe::from_be_bytes(&[0x3c; 32]),
    );
    interleave::field_rows(x.unwrap(), y.unwrap(), &rows);
    cycles(&cases()[0].1);
}

/// The cycles table of the native backend's operations on the valid case's values, beside
/// libsecp256k1's where its API has the same operation (its field, scalar and square-root
/// functions are internal to the C library).
fn cycles(valid: &[u8]) {
    use precompile::ecrecover::native::{ecmult, point::Affine, scalar::Scalar};
    let k = montgomery::asm::Adx::detect().expect("BMI2 and ADX");
    let sig = Signature {
        hash: valid[..32].try_into().unwrap(),
        recid: valid[63] - 27,
        rs: valid[64..128].try_into().unwrap(),
    };
    let r = Fe::from_be_bytes(sig.rs[..32].try_into().unwrap()).unwrap();
    let y2 = r
        .square()
        .mul(&r)
        .add(&Fe::ONE.double().double().double().sub(&Fe::ONE));
    let big_r = Affine {
        x: r,
        y: y2.sqrt(k).unwrap(),
    };
    let u1 = Scalar::reduce_be_bytes(&sig.hash);
    let u2 = Scalar::reduce_be_bytes(sig.rs[32..].try_into().unwrap());
    let x = Fe::from_be_bytes(&[0x5a; 32]).unwrap();
    let lib_key = secp256k1::PublicKey::from_secret_key(
        &secp256k1::SecretKey::from_secret_bytes(sig.hash).unwrap(),
    );
    let lib_tweak = secp256k1::Scalar::from_be_bytes(*sig.rs[32..].first_chunk().unwrap()).unwrap();
    interleave::cycles_header("secp256k1, native vs libsecp256k1");
    interleave::cycles_field_scalar(
        x,
        (Fe::mul, |x, _| x.square()),
        Fe::invert,
        (u1, u2),
        Scalar::mul,
        Scalar::invert,
    );
    let rows: [interleave::CyclesRow; 6] = [
        (
            "square root (253 squares, 13 products)",
            1.0,
            &|| {
                black_box(black_box(y2).sqrt(k));
            },
            None,
        ),
        (
            "GLV split",
            1.0,
            &|| {
                black_box(black_box(u1).split_lambda());
            },
            None,
        ),
        (
            "u2 R (variable base; ours: wNAF + GLV, affine result)",
            1.0,
            &|| {
                black_box(ecmult::mul_g_plus_r(
                    k,
                    &Scalar::ZERO,
                    black_box(&big_r),
                    &u2,
                ));
            },
            Some(("secp256k1_ec_pubkey_tweak_mul (constant time)", &|| {
                black_box(black_box(lib_key).mul_tweak(&lib_tweak).ok());
            })),
        ),
        (
            "u1 G (fixed base; ours: the double-scalar code with u2 = 0)",
            1.0,
            &|| {
                black_box(ecmult::mul_g_plus_r(
                    k,
                    black_box(&u1),
                    &big_r,
                    &Scalar::ZERO,
                ));
            },
            Some(("secp256k1_ec_pubkey_create (constant time)", &|| {
                black_box(secp256k1::PublicKey::from_secret_key(black_box(
                    &secp256k1::SecretKey::from_secret_bytes(sig.hash).unwrap(),
                )));
            })),
        ),
        (
            "u1 G + u2 R (double-scalar, affine result)",
            1.0,
            &|| {
                black_box(ecmult::mul_g_plus_r(k, black_box(&u1), &big_r, &u2));
            },
            None,
        ),
        (
            "ECRECOVER, valid (whole call: parse, recover, Keccak)",
            1.0,
            &|| {
                black_box(call(black_box(valid), native::recover));
            },
            Some(("secp256k1_ecdsa_recover + Keccak (the backend)", &|| {
                black_box(call(black_box(valid), ecrecover::libsecp256k1::recover));
            })),
        ),
    ];
    interleave::cycles_rows(&rows);
}

fn main() {
    interleave::main("ECRECOVER_INTERLEAVED", interleaved, &[benches]);
}
