//! Writes the case list and per-call allocation counts for the report.
//!
//! `cases --fork Osaka --out DIR` writes:
//! - `DIR/cases.json`: `{"fork", "cases": [{"name", "precompile", "address", "input",
//!   "expected", "success", "gas", "source"}]}` (hex without `0x`; `expected` is our output);
//! - `DIR/alloc.json`: `[{"impl", "mode", "case", "bytes_per_call", "allocs_per_call"}]`,
//!   counted by the global allocator of this binary;
//! - `DIR/machine.json`: `{"cpu", "features", "backends"}`.

use evm_benches::{
    cases, config,
    evm::{self, BytecodeRunner},
    impls::{self, Verdict, DIRECT_GAS_LIMIT},
    Case,
};
use precompile::Fork;
use serde_json::{json, Value};
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// The system allocator, counting allocations and allocated bytes.
struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// `GlobalAlloc` contract is the system allocator's; the counters have no effect on memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: same contract as this method's (a non-zero-size layout from the caller).
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: same contract as this method's.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` (through this allocator) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(new_size as u64, Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout`; `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Per-call averages of allocations and bytes of `f` (after one untimed warm-up call), run
/// enough times to average out, at most ~0.2 s.
fn count(mut f: impl FnMut()) -> (f64, f64) {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_secs_f64();
    let runs = ((0.2 / once.max(1e-9)) as u64).clamp(3, 50);
    let (a0, b0) = (ALLOCS.load(Relaxed), BYTES.load(Relaxed));
    for _ in 0..runs {
        f();
    }
    let (a1, b1) = (ALLOCS.load(Relaxed), BYTES.load(Relaxed));
    (
        (b1 - b0) as f64 / runs as f64,
        (a1 - a0) as f64 / runs as f64,
    )
}

fn alloc_row(imp: &str, mode: &str, case: &Case, (bytes, allocs): (f64, f64)) -> Value {
    json!({
        "impl": imp,
        "mode": mode,
        "case": case.name,
        "bytes_per_call": bytes,
        "allocs_per_call": allocs,
    })
}

fn bytecode_count<P>(mut r: BytecodeRunner<P>) -> (f64, f64)
where
    P: revm::handler::PrecompileProvider<evm::Ctx, Output = revm::interpreter::InterpreterResult>,
{
    count(|| {
        std::hint::black_box(r.run());
    })
}

fn alloc_rows(fork: Fork, cases: &[Case], real: &[bool]) -> Vec<Value> {
    let mut rows = Vec::new();
    let backends = impls::backends(fork);
    for (case, &real) in cases.iter().zip(real) {
        eprintln!("  alloc: {}", case.name);
        let rp = impls::revm_precompile(fork, case).expect("revm precompile");
        if real {
            let p = *case.precompile(fork).expect("precompile");
            rows.push(alloc_row(
                "ours",
                "direct",
                case,
                count(|| {
                    let _ = std::hint::black_box(p.run(&case.input, DIRECT_GAS_LIMIT));
                }),
            ));
        }
        rows.push(alloc_row(
            "revm",
            "direct",
            case,
            count(|| {
                let _ = std::hint::black_box(rp.execute(&case.input, DIRECT_GAS_LIMIT, 0));
            }),
        ));
        if real {
            let r = evm::ours(fork, evm::call_code(case.number), &case.input);
            rows.push(alloc_row("ours", "bytecode", case, bytecode_count(r)));
        }
        let r = evm::revm(fork, evm::call_code(case.number), &case.input);
        rows.push(alloc_row("revm", "bytecode", case, bytecode_count(r)));
        if !real {
            continue;
        }
        for b in backends.iter().filter(|b| b.number == case.number) {
            let run = b.run;
            rows.push(alloc_row(
                b.name,
                "direct",
                case,
                count(|| {
                    let _ = std::hint::black_box(run(&case.input, DIRECT_GAS_LIMIT));
                }),
            ));
            let set = b.set(fork).expect("backend precompile");
            let r = evm::ours_with(set, evm::call_code(case.number), &case.input);
            rows.push(alloc_row(b.name, "bytecode", case, bytecode_count(r)));
        }
    }
    rows
}

