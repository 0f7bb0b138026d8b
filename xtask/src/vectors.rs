//! `cargo xtask vectors`: runs precompile test vectors in go-ethereum's JSON format.
//!
//! A vector file is a JSON list of cases:
//!
//! ```json
//! [{"Input": "hex", "Expected": "hex", "Name": "...", "Gas": 123, "NoBenchmark": false},
//!  {"Input": "hex", "ExpectedError": "text", "Name": "..."}]
//! ```
//!
//! A case with `Expected` must succeed: `required_gas(Input) == Gas`, a run with exactly `Gas`
//! returns `Expected` and uses `Gas`, and (when `Gas > 0`) a run with `Gas - 1` fails with out of
//! gas. A case with `ExpectedError` (or any case in a `fail-*.json` file) must fail when run with
//! `GasLimit` (our extension) or else with `required_gas(Input)`, as go-ethereum runs its failure
//! tests, and not for lack of gas at `required_gas`; our error is printed beside the expected
//! text for `fail-*` files, when their kinds differ, or always with `--verbose`.
//!
//! The precompile and the fork come from the file name (see [`resolve_name`]), as go-ethereum's
//! `core/vm/contracts_test.go` maps them; `--address` and `--fork` override it.

mod generate;

use precompile::{precompiles, secp256r1, Fork, Precompile, PrecompileError};
use serde::Deserialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Options of `cargo xtask vectors`.
#[derive(clap::Args)]
pub struct Args {
    /// Vector files, or directories searched recursively for `*.json` (default: `vectors/`).
    paths: Vec<PathBuf>,
    /// Run every file against the precompile at this address (`0x05`, `0x100`, ...) instead of
    /// the one its name selects.
    #[arg(long, value_parser = parse_address)]
    address: Option<u16>,
    /// Run every file at this fork (`Berlin`, `osaka`, ...) instead of the one its name selects.
    #[arg(long)]
    fork: Option<Fork>,
    /// Print every case, not only the failing ones.
    #[arg(short, long)]
    verbose: bool,
    /// Regenerate the project's own vectors with `revm-precompile` as the oracle (into
    /// `vectors/`, or the single directory given as PATH) instead of running vectors.
    #[arg(long)]
    generate: bool,
}

/// Parses a precompile address in hex, with or without `0x`: `0x0c`, `0c`, `0x100`, or a full
/// 20-byte address.
fn parse_address(s: &str) -> Result<u16, String> {
    let digits = s.strip_prefix("0x").unwrap_or(s);
    let trimmed = digits.trim_start_matches('0');
    if trimmed.len() > 4 {
        return Err(format!("{s}: not a precompile address (0x01 ..= 0xffff)"));
    }
    if trimmed.is_empty() {
        return Err(format!("{s}: address zero has no precompile"));
    }
    u16::from_str_radix(trimmed, 16).map_err(|e| format!("{s}: {e}"))
}

/// `cargo xtask vectors`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if args.generate {
        let dir = match args.paths.as_slice() {
            [] => crate::test::workspace_root().join("vectors"),
            [one] => one.clone(),
            _ => return Err("--generate takes at most one output directory".into()),
        };
        return generate::generate(&dir).map(|()| ExitCode::SUCCESS);
    }
    let paths = if args.paths.is_empty() {
        vec![crate::test::workspace_root().join("vectors")]
    } else {
        args.paths
    };
    let opts = Options {
        address: args.address,
        fork: args.fork,
        verbose: args.verbose,
    };
    let summary = run_paths(&paths, &opts)?;
    Ok(summary.exit_code())
}

/// How to run vector files.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Overrides the precompile the file name selects.
    pub address: Option<u16>,
    /// Overrides the fork the file name selects.
    pub fork: Option<Fork>,
    /// Prints every case.
    pub verbose: bool,
}

/// Counts of passed and failed cases.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed (a file that cannot be read or mapped counts as one failure).
    pub failed: usize,
}

