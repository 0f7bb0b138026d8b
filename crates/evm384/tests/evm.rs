//! EVM384 v7 opcodes on hand-built memory images.

mod common;

use common::*;
use evm384::evm::{self, EvmError, Offsets, Op};
use evm384::limbs_to_le_bytes;

fn put(mem: &mut [u8], off: usize, v: &[u64; 6]) {
    mem[off..off + 48].copy_from_slice(&limbs_to_le_bytes(v));
}

fn get(mem: &[u8], off: usize) -> [u64; 6] {
    evm384::limbs_from_le_bytes(&mem[off..off + 48]).unwrap()
}

fn word(out: u16, x: u16, y: u16, m: u16) -> [u8; 32] {
    Offsets {
        out,
        x,
        y,
        modulus: m,
    }
    .encode()
}

#[test]
fn offsets_decode_and_gas() {
    let mut w = [0xeeu8; 32]; // bytes 0..24 are ignored
    w[24..32].copy_from_slice(&[0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xff, 0xff]);
    let o = Offsets::decode(&w);
    assert_eq!(
        o,
        Offsets {
            out: 0x0102,
            x: 0x0304,
            y: 0x0506,
            modulus: 0xffff
        }
    );
    assert_eq!(evm::memory_end(Op::AddMod384, &o), 0xffff + 48);
    assert_eq!(evm::memory_end(Op::MulModMont384, &o), 0xffff + 56);
    assert_eq!(
        (
            Op::AddMod384.gas(),
            Op::SubMod384.gas(),
            Op::MulModMont384.gas()
        ),
        (3, 3, 6)
    );
    assert_eq!(
        (
            evm::GAS_ADDMOD384,
            evm::GAS_SUBMOD384,
            evm::GAS_MULMODMONT384
        ),
        (3, 3, 6)
    );
}

#[test]
fn ops_on_memory_image() {
    let p = hex_limbs(BLS12_381_P);
    let n0 = n0_of(&p);
    let x = [1, 2, 3, 4, 5, 0x0100_0000_0000_0000];
    let y = [u64::MAX, 7, 0, 0, 9, 0x0200_0000_0000_0000];
    for be in backends() {
        let mut mem = vec![0u8; 400];
        put(&mut mem, 48, &x);
        put(&mut mem, 96, &y);
        put(&mut mem, 200, &p);
        mem[248..256].copy_from_slice(&n0.to_le_bytes());
        let w = word(0, 48, 96, 200);
        evm::execute_with(be, Op::AddMod384, &mut mem, &w).unwrap();
        assert_eq!(get(&mem, 0), add(&x, &y, &p));
        evm::execute_with(be, Op::SubMod384, &mut mem, &w).unwrap();
        assert_eq!(get(&mem, 0), sub(&x, &y, &p));
        evm::execute_with(be, Op::MulModMont384, &mut mem, &w).unwrap();
        assert_eq!(get(&mem, 0), mul(&x, &y, &p, n0));
        // inputs untouched, nothing else written
        assert_eq!(get(&mem, 48), x);
        assert_eq!(get(&mem, 96), y);
        assert!(mem[256..].iter().all(|&b| b == 0));
    }
}

#[test]
fn overlapping_offsets() {
    let p = hex_limbs(BN254_P);
    let n0 = n0_of(&p);
    let x = [11, 22, 33, 44, 0, 0];
    let y = [5, 6, 7, 8, 0, 0];
    for be in backends() {
        for op in [Op::AddMod384, Op::SubMod384, Op::MulModMont384] {
            // out == x, out == y, x == y, and out partially overlapping x (offset 10)
            for (out, xo, yo) in [
                (0u16, 0u16, 64u16),
                (64, 0, 64),
                (128, 0, 0),
                (10, 0, 64),
                (0, 0, 0),
            ] {
                let mut mem = vec![0u8; 300];
                put(&mut mem, xo as usize, &x);
                if yo != xo {
                    put(&mut mem, yo as usize, &y);
                }
                put(&mut mem, 200, &p);
                mem[248..256].copy_from_slice(&n0.to_le_bytes());
                let (xv, yv) = (get(&mem, xo as usize), get(&mem, yo as usize));
                let expect = match op {
                    Op::AddMod384 => add(&xv, &yv, &p),
                    Op::SubMod384 => sub(&xv, &yv, &p),
                    Op::MulModMont384 => mul(&xv, &yv, &p, n0),
                };
                evm::execute_with(be, op, &mut mem, &word(out, xo, yo, 200)).unwrap();
                assert_eq!(
                    get(&mem, out as usize),
                    expect,
                    "{op:?} {be:?} out={out} x={xo} y={yo}"
                );
            }
        }
    }
}

