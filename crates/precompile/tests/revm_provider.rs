//! Our revm precompile provider: every precompile of every fork through revm, ours against
//! revm's default provider, as the transaction's target and through a STATICCALL.
#![cfg(feature = "revm")]

use precompile::revm::{fork_from_spec, run_as_revm, spec_from_fork, RevmPrecompiles};
use precompile::{precompiles, Fork};
use revm::{
    context::{result::ExecutionResult, Context, TxEnv},
    database::{CacheDB, EmptyDB},
    handler::PrecompileProvider,
    precompile::PrecompileHalt,
    primitives::{hardfork::SpecId, Address, Bytes, TxKind, U256},
    state::{AccountInfo, Bytecode},
    ExecuteEvm, MainBuilder, MainContext,
};

const CALLER: Address = Address::with_last_byte(0xca);
const PROXY: Address = Address::with_last_byte(0xee);

/// What a transaction produced: success, gas used and output.
fn outcome(r: ExecutionResult) -> (bool, u64, Vec<u8>) {
    (
        r.is_success(),
        r.tx_gas_used(),
        r.output().map(|b| b.to_vec()).unwrap_or_default(),
    )
}

/// Runs `input` against precompile `number` through revm with ours and with revm's
/// default provider: as the transaction's target and through a STATICCALL from a contract.
fn compare(spec: SpecId, number: u16, input: &[u8], gas: u64) {
    let mut db = CacheDB::new(EmptyDB::default());
    db.insert_account_info(
        CALLER,
        AccountInfo {
            balance: U256::from(10u64).pow(U256::from(20u64)),
            ..Default::default()
        },
    );
    db.insert_account_info(
        PROXY,
        AccountInfo::default().with_code(Bytecode::new_legacy(
            testkit::proxy::forward_code(number).into(),
        )),
    );
    let ctx = Context::mainnet().with_db(db).modify_cfg_chained(|cfg| {
        cfg.set_spec_and_mainnet_gas_params(spec);
        cfg.tx_gas_limit_cap = Some(u64::MAX);
    });
    let mut theirs = ctx.clone().build_mainnet();
    let mut ours = ctx
        .build_mainnet()
        .with_precompiles(RevmPrecompiles::new(spec));
    for to in [Address::from(precompile::address(number)), PROXY] {
        let tx = TxEnv::builder()
            .caller(CALLER)
            .kind(TxKind::Call(to))
            .data(Bytes::copy_from_slice(input))
            .gas_limit(gas)
            .build()
            .unwrap();
        let a = outcome(ours.transact(tx.clone()).unwrap().result);
        let b = outcome(theirs.transact(tx).unwrap().result);
        assert_eq!(
            a,
            b,
            "{spec:?} precompile {number:#x} via {to}: input {} gas {gas}: ours vs revm",
            hex::encode(input)
        );
    }
}

/// A deterministic pseudo-random byte string (xorshift).
fn noise(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect()
}

/// Inputs that exercise the error and trivial paths of precompile `number`: empty, zeros
/// of a valid length, noise of a valid length, a wrong length.
fn inputs(number: u16) -> Vec<Vec<u8>> {
    let len = match number {
        0x01 => 128,
        0x05 => 96 + 3,
        0x06 => 128,
        0x07 => 96,
        0x08 => 192,
        0x09 => 213,
        0x0a => 192,
        0x0b => 256,
        0x0c => 160,
        0x0d => 512,
        0x0e => 288,
        0x0f => 384,
        0x10 => 64,
        0x11 => 128,
        0x100 => 160,
        _ => 64,
    };
    let mut modexp = vec![0u8; 96];
    modexp[31] = 1;
    modexp[63] = 1;
    modexp[95] = 1;
    modexp.extend([3, 5, 7]); // 3^5 mod 7
    let mut blake = vec![0u8; 213];
    blake[3] = 12; // 12 rounds, final flag 0
    vec![
        vec![],
        vec![0; len],
        noise(len, u64::from(number) + 1),
        vec![0; len + 1],
        if number == 0x05 { modexp } else { noise(32, 7) },
        if number == 0x09 {
            blake
        } else {
            vec![0xff; len]
        },
    ]
}

