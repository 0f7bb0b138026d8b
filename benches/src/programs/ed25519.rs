//! The execution-environment series: the Ed25519 `scalarMultBase(uint256)` contract called `n`
//! times in one transaction by a driver contract, against native base-point multiplication
//! (curve25519-dalek) repeated `n` times.

use super::Arith;
use crate::evm::BytecodeRunner;
use curve25519_dalek::{EdwardsPoint, Scalar};
use revm::context::ContextTr;
use revm::handler::EthPrecompiles;
use revm::primitives::Address;
use revm::state::{AccountInfo, Bytecode};
use testkit::evm_programs::{DriverRecord, Program, ProgramInput, SeriesRecord};

/// Where the driver finds the Ed25519 contract.
pub const TARGET: Address = Address::with_last_byte(0xed);

/// The input of the series: the clamped scalar of RFC 8032's first test key.
pub const SERIES_INPUT: &str = "rfc8032_test1_clamped_scalar";

/// Calls per transaction of the series: 1, 10, 100, 1000, and 10^4 outside quick mode.
pub fn series(quick: bool) -> Vec<u64> {
    let mut n = vec![1, 10, 100, 1000];
    if !quick {
        n.push(10_000);
    }
    n
}

/// Driver code: copies its calldata to memory, then `n` times STATICCALLs [`TARGET`] with it
/// (all gas, 64 bytes returned at 0x100), reverting if a call fails; then RETURNs the last
/// call's 64 bytes.
pub fn driver_code(n: u16) -> Vec<u8> {
    let mut code = vec![0x36, 0x5f, 0x5f, 0x37]; // CALLDATACOPY(0, 0, CALLDATASIZE)
    let [hi, lo] = n.to_be_bytes();
    code.extend_from_slice(&[0x61, hi, lo]); // PUSH2 n (the counter)
    let top = code.len() as u8;
    code.push(0x5b); // JUMPDEST
                     // STATICCALL(GAS, TARGET, 0, CALLDATASIZE, 0x100, 0x40)
    code.extend_from_slice(&[0x60, 0x40, 0x61, 0x01, 0x00, 0x36, 0x5f, 0x73]);
    code.extend_from_slice(TARGET.as_slice());
    code.extend_from_slice(&[0x5a, 0xfa]);
    let fail_at = code.len() + 1; // the PUSH1 operand, patched below
    code.extend_from_slice(&[0x15, 0x60, 0x00, 0x57]); // JUMPI(fail, !success)
    code.extend_from_slice(&[0x60, 0x01, 0x90, 0x03]); // counter - 1
    code.extend_from_slice(&[0x80, 0x60, top, 0x57]); // JUMPI(top, counter)
    code.extend_from_slice(&[0x60, 0x40, 0x61, 0x01, 0x00, 0xf3]); // RETURN(0x100, 0x40)
    code[fail_at + 1] = code.len() as u8;
    code.extend_from_slice(&[0x5b, 0x5f, 0x5f, 0xfd]); // fail: REVERT(0, 0)
    code
}

/// The short name of an Ed25519 contract (`dela`, `javgh`: the last `_` part of its name).
pub fn short_name(contract: &Program) -> &str {
    contract.name.rsplit('_').next().unwrap_or(&contract.name)
}

/// The input of the series (its expected output is the (x, y) every run must return).
pub fn series_input(contract: &Program) -> Result<ProgramInput, String> {
    contract
        .inputs
        .iter()
        .find(|i| i.name == SERIES_INPUT)
        .filter(|i| i.expected_output_hex.is_some())
        .cloned()
        .ok_or_else(|| {
            format!(
                "{}: no input {SERIES_INPUT} with an expected output",
                contract.name
            )
        })
}

/// The series of `contract` for `programs.json` (the Go harness runs it).
pub fn series_record(contract: &Program, quick: bool) -> Result<SeriesRecord, String> {
    let input = series_input(contract)?;
    let drivers = series(quick)
        .into_iter()
        .map(|n| {
            let n16 =
                u16::try_from(n).map_err(|_| format!("N = {n} exceeds the driver's PUSH2"))?;
            Ok(DriverRecord {
                n,
                code_hex: hex::encode(driver_code(n16)),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(SeriesRecord {
        name: short_name(contract).to_string(),
        contract_code_hex: contract.code_hex.clone(),
        target: TARGET.to_string(),
        calldata_hex: input.calldata_hex.clone(),
        expected_output_hex: input.expected_output_hex.clone().unwrap_or_default(),
        drivers,
    })
}

/// A runner of one transaction making `n` calls of `contract` with `input`, under `arith`.
pub fn runner(
    arith: Arith,
    contract: &Program,
    input: &ProgramInput,
    n: u16,
) -> BytecodeRunner<EthPrecompiles> {
    let calldata = hex::decode(&input.calldata_hex).expect("hex calldata");
    let mut r = arith.runner(driver_code(n), &calldata);
    let code = hex::decode(&contract.code_hex).expect("hex code");
    r.evm_mut().ctx.db_mut().insert_account_info(
        TARGET,
        AccountInfo::default().with_code(Bytecode::new_legacy(code.into())),
    );
    r
}

/// The scalar of a `scalarMultBase` calldata (selector, then the 32-byte big-endian `s`),
/// reduced modulo the group order.
pub fn scalar(calldata: &[u8]) -> Scalar {
    let mut le: [u8; 32] = calldata[4..36].try_into().expect("36-byte calldata");
    le.reverse();
    Scalar::from_bytes_mod_order(le)
}

/// Native `n` base-point multiplications by `s`, each to its compressed (affine) encoding;
/// returns the last.
pub fn native(s: &Scalar, n: u64) -> [u8; 32] {
    let mut last = [0u8; 32];
    for _ in 0..n {
        last = EdwardsPoint::mul_base(std::hint::black_box(s))
            .compress()
            .to_bytes();
    }
    last
}

/// Whether a compressed point (little-endian y, x's parity in the top bit) is the affine
/// `(x, y)` a contract returned (two 32-byte big-endian words). y and the sign of x determine
/// the point, so this is a complete check.
pub fn matches_affine(compressed: &[u8; 32], xy: &[u8]) -> bool {
    if xy.len() != 64 {
        return false;
    }
    let mut y = xy[32..].to_vec();
    y.reverse();
    let x_odd = xy[31] & 1;
    let mut c = *compressed;
    let sign = c[31] >> 7;
    c[31] &= 0x7f;
    c[..] == y[..] && sign == x_odd
}