impl Summary {
    /// Success only when something ran and nothing failed.
    pub fn exit_code(&self) -> ExitCode {
        if self.failed == 0 && self.passed > 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

/// Runs every vector file under `paths`, printing failures, a line per file and last the line
/// `N passed, M failed`.
pub fn run_paths(paths: &[PathBuf], opts: &Options) -> Result<Summary, String> {
    let mut files = Vec::new();
    for p in paths {
        collect_files(p, &mut files)?;
    }
    let mut total = Summary::default();
    for file in &files {
        let s = run_file(file, opts);
        total.passed += s.passed;
        total.failed += s.failed;
    }
    if files.is_empty() {
        println!("no *.json vector files found");
    }
    println!("{} passed, {} failed", total.passed, total.failed);
    Ok(total)
}

fn collect_files(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if meta.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect_files(&entry, out)?;
        } else if entry.extension().is_some_and(|e| e == "json") {
            out.push(entry);
        }
    }
    Ok(())
}

/// One test case, in go-ethereum's format (plus our optional `GasLimit`).
#[derive(Deserialize, Debug)]
#[serde(rename_all = "PascalCase")]
struct Case {
    input: String,
    expected: Option<String>,
    expected_error: Option<String>,
    #[serde(default)]
    name: String,
    gas: Option<u64>,
    #[serde(default)]
    #[allow(dead_code)]
    no_benchmark: bool,
    /// The gas limit a failure case runs with (default: `required_gas(Input)`).
    gas_limit: Option<u64>,
}

/// The precompile a vector file is run against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Precompile `number` of the set active at `fork`.
    Mainnet {
        /// The precompile's number (`0x01`, ..., `0x100`).
        number: u16,
        /// The fork whose set (and gas rule) is used.
        fork: Fork,
    },
    /// RIP-7212's P256VERIFY (the L2 variant, 3450 gas).
    P256Rip7212,
}

impl Target {
    fn precompile(self) -> Result<Precompile, String> {
        match self {
            Target::P256Rip7212 => Ok(secp256r1::P256VERIFY_RIP7212),
            Target::Mainnet { number, fork } => precompiles(fork)
                .by_number(number)
                .copied()
                .ok_or_else(|| format!("no precompile at {number:#x} in {fork}")),
        }
    }

    fn describe(self) -> String {
        match self {
            Target::P256Rip7212 => "P256VERIFY (RIP-7212)".into(),
            Target::Mainnet { number, fork } => match precompiles(fork).by_number(number) {
                Some(p) => format!("{} {number:#x} @ {fork}", p.name()),
                None => format!("{number:#x} @ {fork}"),
            },
        }
    }
}

/// File base names (lower case, without `fail-`, fork suffix and `.json`) and the precompile and
/// default fork each selects. The first names and forks are those of go-ethereum's
/// `core/vm/contracts_test.go`; `blsG1Mul`/`blsG2Mul` (from the draft of EIP-2537 that had
/// separate MUL precompiles) run against the MSM precompiles with one pair, as geth does.
const NAMES: &[(&str, u16, Fork)] = &[
    ("ecrecover", 0x01, Fork::Homestead),
    ("sha256", 0x02, Fork::Homestead),
    ("ripemd160", 0x03, Fork::Homestead),
    ("identity", 0x04, Fork::Homestead),
    ("modexp", 0x05, Fork::Byzantium),
    ("modexp_eip2565", 0x05, Fork::Berlin),
    ("modexp_eip7883", 0x05, Fork::Osaka),
    ("bn256add", 0x06, Fork::Istanbul),
    ("bn256scalarmul", 0x07, Fork::Istanbul),
    ("bn256pairing", 0x08, Fork::Istanbul),
    ("blake2f", 0x09, Fork::Istanbul),
    ("pointevaluation", 0x0a, Fork::Cancun),
    ("blsg1add", 0x0b, Fork::Prague),
    ("blsg1mul", 0x0c, Fork::Prague),
    ("blsg1multiexp", 0x0c, Fork::Prague),
    ("blsg2add", 0x0d, Fork::Prague),
    ("blsg2mul", 0x0e, Fork::Prague),
    ("blsg2multiexp", 0x0e, Fork::Prague),
    ("blspairing", 0x0f, Fork::Prague),
    ("blsmapg1", 0x10, Fork::Prague),
    ("blsmapg2", 0x11, Fork::Prague),
    ("p256verify", 0x100, Fork::Osaka),
];

