//! Constant-time check under valgrind's memcheck.
//!
//! Every operand (a, b, p, n0, and the EVM memory image) is marked *undefined* with a
//! memcheck client request, then every operation runs through both backends. Memcheck
//! reports "Conditional jump or move depends on uninitialised value(s)" for any branch
//! on such data and "Use of uninitialised value" for any address computed from it;
//! `cmov` and arithmetic on it are silent. A clean run therefore means: no
//! operand-dependent branch or memory index in the code that ran.
//!
//! ```text
//! CARGO_TARGET_DIR=/work/tgt/evm384 cargo build --release -p evm384 --example ct_valgrind
//! valgrind --error-exitcode=1 /work/tgt/evm384/release/examples/ct_valgrind             # expect 0 errors
//! valgrind --error-exitcode=1 /work/tgt/evm384/release/examples/ct_valgrind --self-test # expect errors
//! ```

use evm384::asm::valgrind::{mark_defined, mark_undefined};
use evm384::evm::{self, Offsets, Op};
use evm384::{Backend, Modulus};
use std::hint::black_box;

const P: [u64; 6] = evm384::BLS12_381_P;

/// A deliberately leaky function: a secret-dependent branch with a side effect, so the
/// optimiser cannot replace it by a `cmov`.
#[inline(never)]
fn leaky_select(c: &[u64; 6], x: u64, y: u64) -> u64 {
    if black_box(c[0]) & 1 == 1 {
        println!("odd");
        x
    } else {
        y
    }
}

fn main() {
    let mut results: Vec<[u64; 6]> = Vec::new();
    let self_test = std::env::args().any(|a| a == "--self-test");
    let mut backends = vec![Backend::Portable];
    match evm384::asm::Adx::detect() {
        Some(t) => backends.push(Backend::Asm(t)),
        None => {
            // Under valgrind the emulated CPUID hides ADX, but valgrind executes
            // MULX/ADCX/ADOX; the kernel's view of the real CPU is in /proc/cpuinfo.
            let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
            let flags = info.lines().find(|l| l.starts_with("flags")).unwrap_or("");
            let has = |f: &str| flags.split_whitespace().any(|x| x == f);
            if has("bmi2") && has("adx") {
                #[allow(unsafe_code)]
                // SAFETY: /proc/cpuinfo says the host CPU supports BMI2 and ADX.
                backends.push(Backend::Asm(unsafe { evm384::asm::Adx::new_unchecked() }));
            } else {
                eprintln!("WARNING: no BMI2/ADX: the asm backend is not checked");
            }
        }
    }
    if self_test {
        // Branch on secrets, and on results each backend computed from secrets: memcheck
        // must report one error per backend plus one (undefinedness is tracked through
        // MULX/ADCX/ADOX/CMOV and the portable code alike).
        let s = [3u64; 6];
        mark_undefined(&s);
        let mut r = leaky_select(&s, 1, 2);
        for &be in &backends {
            let x = be.mul_mont(&s, &[5, 0, 0, 0, 0, 0], &P, 7);
            r += leaky_select(&x, 1, 2);
        }
        mark_defined(&[r]);
        println!(
            "self-test ran: memcheck must report {} conditional jumps",
            backends.len() + 1
        );
        return;
    }
    let inputs: [[u64; 6]; 4] = [[0; 6], [u64::MAX; 6], [1, 2, 3, 4, 5, 6], P];
    for &be in &backends {
        for a in &inputs {
            for b in &inputs {
                let (a, b, p, n0) = (*a, *b, P, [0x89f3_fffc_fffc_fffdu64]);
                mark_undefined(&a);
                mark_undefined(&b);
                mark_undefined(&p);
                mark_undefined(&n0);
                let r = [
                    be.add_mod(&a, &b, &p),
                    be.sub_mod(&a, &b, &p),
                    be.mul_mont(&a, &b, &p, n0[0]),
                ];
                // through the Modulus type (p public, a and b secret)
                let m = Modulus::new(P).expect("valid").with_backend(be);
                let r2 = [
                    m.add(&a, &b),
                    m.sub(&a, &b),
                    m.mul(&a, &b),
                    m.to_montgomery(&a),
                    m.from_montgomery(&b),
                ];
                for v in r.iter().chain(r2.iter()) {
                    mark_defined(v);
                    results.push(*v);
                }
            }
        }
        // EVM opcodes: the memory image is secret, the offsets word is public.
        for op in [Op::AddMod384, Op::SubMod384, Op::MulModMont384] {
            let mut mem = vec![0x5au8; 256];
            mark_undefined(&mem);
            let w = Offsets {
                out: 10,
                x: 0,
                y: 48,
                modulus: 96,
            }
            .encode();
            evm::execute_with(be, op, &mut mem, &w).expect("in bounds");
            mark_defined(&mem);
            results.push(evm384::limbs_from_le_bytes(&mem[10..58]).expect("48 bytes"));
        }
    }
    let per = results.len() / backends.len();
    if backends.len() == 2 {
        assert_eq!(results[..per], results[per..], "backends disagree");
    }
    println!(
        "ct_valgrind: {} results from {} backend(s), all operations run on undefined operands",
        results.len(),
        backends.len()
    );
}