#[test]
fn fork_mapping_round_trips() {
    for fork in Fork::ALL {
        assert_eq!(fork_from_spec(spec_from_fork(fork)), fork);
    }
    assert_eq!(fork_from_spec(SpecId::LONDON), Fork::Berlin);
    assert_eq!(fork_from_spec(SpecId::AMSTERDAM), Fork::Osaka);
}

#[test]
fn provider_contains_exactly_the_fork_set() {
    for fork in Fork::ALL {
        let p = RevmPrecompiles::for_fork(fork);
        let ours: Vec<Address> = p
            .precompiles()
            .iter()
            .map(|p| Address::from(p.address()))
            .collect();
        let theirs = revm::precompile::Precompiles::new(spec_from_fork(fork).into());
        assert_eq!(ours.len(), theirs.len(), "{fork}");
        for a in &ours {
            assert!(theirs.contains(a), "{fork}: {a} is not a revm precompile");
            assert!(<RevmPrecompiles as PrecompileProvider<
                revm::handler::MainnetContext<EmptyDB>,
            >>::contains(&p, a));
        }
    }
}

#[test]
fn calls_through_revm_match_revm_default_provider() {
    for fork in [Fork::Berlin, Fork::Cancun, Fork::Prague, Fork::Osaka] {
        let spec = spec_from_fork(fork);
        for p in precompiles(fork).iter() {
            for input in inputs(p.number()) {
                let price = p.required_gas(&input).min(1 << 40);
                // plenty of gas, and too little for the precompile itself
                compare(spec, p.number(), &input, 1_000_000 + price);
                compare(
                    spec,
                    p.number(),
                    &input,
                    21_000 + 40 * input.len() as u64 + 200,
                );
            }
        }
    }
}

/// Our errors, through `halt_reason` (which never looks at the address), give the halt that
/// revm's own precompile gives on the same input with plenty of gas. One gas short of the
/// price, both must fail (we charge first, as go-ethereum does; revm checks some lengths
/// first, so the reasons may differ there, and both consume all the gas).
#[test]
fn halt_reasons_match_revm_precompiles() {
    let mut halts = 0;
    for fork in Fork::ALL {
        let theirs = revm::precompile::Precompiles::new(spec_from_fork(fork).into());
        for p in precompiles(fork).iter() {
            let q = theirs
                .get(&Address::from(p.address()))
                .expect("revm has every precompile of the fork");
            for input in inputs(p.number()) {
                let context = format!("{fork} {} input {}", p.name(), hex::encode(&input));
                let price = p.required_gas(&input);
                if (1..1 << 40).contains(&price) {
                    let ours = run_as_revm(p, &input, price - 1, 0);
                    let revm = q.execute(&input, price - 1, 0).expect("no fatal error");
                    assert!(
                        ours.halt_reason().is_some(),
                        "{context}: ours one gas short"
                    );
                    assert!(
                        revm.halt_reason().is_some(),
                        "{context}: revm one gas short"
                    );
                }
                let ours = run_as_revm(p, &input, 1 << 40, 0);
                let revm = q.execute(&input, 1 << 40, 0).expect("no fatal error");
                // Known difference, not a mapping one: before Osaka, revm halts with its
                // EIP-7823 reason when a MODEXP base or modulus length does not fit in 64 bits,
                // where the price (as go-ethereum computes it) is beyond any gas limit, which
                // we report as out of gas. Both consume all the gas.
                if fork < Fork::Osaka
                    && ours.halt_reason() == Some(&PrecompileHalt::OutOfGas)
                    && revm.halt_reason() == Some(&PrecompileHalt::ModexpEip7823LimitSize)
                {
                    continue;
                }
                assert_eq!(ours.halt_reason(), revm.halt_reason(), "{context}");
                halts += usize::from(ours.halt_reason().is_some());
            }
        }
    }
    assert!(halts > 50, "only {halts} halts compared");
}