/// The name of RIP-7212's P256VERIFY (not part of any mainnet fork).
const RIP7212_NAME: &str = "p256verifyrip7212";

/// Maps a vector file's base name to its target and whether every case must fail.
///
/// `[fail-]<name>[_<fork>].json`, case-insensitively: `<name>` from [`NAMES`] (or
/// `p256VerifyRip7212`), `<fork>` any name [`Fork::from_str`] accepts; without a fork suffix the
/// fork is the one go-ethereum's tests use (`modexp` Byzantium, `bn256*` Istanbul, ...).
pub fn resolve_name(stem: &str) -> Option<(Target, bool)> {
    let (fail, rest) = match stem.strip_prefix("fail-") {
        Some(rest) => (true, rest),
        None => (false, stem),
    };
    let lower = rest.to_ascii_lowercase();
    let lookup = |name: &str, fork: Option<Fork>| -> Option<Target> {
        if name == RIP7212_NAME {
            return Some(Target::P256Rip7212);
        }
        NAMES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, number, default)| Target::Mainnet {
                number,
                fork: fork.unwrap_or(default),
            })
    };
    if let Some(t) = lookup(&lower, None) {
        return Some((t, fail));
    }
    let (name, fork) = lower.rsplit_once('_')?;
    let fork: Fork = fork.parse().ok()?;
    lookup(name, Some(fork)).map(|t| (t, fail))
}

fn target_for(file: &Path, opts: &Options) -> Result<(Target, bool), String> {
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| "file name is not UTF-8".to_string())?;
    let resolved = resolve_name(stem);
    let fail = resolved.is_some_and(|(_, f)| f) || stem.starts_with("fail-");
    let target = match (resolved.map(|(t, _)| t), opts.address, opts.fork) {
        (_, Some(0x100), None) if stem.to_ascii_lowercase().contains(RIP7212_NAME) => {
            Target::P256Rip7212
        }
        (Some(Target::P256Rip7212), None, None) => Target::P256Rip7212,
        (Some(Target::P256Rip7212), Some(number), fork) => Target::Mainnet {
            number,
            fork: fork.unwrap_or(Fork::LATEST),
        },
        (Some(Target::P256Rip7212), None, Some(fork)) => Target::Mainnet {
            number: 0x100,
            fork,
        },
        (Some(Target::Mainnet { number, fork }), address, fork_override) => Target::Mainnet {
            number: address.unwrap_or(number),
            fork: fork_override.unwrap_or(fork),
        },
        (None, Some(number), fork) => Target::Mainnet {
            number,
            fork: fork.unwrap_or(Fork::LATEST),
        },
        (None, None, _) => {
            return Err(format!(
                "cannot tell the precompile from the file name {stem:?}; name it like \
                 `modexp_osaka.json` or pass --address"
            ))
        }
    };
    Ok((target, fail))
}

fn run_file(file: &Path, opts: &Options) -> Summary {
    let shown = file.display().to_string();
    let fail_whole = |why: String| {
        println!("FAIL {shown}: {why}");
        println!("{shown}: 0 passed, 1 failed");
        Summary {
            passed: 0,
            failed: 1,
        }
    };
    let (target, fail_file) = match target_for(file, opts) {
        Ok(t) => t,
        Err(e) => return fail_whole(e),
    };
    let precompile = match target.precompile() {
        Ok(p) => p,
        Err(e) => return fail_whole(e),
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return fail_whole(e.to_string()),
    };
    let cases: Vec<Case> = match serde_json::from_str(&text) {
        Ok(c) => c,
        Err(e) => return fail_whole(format!("not a list of vector cases: {e}")),
    };
    let mut summary = Summary::default();
    for (i, case) in cases.iter().enumerate() {
        let name = if case.name.is_empty() {
            format!("#{i}")
        } else {
            case.name.clone()
        };
        match check_case(&precompile, case, fail_file) {
            Ok(note) => {
                summary.passed += 1;
                match note {
                    Some((text, important)) if important || opts.verbose => {
                        println!("note {shown} [{name}]{text}")
                    }
                    _ if opts.verbose => println!("ok   {shown} [{name}]"),
                    _ => {}
                }
            }
            Err(why) => {
                summary.failed += 1;
                println!("FAIL {shown} [{name}]: {why}");
            }
        }
    }
    if cases.is_empty() {
        return fail_whole("no cases".into());
    }
    println!(
        "{shown}: {} ({} cases): {} passed, {} failed",
        target.describe(),
        cases.len(),
        summary.passed,
        summary.failed
    );
    summary
}

