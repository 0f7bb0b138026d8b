//! Stock revm with our crypto backend: one call at start-up, `precompile::revm_crypto::install()`,
//! and every precompile of revm's own set (its parsing, gas and errors) computes its hashes,
//! curve operations, MODEXP and BLAKE2F with this workspace's code.
//!
//! `cargo run -p evm-arith-examples --bin revm_crypto` prints:
//!
//! ```text
//! installed: true
//! backend: RevmCrypto
//! sha256("abc"): ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
//! bn254 add(G, G): 030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd315ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4
//! modexp(3, 5, 7): 05
//! ```

use revm::{
    context::{Context, TxEnv},
    database::{CacheDB, EmptyDB},
    primitives::{hardfork::SpecId, Address, Bytes, TxKind},
    ExecuteEvm, MainBuilder, MainContext,
};

fn main() {
    // Once per process, before revm's first precompile call (which would fix its default).
    let installed = precompile::revm_crypto::install();
    println!("installed: {installed}");
    println!("backend: {:?}", revm::precompile::crypto());

    // Stock revm: its own precompile set, nothing else changed.
    let spec = SpecId::OSAKA;
    let mut evm = Context::mainnet()
        .with_db(CacheDB::new(EmptyDB::default()))
        .modify_cfg_chained(|cfg| cfg.set_spec_and_mainnet_gas_params(spec))
        .build_mainnet();
    let mut call = |number: u8, input: Vec<u8>| {
        let tx = TxEnv::builder()
            .kind(TxKind::Call(Address::with_last_byte(number)))
            .data(Bytes::from(input))
            .gas_limit(1_000_000)
            .build()
            .expect("a valid transaction");
        let result = evm.transact(tx).expect("the transaction runs").result;
        assert!(result.is_success(), "precompile {number:#x}: {result:?}");
        hex::encode(result.output().expect("an output"))
    };

    println!("sha256(\"abc\"): {}", call(0x02, b"abc".to_vec()));
    // ECADD (0x06) of the BN254 generator (1, 2) with itself.
    let mut g = [0u8; 64];
    g[31] = 1;
    g[63] = 2;
    println!("bn254 add(G, G): {}", call(0x06, [g, g].concat()));
    // MODEXP (0x05): lengths 1, 1, 1, then base 3, exponent 5, modulus 7.
    let mut modexp = vec![0u8; 96];
    modexp[31] = 1;
    modexp[63] = 1;
    modexp[95] = 1;
    modexp.extend([3, 5, 7]);
    println!("modexp(3, 5, 7): {}", call(0x05, modexp));
}
