//! revm running a contract with our precompile set (`precompile::revm::RevmPrecompiles`) and our
//! arithmetic opcodes (`uint256_revm::Uint256Arithmetic`), checked against stock revm.
//!
//! The contract computes `a * b mod n` with MULMOD, stores it at memory 0, STATICCALLs SHA256
//! (0x02) on it into memory 32, and returns both words. `cargo run -p evm-arith-examples --bin
//! revm_evm` prints the two words, the gas used, and whether each word equals the same value
//! computed directly (`uint256::evm::mulmod`, `precompile::sha256::digest`) and the whole
//! result equals stock revm's:
//!
//! ```text
//! mulmod: 0xfd3dc529c6eb60fb9d166034cf3c1a5a72324aa9dfd3428a56d7e1ce0179fd9b
//! sha256(mulmod): 373d3a8b61fcbde8c5118ae948ba9c0ef25e1c814c92d551a82e543d4965e390
//! gas used: 21226
//! mulmod matches uint256::evm::mulmod: true
//! sha256 matches precompile::sha256::digest: true
//! same output and gas as stock revm: true
//! ```

use precompile::revm::RevmPrecompiles;
use revm::{
    context::{Context, TxEnv},
    database::{CacheDB, EmptyDB},
    primitives::{hardfork::SpecId, Address, Bytes, TxKind},
    state::{AccountInfo, Bytecode},
    ExecuteEvm, MainBuilder, MainContext,
};
use uint256::U256;
use uint256_revm::Uint256Arithmetic;

const CONTRACT: Address = Address::with_last_byte(0xc0);

/// `PUSH32 n, PUSH32 b, PUSH32 a, MULMOD, PUSH1 0, MSTORE,
/// STATICCALL(GAS, 0x02, 0, 32, 32, 32), POP, RETURN(0, 64)`.
fn contract(a: U256, b: U256, n: U256) -> Vec<u8> {
    let mut code = Vec::new();
    for w in [n, b, a] {
        code.push(0x7f); // PUSH32
        code.extend(w.to_be_bytes());
    }
    code.extend([0x09, 0x60, 0x00, 0x52]); // MULMOD, PUSH1 0, MSTORE
                                           // retSize, retOffset, argsSize, argsOffset, address, gas; STATICCALL; POP
    code.extend([
        0x60, 32, 0x60, 32, 0x60, 32, 0x60, 0, 0x60, 0x02, 0x5a, 0xfa, 0x50,
    ]);
    code.extend([0x60, 64, 0x60, 0, 0xf3]); // RETURN(0, 64)
    code
}

fn main() {
    let n =
        U256::from_hex_str("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
            .expect("hex"); // secp256k1's field prime
    let a =
        U256::from_hex_str("0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
            .expect("hex");
    let b =
        U256::from_hex_str("0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
            .expect("hex");

    let mut db = CacheDB::new(EmptyDB::default());
    db.insert_account_info(
        CONTRACT,
        AccountInfo::default().with_code(Bytecode::new_legacy(contract(a, b, n).into())),
    );
    let spec = SpecId::OSAKA;
    let ctx = Context::mainnet()
        .with_db(db)
        .modify_cfg_chained(|cfg| cfg.set_spec_and_mainnet_gas_params(spec));
    let tx = TxEnv::builder()
        .kind(TxKind::Call(CONTRACT))
        .data(Bytes::new())
        .gas_limit(1_000_000)
        .build()
        .expect("a valid transaction");

    // Ours: the precompile provider and the arithmetic opcodes swapped, one line each.
    let mut ours = ctx
        .clone()
        .build_mainnet()
        .with_uint256_arithmetic()
        .with_precompiles(RevmPrecompiles::new(spec));
    let mut stock = ctx.build_mainnet();
    let result = ours.transact(tx.clone()).expect("runs").result;
    let reference = stock.transact(tx).expect("runs").result;
    assert!(result.is_success(), "{result:?}");
    let out = result.output().expect("an output").to_vec();
    let word = U256::from_be_slice(&out[..32]).expect("32 bytes");

    println!("mulmod: {word:#x}");
    println!("sha256(mulmod): {}", hex::encode(&out[32..]));
    println!("gas used: {}", result.tx_gas_used());
    println!(
        "mulmod matches uint256::evm::mulmod: {}",
        word == uint256::evm::mulmod(a, b, n)
    );
    println!(
        "sha256 matches precompile::sha256::digest: {}",
        out[32..] == precompile::sha256::digest(&out[..32])
    );
    println!(
        "same output and gas as stock revm: {}",
        result.output() == reference.output() && result.tx_gas_used() == reference.tx_gas_used()
    );
}