fn decode_hex(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    let s = s.strip_prefix("0x").unwrap_or(s);
    hex::decode(s).map_err(|e| format!("bad hex: {e}"))
}

fn short_hex(bytes: &[u8]) -> String {
    const MAX: usize = 80;
    if bytes.is_empty() {
        return "(empty)".into();
    }
    let h = hex::encode(bytes);
    if h.len() > 2 * MAX {
        format!("{}...({} bytes)", &h[..2 * MAX], bytes.len())
    } else {
        h
    }
}

/// A remark on a passing case: its text, and whether to print it outside verbose mode.
type Note = Option<(String, bool)>;

/// Checks one case: `Err(why)` when it fails, else an optional remark (a failure case's error
/// beside the expected text, printed always in `fail-*` files or when their kinds differ, else
/// only in verbose mode).
fn check_case(p: &Precompile, case: &Case, fail_file: bool) -> Result<Note, String> {
    let input = decode_hex(&case.input)?;
    let required = p.required_gas(&input);
    let must_fail = fail_file || case.expected_error.is_some();
    if must_fail {
        let expected = case.expected_error.as_deref().unwrap_or("(any error)");
        let limit = case.gas_limit.unwrap_or(required);
        return match p.run(&input, limit) {
            Ok(out) => Err(format!(
                "expected error {expected:?}, got success {} (gas {}) at gas limit {limit}",
                short_hex(&out.bytes),
                out.gas_used
            )),
            Err(e) => {
                let want = ErrorKind::of_text(expected);
                let got = ErrorKind::of_error(&e);
                // At `required_gas` a failure must be the input's fault, not the gas's (an explicit
                // `GasLimit` may be below the price: any error is fine then).
                if e == PrecompileError::OutOfGas
                    && want != Some(ErrorKind::OutOfGas)
                    && case.gas_limit.is_none()
                {
                    return Err(format!(
                        "expected error {expected:?}, got out of gas at gas limit {limit} \
                         (required_gas {required})"
                    ));
                }
                let line = format!(": error \"{e}\" (expected \"{expected}\")");
                Ok(Some(match want {
                    // Below an explicit `GasLimit`, out of gas is as good as any error.
                    Some(w)
                        if w != got
                            && !(got == ErrorKind::OutOfGas && case.gas_limit.is_some()) =>
                    {
                        (format!("{line}: different kind of error"), true)
                    }
                    // go-ethereum's `fail-*` files: show our error beside theirs.
                    _ => (line, fail_file),
                }))
            }
        };
    }
    let expected = decode_hex(
        case.expected
            .as_deref()
            .ok_or("neither Expected nor ExpectedError")?,
    )?;
    let mut problems = Vec::new();
    if let Some(gas) = case.gas {
        if required != gas {
            problems.push(format!("required_gas {required}, expected Gas {gas}"));
        }
    }
    let limit = case.gas.unwrap_or(required);
    match p.run(&input, limit) {
        Ok(out) => {
            if out.bytes != expected {
                problems.push(format!(
                    "expected output {}, got {}",
                    short_hex(&expected),
                    short_hex(&out.bytes)
                ));
            }
            if out.gas_used != limit {
                problems.push(format!("gas_used {} at gas limit {limit}", out.gas_used));
            }
        }
        Err(e) => problems.push(format!(
            "expected output {}, got error \"{e}\" at gas limit {limit}",
            short_hex(&expected)
        )),
    }
    if limit > 0 {
        match p.run(&input, limit - 1) {
            Err(PrecompileError::OutOfGas) => {}
            Err(e) => problems.push(format!(
                "at gas {} expected out of gas, got \"{e}\"",
                limit - 1
            )),
            Ok(_) => problems.push(format!(
                "at gas {} expected out of gas, got success",
                limit - 1
            )),
        }
    }
    if problems.is_empty() {
        Ok(None)
    } else {
        let mut s = String::new();
        for (i, pr) in problems.iter().enumerate() {
            if i > 0 {
                s.push_str("; ");
            }
            let _ = write!(s, "{pr}");
        }
        Err(s)
    }
}

