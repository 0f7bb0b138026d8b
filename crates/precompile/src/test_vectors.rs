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

/// The gas contract of one call of `p` on `input` at `gas_limit`: a success uses exactly
/// `required_gas(input)`, within the limit; `OutOfGas` only when that is above the limit; any
/// other error only when it is within (the price is checked before the input is).
pub fn check_gas_contract(
    p: &Precompile,
    input: &[u8],
    gas_limit: u64,
) -> Result<(), proptest::test_runner::TestCaseError> {
    use proptest::{prop_assert, prop_assert_eq};
    let gas = p.required_gas(input);
    match p.run(input, gas_limit) {
        Ok(out) => {
            prop_assert!(out.gas_used <= gas_limit);
            prop_assert_eq!(out.gas_used, gas);
        }
        Err(crate::PrecompileError::OutOfGas) => prop_assert!(gas > gas_limit),
        Err(_) => prop_assert!(gas <= gas_limit),
    }
    Ok(())
}
