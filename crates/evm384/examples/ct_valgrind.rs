//! Constant-time check under valgrind's memcheck; run it through `cargo xtask ct`, which builds
//! this example in release, runs both modes under valgrind and compares memcheck's error count
//! with what each mode expects.
//!
//! Every operand (a, b, p, n0, and the EVM memory image) is marked *undefined* with a memcheck
//! client request, then every operation runs through every backend this CPU has. Memcheck
//! reports "Conditional jump or move depends on uninitialised value(s)" for any branch on such
//! data and "Use of uninitialised value" for any address computed from it; `cmov` and
//! arithmetic on it are silent. Zero errors therefore means: no operand-dependent branch or
//! memory index in the code that ran, on these inputs.
//!
//! `--self-test` runs deliberately variable-time code on secrets and on each backend's results
//! instead, and prints how many errors memcheck must report (`expected-errors: N`): that shows
//! the undefinedness is tracked through both backends' instructions, so a zero above means
//! something.

use evm384::asm::valgrind::{mark_defined, mark_undefined};
use evm384::evm::{self, Offsets, Op};
use evm384::{neg_inv64, Backend, Modulus};
use std::hint::black_box;

/// A deliberately leaky function: a secret-dependent branch with a side effect, so the
/// optimiser cannot replace it by a `cmov` (one memcheck error per call).
#[inline(never)]
fn leaky_branch(c: &[u64; 6]) -> u64 {
    if black_box(c[0]) & 1 == 1 {
        println!("odd");
        1
    } else {
        2
    }
}

/// A deliberately leaky table lookup: a secret-dependent address (one memcheck error per call).
#[inline(never)]
fn leaky_index(c: &[u64; 6]) -> u64 {
    static TABLE: [u64; 16] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];
    TABLE[black_box(c[0]) as usize & 15]
}

/// `v` marked undefined (secret) for memcheck, read back from memory through an opaque
/// reference so that the optimiser cannot use the value it knows (a constant, say) instead.
fn secret<T: Copy>(v: T) -> T {
    let v = [v];
    mark_undefined(&v);
    black_box(&v)[0]
}

/// The backends to check: the portable one, and the asm one when the CPU has BMI2 and ADX.
fn backends() -> Vec<Backend> {
    let mut backends = vec![Backend::Portable];
    if let Some(t) = evm384::asm::Adx::detect() {
        backends.push(Backend::Asm(t));
        return backends;
    }
    // Under valgrind the emulated CPUID hides ADX, but valgrind executes MULX/ADCX/ADOX; the
    // kernel's view of the real CPU is in /proc/cpuinfo.
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let flags = info.lines().find(|l| l.starts_with("flags")).unwrap_or("");
    let has = |f: &str| flags.split_whitespace().any(|x| x == f);
    if has("bmi2") && has("adx") {
        #[allow(unsafe_code)]
        // SAFETY: /proc/cpuinfo says the host CPU supports BMI2 and ADX.
        backends.push(Backend::Asm(unsafe { evm384::asm::Adx::new_unchecked() }));
    }
    backends
}

fn name(be: Backend) -> &'static str {
    match be {
        Backend::Portable => "portable",
        Backend::Asm(_) => "asm",
    }
}

/// A xorshift64 generator: reproducible operands without a dependency.
fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// The moduli: BLS12-381's p, 2^384 - 317 and a random odd 384-bit number (low limb below
/// 2^64 - 1, so that p - 1 and p + 1 below change only that limb).
fn moduli(next: &mut impl FnMut() -> u64) -> Vec<[u64; 6]> {
    let mut big = [u64::MAX; 6];
    big[0] = u64::MAX - 316;
    let random: [u64; 6] = core::array::from_fn(|i| match i {
        0 => (next() | 1) & !2,
        5 => next() | (1 << 63),
        _ => next(),
    });
    vec![evm384::BLS12_381_P, big, random]
}

/// Edge and random operands for modulus `p`: 0, 1, p - 1, p, p + 1, 2^384 - 1 and eight random
/// values (reduced and unreduced).
fn operands(p: &[u64; 6], next: &mut impl FnMut() -> u64) -> Vec<[u64; 6]> {
    let with_low = |low: u64| {
        let mut x = *p;
        x[0] = low;
        x
    };
    let mut v = vec![
        [0; 6],
        [1, 0, 0, 0, 0, 0],
        with_low(p[0] - 1),
        *p,
        with_low(p[0] + 1),
        [u64::MAX; 6],
    ];
    for _ in 0..8 {
        v.push(core::array::from_fn(|_| next()));
    }
    v
}

