//! The one loader (and writer) of precompile test vectors in go-ethereum's JSON format, and the
//! policy for go-ethereum's own vector files in `../shared/vectors/geth/`.
//!
//! A vector file is a non-empty JSON list:
//!
//! ```json
//! [{"Input": "hex", "Expected": "hex", "Name": "...", "Gas": 123, "NoBenchmark": false},
//!  {"Input": "hex", "ExpectedError": "text", "Name": "...", "GasLimit": 100}]
//! ```
//!
//! `GasLimit` is our extension (the limit a failure case runs with). go-ethereum's files are
//! not part of a clone: under `CI=true` a missing directory is an error, elsewhere the tests
//! that need it say loudly on stderr that they skip (see [`geth_dir_if_present`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// One vector: a success (`expected` and usually `gas`) or a failure (`expected_error`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Vector {
    // Fields in alphabetical order: serialised, they give the key order of `vectors/*.json`.
    /// The output of a successful call.
    #[serde(default, with = "hex_opt", skip_serializing_if = "Option::is_none")]
    pub expected: Option<Vec<u8>>,
    /// The error text of a failing call (go-ethereum's or the generating oracle's wording).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_error: Option<String>,
    /// The gas a successful call uses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gas: Option<u64>,
    /// Our extension: the gas limit a failure case runs with (default: its `required_gas`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gas_limit: Option<u64>,
    /// The input bytes (hex in the file, with or without `0x`).
    #[serde(with = "hex_bytes")]
    pub input: Vec<u8>,
    /// The vector's name (may be empty).
    #[serde(default)]
    pub name: String,
    /// go-ethereum's flag for vectors its benchmarks leave out.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_benchmark: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Decodes hex with an optional `0x` prefix and surrounding whitespace.
fn decode_hex(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).map_err(|e| format!("bad hex: {e}"))
}

mod hex_bytes {
    use super::*;

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        decode_hex(&text).map_err(serde::de::Error::custom)
    }
}

mod hex_opt {
    use super::*;

    pub fn serialize<S: Serializer>(bytes: &Option<Vec<u8>>, s: S) -> Result<S::Ok, S::Error> {
        match bytes {
            Some(b) => s.serialize_str(&hex::encode(b)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|text| decode_hex(&text).map_err(serde::de::Error::custom))
            .transpose()
    }
}

/// Parses the text of a vector file; an error names what is wrong, including an empty list
/// (a file that tests nothing).
pub fn parse(text: &str) -> Result<Vec<Vector>, String> {
    let vectors: Vec<Vector> =
        serde_json::from_str(text).map_err(|e| format!("not a list of vectors: {e}"))?;
    if vectors.is_empty() {
        return Err("no vectors in the file".into());
    }
    Ok(vectors)
}

/// Reads and parses vector file `path` (see [`parse`]); the error names the file.
pub fn load_file(path: &Path) -> Result<Vec<Vector>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `vectors` to `path` as pretty-printed JSON with a final newline (the format of
/// `vectors/*.json`).
pub fn write_file(path: &Path, vectors: &[Vector]) -> Result<(), String> {
    let text = serde_json::to_string_pretty(vectors).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))
}

/// Where go-ethereum's precompile vector files live: `../shared/vectors/geth/` beside the
/// workspace root.
pub fn geth_dir() -> PathBuf {
    // This crate is `<root>/crates/testkit`.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("testkit lives in <root>/crates/testkit");
    root.parent().unwrap_or(root).join("shared/vectors/geth")
}

/// Whether this is a CI run (`CI` set to `true` or `1`, as CI services do).
pub fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// [`geth_dir`] when it exists. When it does not: an error under CI (`CI=true`), else `None`
/// after a line on stderr that says what is skipped (written past the test harness's output
/// capture, so `cargo test` shows it).
pub fn geth_dir_if_present(what: &str) -> Result<Option<PathBuf>, String> {
    let dir = geth_dir();
    if dir.is_dir() {
        return Ok(Some(dir));
    }
    if on_ci() {
        return Err(format!(
            "{what}: go-ethereum's vectors are required under CI=true, but {} does not exist",
            dir.display()
        ));
    }
    let _ = writeln!(
        std::io::stderr(),
        "\nSKIPPED {what}: go-ethereum's vectors not found at {} (under CI=true this fails)",
        dir.display()
    );
    Ok(None)
}

/// The vectors of go-ethereum's file `file` (e.g. `"ecRecover.json"`): `Ok(None)` when the
/// directory is absent outside CI (see [`geth_dir_if_present`]); an error when the directory is
/// absent under CI, or when the file is missing, malformed or empty.
pub fn load_geth(file: &str) -> Result<Option<Vec<Vector>>, String> {
    match geth_dir_if_present(file)? {
        Some(dir) => load_file(&dir.join(file)).map(Some),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_the_file_format() {
        let text = r#"[
  {
    "Expected": "",
    "Gas": 60,
    "Input": "0102",
    "Name": "ok",
    "NoBenchmark": true
  },
  {
    "ExpectedError": "out of gas",
    "GasLimit": 5,
    "Input": "",
    "Name": "short"
  }
]"#;
        let v = parse(text).unwrap();
        assert_eq!(v[0].input, [1, 2]);
        assert_eq!(v[0].expected, Some(vec![]));
        assert_eq!(v[0].gas, Some(60));
        assert!(v[0].no_benchmark);
        assert_eq!(v[1].expected, None);
        assert_eq!(v[1].expected_error.as_deref(), Some("out of gas"));
        assert_eq!(v[1].gas_limit, Some(5));
        assert_eq!(serde_json::to_string_pretty(&v).unwrap(), text);
    }

    #[test]
    fn bad_files_are_errors() {
        assert!(parse("[]").unwrap_err().contains("no vectors"));
        assert!(parse("{}").is_err());
        assert!(parse(r#"[{"Input": "zz"}]"#).unwrap_err().contains("hex"));
        assert!(parse(r#"[{"Name": "no input"}]"#).is_err());
        assert_eq!(parse(r#"[{"Input": "0xff"}]"#).unwrap()[0].input, [0xff]);
        let missing = load_file(Path::new("/nonexistent/x.json")).unwrap_err();
        assert!(missing.contains("/nonexistent/x.json"));
    }

    #[test]
    fn geth_files_load_when_present() {
        // Exercises the CI policy too: under CI=true an absent directory fails here.
        let Some(v) = load_geth("ecRecover.json").unwrap() else {
            return;
        };
        assert!(v.iter().all(|v| v.expected.is_some() && v.gas.is_some()));
    }
}
