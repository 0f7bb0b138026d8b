//! P256VERIFY backends side by side: our native arithmetic (the default), aws-lc through its C
//! API (cargo feature `aws-lc`), the RustCrypto `p256` crate and revm-precompile 43's default
//! build, on the same valid signature.
//!
//! `cargo bench -p evm-arith-precompile --features p256 --bench p256_backends` runs criterion
//! (absolute times); `P256_INTERLEAVED=1 cargo bench -p evm-arith-precompile --features p256
//! --bench p256_backends` instead times aws-lc against native in alternating batches of about
//! 1 ms (ABBA, 201 rounds) on valid signatures and a rejected one, and prints each per-round
//! ratio's median with its 95 % interval, the ratio of the fastest batches, and the CPU model;
//! then the field's product and square (the generated P-256 asm) against the portable path and
//! the kernel's generic Montgomery product.
use criterion::Criterion;
use precompile::secp256r1::native::field::{mul_kernel, Fe};
use precompile::secp256r1::{self, awslc_ffi, native, rustcrypto};
use std::hint::black_box;

// RIP-7212 / revm test vector "ok_1".
const INPUT: &str = "4cee90eb86eaa050036147a12d49004b6b9c72bd725d39d4785011fe190f0b4da73bd4903f0ce3b639bbbf6e8e80d16931ff4bcf5993d58468e8fb19086e8cac36dbcd03009df8c59286b162af3bd7fcc0450c9aa81be5d10d312af6c66b1d604aebd3099c618202fcfe16ae7770b0c49ab5eadf74b754204a3bb6060e44eff37618b065f9832de4ca6ca971a7a1adc826d0f7c00181a5fb2ddf79ae00b4e10e";

fn benches(c: &mut Criterion) {
    let input = hex::decode(INPUT).unwrap();
    assert!(awslc_ffi::verify_eip7951(&input));
    assert!(rustcrypto::verify_eip7951(&input));
    let mut g = c.benchmark_group("p256verify");
    assert!(native::verify_eip7951(&input));
    g.bench_function("native", |b| {
        b.iter(|| native::verify_eip7951(black_box(&input)))
    });
    g.bench_function("aws-lc-ffi", |b| {
        b.iter(|| awslc_ffi::verify_eip7951(black_box(&input)))
    });
    g.bench_function("p256", |b| {
        b.iter(|| rustcrypto::verify_eip7951(black_box(&input)))
    });
    g.bench_function("precompile_rip7212", |b| {
        b.iter(|| secp256r1::RIP7212.run(black_box(&input), 3450))
    });
    g.bench_function("revm", |b| {
        b.iter(|| revm_precompile::secp256r1::p256_verify_osaka(black_box(&input), 6900))
    });
    g.finish();
}

/// go-ethereum's p256Verify rejects: a valid signature with the key replaced by points not on
/// the curve ("invalid public key x/y param errors", "reference point errors"), and `r = n`.
fn rejects(c: &mut Criterion) {
    let valid = hex::decode(INPUT).unwrap();
    let with_key = |qx: &str, qy: &str| {
        let mut v = valid[..96].to_vec();
        v.extend(hex::decode(qx).unwrap());
        v.extend(hex::decode(qy).unwrap());
        v
    };
    let zero = "00".repeat(32);
    let key_x = "bcbb2914c79f045eaa6ecbbc612816b3be5d2d6796707d8125e9f851c18af015";
    let key_y = "fffffffeecad44b6f05d15b33146549c2297b522a5eed8430cff596758e6c43d";
    let mut r_is_n = valid.clone();
    r_is_n[32..64].copy_from_slice(
        &hex::decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551").unwrap(),
    );
    let cases = [
        ("x_zero", with_key(&zero, key_y)),
        ("y_zero", with_key(key_x, &zero)),
        ("reference_point", with_key(&zero, &zero)),
        ("r_is_n", r_is_n),
    ];
    let mut g = c.benchmark_group("p256verify_reject");
    for (name, input) in &cases {
        let ours = secp256r1::OSAKA.run(input, 6900).unwrap();
        let revm = revm_precompile::secp256r1::p256_verify_osaka(input, 6900).unwrap();
        assert!(ours.bytes.is_empty() && revm.bytes.is_empty(), "{name}");
        g.bench_function(format!("{name}/ours"), |b| {
            b.iter(|| secp256r1::OSAKA.run(black_box(input), 6900))
        });
        g.bench_function(format!("{name}/revm"), |b| {
            b.iter(|| revm_precompile::secp256r1::p256_verify_osaka(black_box(input), 6900))
        });
    }
    g.finish();
}

mod interleave;