fn case_rows(fork: Fork, cases: &[Case]) -> Vec<Value> {
    cases
        .iter()
        .map(|case| {
            let p = case.precompile(fork).expect("precompile");
            let r = p.run(&case.input, DIRECT_GAS_LIMIT);
            let (expected, success) = if impls::is_placeholder(&r) {
                // placeholder: record revm's output so that the file is still useful
                let o = impls::revm_outcome(
                    impls::revm_precompile(fork, case)
                        .expect("revm precompile")
                        .execute(&case.input, DIRECT_GAS_LIMIT, 0),
                );
                (o.output, o.success)
            } else {
                let o = impls::ours_outcome(r);
                (o.output, o.success)
            };
            json!({
                "name": case.name,
                "precompile": case.precompile_name(),
                "address": format!("{:#04x}", case.number),
                "input": hex::encode(&case.input),
                "expected": hex::encode(expected),
                "success": success,
                "gas": case.gas(fork),
                "source": case.source,
            })
        })
        .collect()
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name") || l.starts_with("Model"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

fn cpu_features() -> Vec<&'static str> {
    #[allow(unused_mut)]
    let mut out = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! detect {
            ($($f:tt => $name:literal),*) => {
                $(if std::arch::is_x86_feature_detected!($f) { out.push($name); })*
            };
        }
        detect!("bmi1" => "bmi1", "bmi2" => "bmi2", "adx" => "adx", "sha" => "sha_ni",
            "aes" => "aes", "pclmulqdq" => "pclmulqdq", "avx" => "avx", "avx2" => "avx2",
            "avx512f" => "avx512f", "avx512ifma" => "avx512ifma", "sse4.1" => "sse4.1",
            "sse4.2" => "sse4.2");
    }
    #[cfg(target_arch = "aarch64")]
    {
        macro_rules! detect {
            ($($f:tt => $name:literal),*) => {
                $(if std::arch::is_aarch64_feature_detected!($f) { out.push($name); })*
            };
        }
        detect!("neon" => "neon", "aes" => "aes", "sha2" => "sha2", "sha3" => "sha3");
    }
    out
}

/// The backend behind each of `fork`'s precompiles in this build, keyed by EIP name (as in
/// `cases.json`): the crate's defaults, hard-coded from crates/precompile/Cargo.toml.
// TODO: ask the precompile crate once it exposes its backend names.
fn backend_names(fork: Fork) -> Value {
    let map: serde_json::Map<String, Value> = precompile::precompiles(fork)
        .iter()
        .map(|p| {
            let backend = match p.number() {
                0x01 => "secp256k1",
                0x02 => "sha2",
                0x03 => "ripemd",
                0x05 | 0x04 | 0x09 => "builtin",
                0x06..=0x08 => "ark",
                0x0a => "c-kzg",
                0x0b..=0x11 => "blst",
                0x100 => "aws-lc",
                _ => "unknown",
            };
            (p.name().to_string(), Value::from(backend))
        })
        .collect();
    Value::Object(map)
}

fn usage() -> ! {
    eprintln!("usage: cases [--fork NAME] --out DIR");
    std::process::exit(2)
}

fn main() {
    let mut fork = config::fork();
    let mut out: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--fork" => {
                let name = args.next().unwrap_or_else(|| usage());
                fork = name.parse().unwrap_or_else(|e| {
                    eprintln!("{e}");
                    std::process::exit(2)
                });
            }
            "--out" => out = Some(args.next().unwrap_or_else(|| usage()).into()),
            "-h" | "--help" => usage(),
            _ => usage(),
        }
    }
    let out = out.unwrap_or_else(|| usage());
    std::fs::create_dir_all(&out).expect("create the output directory");

    let cases = cases(fork);
    eprintln!("cases: fork {fork}, {} cases", cases.len());
    let real: Vec<bool> = cases
        .iter()
        .map(|case| match impls::verify(fork, case) {
            Verdict::Agree => true,
            Verdict::OursPlaceholder => {
                eprintln!(
                    "!!! {} ({}): our precompile is still a placeholder (expected = revm's output)",
                    case.name,
                    case.precompile_name()
                );
                false
            }
        })
        .collect();

    let write = |name: &str, v: &Value| {
        let path = out.join(name);
        std::fs::write(&path, serde_json::to_string_pretty(v).expect("json") + "\n")
            .unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        eprintln!("wrote {}", path.display());
    };
    write(
        "cases.json",
        &json!({ "fork": fork.name(), "cases": case_rows(fork, &cases) }),
    );
    write(
        "machine.json",
        &json!({ "cpu": cpu_model(), "features": cpu_features(), "backends": backend_names(fork) }),
    );
    write("alloc.json", &Value::Array(alloc_rows(fork, &cases, &real)));
}
