//! ECRECOVER backends side by side: libsecp256k1 (the default) and the native backend
//! (`ecrecover::native`), on go-ethereum's `ValidKey` and `CallEcrecoverUnrecoverableKey`
//! vectors; and the native field's multiplication (pseudo-Mersenne reduction) against the
//! Montgomery kernel's for the same `p`.
//!
//! `cargo bench -p precompile --bench ecrecover_backends` runs criterion (absolute times);
//! `ECRECOVER_INTERLEAVED=1 cargo bench -p precompile --bench ecrecover_backends` instead times
//! the backends in alternating batches of about 1 ms (ABBA order, 201 rounds) and prints each
//! per-round ratio's median with its 95 % interval, the ratio of the fastest batches, and the
//! CPU model: the figures to quote on a shared machine.
use criterion::{criterion_group, Criterion};
use precompile::ecrecover::{self, native, Signature};
use std::hint::black_box;
use std::time::Duration;

mod interleave;
use interleave::Arm;

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

fn field_mul_chain(n: usize) -> native::field::Fe {
    let mut x = native::field::Fe::from_be_bytes(&[0x5a; 32]).unwrap();
    let y = native::field::Fe::from_be_bytes(&[0x3c; 32]).unwrap();
    for _ in 0..n {
        x = black_box(x).mul(&y);
    }
    x
}

/// The same chain with the product formed by the portable `u128` schoolbook (`square`: the
/// dedicated squaring) instead of the kernel's assembly.
fn portable_chain(n: usize, square: bool) -> native::field::Fe {
    use native::field::Fe;
    let mut x = Fe::from_be_bytes(&[0x5a; 32]).unwrap();
    let y = Fe::from_be_bytes(&[0x3c; 32]).unwrap();
    for _ in 0..n {
        let a = *black_box(x).limbs();
        let w = if square {
            native::field::sqr_wide(&a)
        } else {
            limbs::mul::mul_full4(&a, y.limbs())
        };
        x = Fe::from_wide(&w);
    }
    x
}

/// 100 chained squarings on the kernel's product.
fn square_chain(n: usize) -> native::field::Fe {
    let mut x = native::field::Fe::from_be_bytes(&[0x5a; 32]).unwrap();
    for _ in 0..n {
        let y = black_box(x);
        x = y.mul(&y);
    }
    x
}

const MODULUS_P: montgomery::Modulus<4> = montgomery::Modulus::new(native::field::P);

fn montgomery_mul_chain(n: usize) -> [u64; 4] {
    let mut x = [0x5a5a_5a5a_5a5a_5a5a; 4];
    let y = [0x3c3c_3c3c_3c3c_3c3c; 4];
    for _ in 0..n {
        x = montgomery::mul(&black_box(x), &y, &MODULUS_P);
    }
    x
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
    g.bench_function("mul_x100/pseudo_mersenne", |b| {
        b.iter(|| field_mul_chain(100))
    });
    g.bench_function("mul_x100/montgomery", |b| {
        b.iter(|| montgomery_mul_chain(100))
    });
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
    let pairs: [(&str, Arm, Arm); 3] = [
        (
            "100 chained field products: Montgomery vs pseudo-Mersenne",
            &|| {
                black_box(montgomery_mul_chain(100));
            },
            &|| {
                black_box(field_mul_chain(100));
            },
        ),
        (
            "100 chained products: kernel's asm vs portable schoolbook",
            &|| {
                black_box(field_mul_chain(100));
            },
            &|| {
                black_box(portable_chain(100, false));
            },
        ),
        (
            "100 chained squares: kernel's asm product vs portable squaring",
            &|| {
                black_box(square_chain(100));
            },
            &|| {
                black_box(portable_chain(100, true));
            },
        ),
    ];
    for (name, a, b) in pairs {
        interleave::row(name, a, b);
    }
}

criterion_group! {
    name = group;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = benches
}

fn main() {
    if std::env::var_os("ECRECOVER_INTERLEAVED").is_some() {
        interleaved();
        return;
    }
    group();
    Criterion::default().configure_from_args().final_summary();
}