/// Valid inputs (the vector above and signatures of go-ethereum's first valid vectors are not
/// at hand here: the vector, and it with `s` replaced by `n - s`) and the vector with a wrong
/// hash (full verification, rejected at the end).
fn interleaved() {
    let valid = hex::decode(INPUT).unwrap();
    let mut high_s = valid.clone();
    let n =
        hex::decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551").unwrap();
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let d = n[i] as i16 - valid[64 + i] as i16 - borrow;
        borrow = (d < 0) as i16;
        high_s[64 + i] = d.rem_euclid(256) as u8;
    }
    let mut wrong_hash = valid.clone();
    wrong_hash[0] ^= 1;
    assert!(native::verify_eip7951(&high_s) && awslc_ffi::verify_eip7951(&high_s));
    assert!(!native::verify_eip7951(&wrong_hash) && !awslc_ffi::verify_eip7951(&wrong_hash));
    interleave::header();
    for (case, input) in [
        ("valid", &valid),
        ("valid, high s", &high_s),
        ("wrong hash", &wrong_hash),
    ] {
        interleave::row(
            &format!("{case}: aws-lc vs native"),
            &|| {
                black_box(awslc_ffi::verify_eip7951(black_box(input)));
            },
            &|| {
                black_box(native::verify_eip7951(black_box(input)));
            },
        );
    }
    // Every arm through a function pointer, so that none is inlined differently.
    let asm_mul: interleave::FieldOp<Fe> = |x, y| x.mul(y);
    let asm_square: interleave::FieldOp<Fe> = |x, _| x.square();
    let portable_mul: interleave::FieldOp<Fe> = |x, y| x.mul_portable(y);
    let portable_square: interleave::FieldOp<Fe> = |x, _| x.square_portable();
    let kernel_square: interleave::FieldOp<Fe> = |x, _| mul_kernel(x, x);
    let rows: [(&str, interleave::FieldOp<Fe>, interleave::FieldOp<Fe>, bool); 4] = [
        (
            "products: portable vs P-256 asm",
            portable_mul,
            asm_mul,
            false,
        ),
        (
            "squares: portable vs P-256 asm",
            portable_square,
            asm_square,
            true,
        ),
        (
            "products: kernel's generic Montgomery vs P-256 asm",
            mul_kernel,
            asm_mul,
            false,
        ),
        (
            "squares: kernel's generic Montgomery vs P-256 asm",
            kernel_square,
            asm_square,
            true,
        ),
    ];
    let (x, y) = (
        Fe::from_be_bytes(&[0x5a; 32]),
        Fe::from_be_bytes(&[0x3c; 32]),
    );
    interleave::field_rows(x.unwrap(), y.unwrap(), &rows);
    interleave::row(
        "valid: p256 vs native",
        &|| {
            black_box(rustcrypto::verify_eip7951(black_box(&valid)));
        },
        &|| {
            black_box(native::verify_eip7951(black_box(&valid)));
        },
    );
    cycles(&valid);
}

/// The cycles table of the native backend's operations on the vector's values, beside aws-lc's
/// double multiplication and whole verification (its field functions are internal).
fn cycles(valid: &[u8]) {
    use precompile::secp256r1::native::{ecmult, point::Affine, scalar::Scalar};
    let k = montgomery::asm::Adx::detect().expect("BMI2 and ADX");
    let word = |i: usize| -> &[u8; 32] { valid[32 * i..32 * (i + 1)].try_into().unwrap() };
    let q = Affine {
        x: Fe::from_be_bytes(word(3)).unwrap(),
        y: Fe::from_be_bytes(word(4)).unwrap(),
    };
    let (e, r, s) = (
        Scalar::reduce_be_bytes(word(0)),
        Scalar::from_be_bytes(word(1)).unwrap(),
        Scalar::from_be_bytes(word(2)).unwrap(),
    );
    let w = s.invert().unwrap();
    let (u1, u2) = (e.mul(&w), r.mul(&w));
    let x = Fe::from_be_bytes(&[0x5a; 32]).unwrap();
    let be = |s: &Scalar| {
        let mut b = [0u8; 32];
        for (i, limb) in s.limbs().iter().enumerate() {
            b[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
        }
        b
    };
    let aws_mul = awslc_ffi::DoubleMul::new(word(3), word(4), &be(&u1), &be(&u2)).unwrap();
    assert!(aws_mul.run());
    interleave::cycles_header("secp256r1, native vs aws-lc");
    interleave::cycles_field_scalar(
        x,
        (Fe::mul, |x, _| x.square()),
        Fe::invert,
        (u1, u2),
        Scalar::mul,
        Scalar::invert,
    );
    let rows: [interleave::CyclesRow; 2] = [
        (
            "u1 G + u2 Q (double-scalar, Jacobian result)",
            1.0,
            &|| {
                black_box(ecmult::mul_g_plus_q(k, black_box(&u1), &q, &u2));
            },
            Some(("EC_POINT_mul (constant time)", &|| {
                black_box(aws_mul.run());
            })),
        ),
        (
            "P256VERIFY, valid (parse, on-curve check, verify)",
            1.0,
            &|| {
                black_box(native::verify_eip7951(black_box(valid)));
            },
            Some((
                "ECDSA_do_verify with the key and signature import (the backend)",
                &|| {
                    black_box(awslc_ffi::verify_eip7951(black_box(valid)));
                },
            )),
        ),
    ];
    interleave::cycles_rows(&rows);
}

fn main() {
    interleave::main("P256_INTERLEAVED", interleaved, &[benches, rejects]);
}
