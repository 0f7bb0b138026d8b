//! Writes the case list and per-call allocation counts for the report.
//!
//! `cases --fork Osaka --out DIR` checks that every implementation agrees on every case (a
//! disagreement panics), then writes (types in `testkit::files`):
//! - `DIR/cases.json`: the cases (hex without `0x`; `expected` is our output);
//! - `DIR/alloc.json`: allocations per call, counted by the global allocator of this binary;
//! - `DIR/machine.json`: CPU, features, the parallelism this process sees (it runs under the
//!   benches' CPU affinity) and which library does the math per implementation and precompile.

use evm_benches::{
    cases, config,
    evm::{self, BytecodeRunner},
    impls::{self, DIRECT_GAS_LIMIT},
    Case,
};
use precompile::Fork;
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;
use testkit::files::{write_json, AllocRow, CaseRecord, CasesFile, Machine};

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

fn alloc_row(imp: &str, mode: &str, case: &Case, (bytes, allocs): (f64, f64)) -> AllocRow {
    AllocRow {
        imp: imp.to_string(),
        mode: mode.to_string(),
        case: case.name.clone(),
        bytes_per_call: bytes,
        allocs_per_call: allocs,
    }
}

fn bytecode_count<P>(mut r: BytecodeRunner<P>) -> (f64, f64)
where
    P: revm::handler::PrecompileProvider<evm::Ctx, Output = revm::interpreter::InterpreterResult>,
{
    count(|| {
        std::hint::black_box(r.run());
    })
}

fn alloc_rows(fork: Fork, cases: &[Case]) -> Vec<AllocRow> {
    let mut rows = Vec::new();
    let backends = impls::backends(fork);
    for case in cases {
        eprintln!("  alloc: {}", case.name);
        let rp = impls::revm_precompile(fork, case).expect("revm precompile");
        let p = *case.precompile(fork).expect("precompile");
        rows.push(alloc_row(
            "ours",
            "direct",
            case,
            count(|| {
                let _ = std::hint::black_box(p.run(&case.input, DIRECT_GAS_LIMIT));
            }),
        ));
        rows.push(alloc_row(
            "revm",
            "direct",
            case,
            count(|| {
                let _ = std::hint::black_box(rp.execute(&case.input, DIRECT_GAS_LIMIT, 0));
            }),
        ));
        let r = evm::ours(fork, evm::call_code(case.number), &case.input);
        rows.push(alloc_row("ours", "bytecode", case, bytecode_count(r)));
        let r = evm::revm(fork, evm::call_code(case.number), &case.input);
        rows.push(alloc_row("revm", "bytecode", case, bytecode_count(r)));
        for b in backends.iter().filter(|b| b.id.number() == case.number) {
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

fn case_records(fork: Fork, cases: &[Case]) -> Vec<CaseRecord> {
    cases
        .iter()
        .map(|case| {
            let p = case.precompile(fork).expect("precompile");
            let o = testkit::oracle::our_outcome(p.run(&case.input, DIRECT_GAS_LIMIT));
            CaseRecord {
                name: case.name.clone(),
                precompile: case.precompile_name().to_string(),
                address: format!("{:#04x}", case.number),
                input: hex::encode(&case.input),
                expected: hex::encode(o.output()),
                success: o.is_success(),
                gas: case.gas(fork).expect("precompile at fork"),
                source: case.source.clone(),
            }
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
    for case in &cases {
        impls::verify(fork, case);
    }
    let write = |name: &str, write: &dyn Fn(&std::path::Path) -> Result<(), String>| {
        let path = out.join(name);
        write(&path).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("wrote {}", path.display());
    };
    let file = CasesFile {
        fork: fork.name().to_string(),
        cases: case_records(fork, &cases),
    };
    write("cases.json", &|p| write_json(p, &file));
    let machine = Machine {
        cpu: cpu_model(),
        features: cpu_features().into_iter().map(str::to_string).collect(),
        available_parallelism: std::thread::available_parallelism().map_or(1, |n| n.get()),
        libraries: impls::libraries(fork),
    };
    write("machine.json", &|p| write_json(p, &machine));
    let allocs = alloc_rows(fork, &cases);
    write("alloc.json", &|p| write_json(p, &allocs));
}
