//! Test-only access to go-ethereum's precompile vectors in `../shared/vectors/geth/` for the
//! unit tests of every precompile module, through `testkit::vectors` (the one loader). When the
//! directory is absent the vector tests fail under `CI=true` and otherwise skip with a line on
//! stderr; a missing, malformed or empty file always fails.

use crate::Precompile;
pub use testkit::vectors::Vector;

/// The vectors of go-ethereum's `file` (for example `"ecRecover.json"`), or `None` when the
/// directory is absent outside CI (a skip line is printed).
///
/// # Panics
/// When the directory is absent under `CI=true`, or the file is missing, malformed or empty.
pub fn load(file: &str) -> Option<Vec<Vector>> {
    testkit::vectors::load_geth(file).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs every vector of `file` through `p`: expected outputs and gas must match (and
/// `required_gas` must equal the vector's gas), and `ExpectedError` vectors must fail. Returns
/// how many vectors ran (0 only when the directory is absent outside CI).
pub fn check_vectors(p: &Precompile, file: &str) -> usize {
    let Some(vectors) = load(file) else {
        return 0;
    };
    for v in &vectors {
        let res = p.run(&v.input, u64::MAX / 2);
        match &v.expected {
            Some(out) => {
                let got = res.unwrap_or_else(|e| panic!("{file} {}: {e}", v.name));
                assert_eq!(&got.bytes, out, "{file} {}", v.name);
                if let Some(gas) = v.gas {
                    assert_eq!(got.gas_used, gas, "{file} {}", v.name);
                    assert_eq!(p.required_gas(&v.input), gas, "{file} {}", v.name);
                }
            }
            None => assert!(res.is_err(), "{file} {} should fail", v.name),
        }
    }
    vectors.len()
}
