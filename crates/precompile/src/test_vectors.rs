//! Test-only loader of the go-ethereum precompile vectors in `../shared/vectors/geth/`, shared
//! by the unit tests of every precompile module. When the directory is absent (a user's clone)
//! the loader prints a skip message and the vector tests check nothing.

use crate::Precompile;

/// One vector: a success (`expected` and `gas`) or a failure (`expected_error`).
#[derive(Debug)]
pub struct Vector {
    pub name: String,
    pub input: Vec<u8>,
    pub expected: Option<Vec<u8>>,
    pub gas: Option<u64>,
    pub expected_error: Option<String>,
}

/// The vectors of `file` (for example `"ecRecover.json"`), or `None` (with a message printed)
/// when the directory is absent.
pub fn load(file: &str) -> Option<Vec<Vector>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/vectors/geth")
        .join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipping: {} not found", path.display());
        return None;
    };
    let json: serde_json::Value = serde_json::from_str(&text).expect("vector file is JSON");
    let list = json.as_array().expect("vector file is a list");
    Some(
        list.iter()
            .map(|v| Vector {
                name: v["Name"].as_str().unwrap_or_default().to_string(),
                input: hex::decode(v["Input"].as_str().unwrap_or_default()).expect("hex input"),
                expected: v["Expected"]
                    .as_str()
                    .map(|s| hex::decode(s).expect("hex expected")),
                gas: v["Gas"].as_u64(),
                expected_error: v["ExpectedError"].as_str().map(str::to_string),
            })
            .collect(),
    )
}

/// Runs every vector of `file` through `p`: expected outputs and gas must match (and
/// `required_gas` must equal the vector's gas), and `ExpectedError` vectors must fail. Returns
/// how many vectors ran (0 when the directory is absent).
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