#[test]
fn out_of_range_offsets() {
    let mut mem = vec![0x5au8; 256];
    for (w, op, needed) in [
        (word(209, 0, 0, 0), Op::AddMod384, 257),
        (word(0, 209, 0, 0), Op::SubMod384, 257),
        (word(0, 0, 65535, 0), Op::AddMod384, 65535 + 48),
        (word(0, 0, 0, 200), Op::MulModMont384, 256), // fits exactly
        (word(0, 0, 0, 201), Op::MulModMont384, 257), // r_inv one byte past the end
        (word(0, 0, 0, 208), Op::AddMod384, 256),     // fits exactly
    ] {
        let before = mem.clone();
        let r = evm::execute(op, &mut mem, &w);
        if needed <= mem.len() {
            assert_eq!(r, Ok(()));
        } else {
            assert_eq!(r, Err(EvmError::OutOfBounds { needed, len: 256 }));
            assert_eq!(mem, before, "memory changed on error");
        }
        assert_eq!(evm::memory_end(op, &Offsets::decode(&w)), needed);
    }
    let e = evm::addmod384(&mut [], &word(0, 0, 0, 0)).unwrap_err();
    assert!(e.to_string().contains("48"));
}

#[test]
fn even_zero_modulus_and_wrong_rinv_are_deterministic() {
    let x = [u64::MAX; 6];
    let y = [3, 0, 0, 0, 0, 1];
    for p in [[0u64; 6], [2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1 << 63]] {
        for n0 in [0u64, 1, u64::MAX] {
            let mut results = vec![];
            for be in backends() {
                let mut mem = vec![0u8; 200];
                put(&mut mem, 0, &x);
                put(&mut mem, 48, &y);
                put(&mut mem, 96, &p);
                mem[144..152].copy_from_slice(&n0.to_le_bytes());
                let mut r = vec![];
                for op in [Op::AddMod384, Op::SubMod384, Op::MulModMont384] {
                    let mut m = mem.clone();
                    evm::execute_with(be, op, &mut m, &word(0, 0, 48, 96)).unwrap();
                    r.push(get(&m, 0));
                }
                assert_eq!(
                    r,
                    vec![add(&x, &y, &p), sub(&x, &y, &p), mul(&x, &y, &p, n0)]
                );
                results.push(r);
            }
            assert!(results.windows(2).all(|w| w[0] == w[1]));
        }
    }
    // mod = 0: ADDMOD384 is (x + y) mod 2^384
    assert_eq!(add(&x, &y, &[0; 6]), [2, 0, 0, 0, 0, 1]);
}

#[test]
fn wrappers() {
    let p = hex_limbs(BLS12_381_P);
    let mut mem = vec![0u8; 160];
    put(&mut mem, 48, &[5, 0, 0, 0, 0, 0]);
    put(&mut mem, 96, &p);
    let w = word(0, 48, 48, 96);
    evm::addmod384(&mut mem, &w).unwrap();
    assert_eq!(get(&mem, 0), [10, 0, 0, 0, 0, 0]);
    evm::submod384(&mut mem, &w).unwrap();
    assert_eq!(get(&mem, 0), [0; 6]);
    let w = word(0, 48, 48, 96);
    let mut big_mem = mem.clone();
    big_mem.resize(152, 0);
    evm::mulmodmont384(&mut big_mem, &w).unwrap();
    assert_eq!(
        get(&big_mem, 0),
        mul(&[5, 0, 0, 0, 0, 0], &[5, 0, 0, 0, 0, 0], &p, 0)
    );
}