/// Runs every operation of every backend on undefined operands; returns the number of cases
/// and checks that the backends agree.
fn check(backends: &[Backend]) -> usize {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut results: Vec<Vec<[u64; 6]>> = vec![Vec::new(); backends.len()];
    let mut cases = 0;
    for p in moduli(&mut next) {
        let ops = operands(&p, &mut next);
        // Both a correct and an arbitrary n0: the definitions hold for every n0.
        for n0 in [neg_inv64(p[0]), next()] {
            for a in &ops {
                for b in &ops {
                    cases += 1;
                    for (be, out) in backends.iter().zip(results.iter_mut()) {
                        let (a, b, p, n0) = (secret(*a), secret(*b), secret(p), secret(n0));
                        let r = [
                            be.add_mod(&a, &b, &p),
                            be.sub_mod(&a, &b, &p),
                            be.mul_mont(&a, &b, &p, n0),
                        ];
                        mark_defined(&r);
                        out.extend_from_slice(&r);
                    }
                }
            }
        }
        // Through the Modulus type: p public (validated, with branches), a and b secret.
        for (be, out) in backends.iter().zip(results.iter_mut()) {
            let m = Modulus::new(p).expect("odd modulus").with_backend(*be);
            for a in &ops {
                for b in &ops {
                    let (a, b) = (secret(*a), secret(*b));
                    let r = [
                        m.add(&a, &b),
                        m.sub(&a, &b),
                        m.mul(&a, &b),
                        m.to_montgomery(&a),
                        m.from_montgomery(&b),
                    ];
                    mark_defined(&r);
                    out.extend_from_slice(&r);
                }
            }
        }
    }
    // EVM opcodes: the memory image is secret, the offsets word is public.
    let images: Vec<Vec<u8>> = vec![
        vec![0; 256],
        vec![0xff; 256],
        vec![0x5a; 256],
        (0..256).map(|_| next() as u8).collect(),
    ];
    for image in &images {
        for op in [Op::AddMod384, Op::SubMod384, Op::MulModMont384] {
            cases += 1;
            for (be, out) in backends.iter().zip(results.iter_mut()) {
                let mut mem = image.clone();
                mark_undefined(&mem);
                let mem = black_box(&mut mem);
                let w = Offsets {
                    out: 10,
                    x: 0,
                    y: 48,
                    modulus: 96,
                }
                .encode();
                evm::execute_with(*be, op, mem, &w).expect("in bounds");
                mark_defined(mem);
                out.push(evm384::limbs_from_le_bytes(&mem[10..58]).expect("48 bytes"));
            }
        }
    }
    for (be, out) in backends.iter().zip(&results).skip(1) {
        assert!(out == &results[0], "{} and portable disagree", name(*be));
    }
    cases
}

/// Branches and indexes on secrets and on each backend's results: memcheck must report one
/// error per leaky call. Returns the number of leaky calls.
fn self_test(backends: &[Backend]) -> usize {
    let p = evm384::BLS12_381_P;
    let s = secret([3u64; 6]);
    let mut calls = 2;
    let mut sink = leaky_branch(&s) + leaky_index(&s);
    for be in backends {
        let b = [5, 0, 0, 0, 0, 0];
        for x in [
            be.add_mod(&s, &b, &p),
            be.sub_mod(&s, &b, &p),
            be.mul_mont(&s, &b, &p, 7),
        ] {
            sink += leaky_branch(&x);
            calls += 1;
        }
    }
    mark_defined(&[sink]);
    black_box(sink);
    calls
}

fn main() {
    let backends = backends();
    let names: Vec<&str> = backends.iter().map(|&be| name(be)).collect();
    println!("backends: {}", names.join(" "));
    if std::env::args().any(|a| a == "--self-test") {
        println!("expected-errors: {}", self_test(&backends));
    } else {
        println!("cases: {}", check(&backends));
        println!("expected-errors: 0");
    }
}
