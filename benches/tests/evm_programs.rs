//! Smoke check of the EVM report's programs (under `cargo test`, so in `cargo xtask test`):
//! for every program, its input with the shortest calldata (the `b0` variant of each opcode
//! loop) gives the same status, gas and output under stock revm, uint256 and num-bigint
//! arithmetic, and upstream's expected output; and the Ed25519 driver returns the expected
//! (x, y), as native base-point multiplication does. `cargo xtask evm` checks every input.

use evm_benches::programs::{check_run, ed25519, outcome, Arith};
use testkit::evm_programs::load_programs;

#[test]
fn each_program_agrees_and_returns_its_expected_output() {
    let programs = load_programs().unwrap();
    let mut checked = 0;
    for p in programs.iter().filter(|p| !p.name.ends_with("/b1")) {
        let inputs = p.named_inputs();
        let input = inputs
            .iter()
            .min_by_key(|i| i.calldata_hex.len())
            .expect("at least one input");
        check_run(p, input).unwrap();
        checked += 1;
    }
    assert!(checked >= 30, "{checked}");
}

#[test]
fn ed25519_driver_and_native_agree_with_the_expected_point() {
    let programs = load_programs().unwrap();
    let contracts: Vec<_> = programs.iter().filter(|p| p.group() == "ed25519").collect();
    assert_eq!(contracts.len(), 2);
    for contract in contracts {
        let input = ed25519::series_input(contract).unwrap();
        let want = input.expected_output_hex.clone().unwrap();
        for arith in [Arith::Stock, Arith::Uint256] {
            let o = outcome(&ed25519::runner(arith, contract, &input, 3).run());
            assert_eq!(
                (o.status.as_str(), hex::encode(&o.output)),
                ("success", want.clone())
            );
        }
        let s = ed25519::scalar(&hex::decode(&input.calldata_hex).unwrap());
        let want = hex::decode(&want).unwrap();
        assert!(ed25519::matches_affine(&ed25519::native(&s, 1), &want));
        // A wrong point is told apart: the base point itself (scalar 1) is not s*B.
        let one = ed25519::scalar(&[[0u8; 35].as_slice(), &[1]].concat());
        assert!(!ed25519::matches_affine(&ed25519::native(&one, 1), &want));
    }
}

#[test]
fn a_wrong_expected_output_is_reported() {
    let programs = load_programs().unwrap();
    let p = programs
        .iter()
        .find(|p| p.name == "main/weierstrudel")
        .unwrap();
    let mut input = p.inputs[0].clone();
    input.expected_output_hex = Some("00".into());
    assert!(check_run(p, &input)
        .unwrap_err()
        .contains("expected success with 00"));
}

/// The binary's interleaved timing end to end: one opcode loop checked, then timed in every
/// quick layout by child processes of the binary, combined into `interleaved.json`.
#[test]
fn interleaved_timing_runs_every_layout() {
    let out = std::env::temp_dir().join(format!("evm-programs-test-{}", std::process::id()));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_evm_programs"))
        .args(["--out".as_ref(), out.as_os_str()])
        .args(["--quick", "--interleaved", "--filter", "^synth/ADD/b0/"])
        .status()
        .unwrap();
    assert!(status.success());
    let file: testkit::evm_programs::InterleavedFile =
        testkit::files::read_json(&out.join("interleaved.json")).unwrap();
    let (layouts, rounds) = evm_benches::programs::interleaved::layouts(true);
    assert_eq!(file.ratios.len(), 1);
    let x = &file.ratios[0];
    assert_eq!(
        (x.id.as_str(), x.rounds),
        ("synth/ADD/b0/empty", layouts * rounds)
    );
    assert!(0.0 < x.low && x.low <= x.ratio && x.ratio <= x.high && x.high.is_finite());
    std::fs::remove_dir_all(&out).unwrap();
}