/// A coarse kind of error, to compare our errors with go-ethereum's and revm's texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ErrorKind {
    OutOfGas,
    Length,
    Flag,
    FieldRange,
    Padding,
    NotOnCurve,
    Subgroup,
    ModexpTooLarge,
    KzgHash,
    KzgInput,
    KzgVerify,
    Other,
}

impl ErrorKind {
    /// The kind of one of our errors.
    fn of_error(e: &PrecompileError) -> Self {
        use PrecompileError as E;
        match e {
            E::OutOfGas => Self::OutOfGas,
            E::InvalidInputLength { .. } => Self::Length,
            E::ModexpInputTooLarge => Self::ModexpTooLarge,
            E::Blake2InvalidFinalFlag => Self::Flag,
            E::Bn254FieldElementOutOfRange | E::BlsFieldElementOutOfRange => Self::FieldRange,
            E::Bn254G1NotOnCurve | E::Bn254G2NotOnCurve | E::BlsPointNotOnCurve => Self::NotOnCurve,
            E::Bn254G2NotInSubgroup | E::BlsPointNotInSubgroup => Self::Subgroup,
            E::BlsInvalidFieldPadding => Self::Padding,
            E::KzgInvalidVersionedHash => Self::KzgHash,
            E::KzgInvalidInput => Self::KzgInput,
            E::KzgVerificationFailed => Self::KzgVerify,
            _ => Self::Other,
        }
    }

    /// The kind of a go-ethereum or revm error text, when it is recognisable.
    fn of_text(text: &str) -> Option<Self> {
        let t = text.to_ascii_lowercase();
        let has = |s: &str| t.contains(s);
        Some(if has("out of gas") {
            Self::OutOfGas
        } else if has("mismatched blob version") || has("versioned hash") {
            Self::KzgHash
        } else if has("verifying blob kzg proof failed") || has("proof verification failed") {
            Self::KzgVerify
        } else if t.starts_with("kzg ") {
            Self::KzgInput
        } else if has("length") {
            Self::Length
        } else if has("flag") {
            Self::Flag
        } else if has("top bytes") || has("padding") {
            Self::Padding
        } else if has("fp.element") || has("non-canonical") {
            Self::FieldRange
        } else if has("not on curve") {
            Self::NotOnCurve
        } else if has("subgroup") {
            Self::Subgroup
        } else if has("modexp limit") || has("eip-7823") {
            Self::ModexpTooLarge
        } else {
            return None;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_like_geth() {
        let t = |s| resolve_name(s).unwrap();
        let m = |number, fork| Target::Mainnet { number, fork };
        assert_eq!(t("bn256Add"), (m(6, Fork::Istanbul), false));
        assert_eq!(t("modexp"), (m(5, Fork::Byzantium), false));
        assert_eq!(t("modexp_eip2565"), (m(5, Fork::Berlin), false));
        assert_eq!(t("modexp_eip7883"), (m(5, Fork::Osaka), false));
        assert_eq!(t("blsG1Mul"), (m(0x0c, Fork::Prague), false));
        assert_eq!(t("fail-blake2f"), (m(9, Fork::Istanbul), true));
        assert_eq!(t("fail-blsG2Mul"), (m(0x0e, Fork::Prague), true));
        assert_eq!(t("p256Verify"), (m(0x100, Fork::Osaka), false));
        assert_eq!(t("modexp_osaka"), (m(5, Fork::Osaka), false));
        assert_eq!(t("bn256Pairing_byzantium"), (m(8, Fork::Byzantium), false));
        assert_eq!(t("p256VerifyRip7212"), (Target::P256Rip7212, false));
        assert!(resolve_name("unknown").is_none());
        assert!(resolve_name("modexp_neverland").is_none());
    }

    #[test]
    fn addresses() {
        assert_eq!(parse_address("0x0c"), Ok(0x0c));
        assert_eq!(parse_address("100"), Ok(0x100));
        assert_eq!(
            parse_address("0x0000000000000000000000000000000000000100"),
            Ok(0x100)
        );
        assert!(parse_address("0x00").is_err());
    }
}
