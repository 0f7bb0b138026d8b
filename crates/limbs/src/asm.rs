//! The one place in the crate with `unsafe` code: the x86-64 hardware 128-by-64 division, with a
//! portable fallback of the same contract on other targets.
#![allow(unsafe_code)]

/// Divides the two-limb `hi * 2^64 + lo` by `d`, returning `(quotient, remainder)`.
///
/// **Precondition:** `hi < d` (which implies `d != 0`), so that the quotient fits one limb.
/// Every caller guarantees it; it is still checked (a panic, never the divide error (#DE) the
/// `div r64` instruction would raise): one compare that the callers' own tests make predictable,
/// and that the compiler drops where it can see the caller's check.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn div_2by1(hi: u64, lo: u64, d: u64) -> (u64, u64) {
    assert!(hi < d, "div_2by1: the quotient must fit one limb");
    let q: u64;
    let r: u64;
    // SAFETY: `div` reads only its register operands and writes rax, rdx and the flags; the
    // precondition `hi < d` (guaranteed by every caller, asserted above) rules
    // out both division by zero and quotient overflow, the only cases in which it faults.
    unsafe {
        core::arch::asm!(
            "div {d}",
            d = in(reg) d,
            inout("rax") lo => q,
            inout("rdx") hi => r,
            options(pure, nomem, nostack),
        );
    }
    (q, r)
}

/// Portable version of the x86-64 `div_2by1` (same precondition `hi < d`).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn div_2by1(hi: u64, lo: u64, d: u64) -> (u64, u64) {
    div_2by1_portable(hi, lo, d)
}

/// The `u128` reference for [`div_2by1`]; requires `hi < d`.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
pub const fn div_2by1_portable(hi: u64, lo: u64, d: u64) -> (u64, u64) {
    assert!(hi < d, "div_2by1: the quotient must fit one limb");
    let n = ((hi as u128) << 64) | lo as u128;
    ((n / d as u128) as u64, (n % d as u128) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hardware_matches_portable() {
        if cfg!(not(target_arch = "x86_64")) {
            extern crate std;
            use std::io::Write;
            let msg = "limbs: div_2by1 asm skipped (not x86_64); portable tested\n";
            let _ = std::io::stderr().write_all(msg.as_bytes());
        }
        let mut x = 0x243f_6a88_85a3_08d3u64;
        let check = |hi: u64, lo: u64, d: u64| {
            assert_eq!(
                div_2by1(hi, lo, d),
                div_2by1_portable(hi, lo, d),
                "{hi:#x} {lo:#x} / {d:#x}"
            );
        };
        for d in [1, 2, 3, 7, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 32) + 1] {
            check(0, 0, d);
            check(0, u64::MAX, d);
            check(d - 1, u64::MAX, d);
            check(d - 1, 0, d);
            check(d / 2, 12345, d);
        }
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = (x >> (x % 64)).max(1);
            let y = x.rotate_left(23);
            check(y % d, x.rotate_left(41), d);
        }
    }
}
