//! x86-64 assembly for MODEXP's row kernel: `r += a · b` with MULX (BMI2) and two independent
//! carry chains, ADCX (carry flag: adding `r`) and ADOX (overflow flag: adding the previous
//! product's high limb). A loop of four limbs per step for any length ([`Adx::addmul_1_x4`]),
//! and straight-line rows of 1 to 16 limbs for the 16-limb ring ([`super::mont16`]). The only
//! `unsafe` of MODEXP lives here.
#![allow(unsafe_code)]

use core::arch::asm;

/// The asm lines ending a row: the carry limb is the last high limb (in the operand named
/// `$high`) plus both pending flags, CF and OF; `{lo}` is clobbered. It cannot overflow:
/// `r + a·b < 2^64 · 2^(64·len)`.
macro_rules! carry_limb {
    ($high:expr) => {
        concat!(
            "mov {lo:e}, 0\n",
            "adcx {",
            $high,
            "}, {lo}\n",
            "adox {",
            $high,
            "}, {lo}"
        )
    };
}

/// Proof that the CPU has BMI2 and ADX: only [`Adx::detect`] makes one.
#[derive(Clone, Copy, Debug)]
pub struct Adx(());

impl Adx {
    /// `Some` when the CPU running this has BMI2 (MULX) and ADX (ADCX/ADOX).
    pub fn detect() -> Option<Self> {
        // The `montgomery` kernel's detection (CPUID, cached; no `std` needed).
        montgomery::asm::Adx::detect().map(|_| Adx(()))
    }

    /// `r += a · b` for `a.len()` a multiple of 4; returns the carry limb. Panics (a caller
    /// bug) if the lengths differ or are not a multiple of 4; does nothing for empty slices.
    #[inline]
    pub fn addmul_1_x4(self, r: &mut [u64], a: &[u64], b: u64) -> u64 {
        assert!(r.len() == a.len() && a.len().is_multiple_of(4));
        let steps = a.len() / 4;
        if steps == 0 {
            return 0;
        }
        // SAFETY: `self` proves BMI2 and ADX are available; `r` and `a` hold `4 · steps` limbs
        // each (checked above) and the asm reads `a` and reads/writes `r` only within them.
        unsafe { addmul_1_x4(r.as_mut_ptr(), a.as_ptr(), steps, b) }
    }
}

/// `r[..4 · steps] += a[..4 · steps] · b`, returning the carry limb.
///
/// # Safety
/// The CPU must support BMI2 and ADX; `r` and `a` must be valid for `4 · steps` limbs (`r`
/// writable, the two not overlapping) and `steps >= 1`.
///
/// No `#[target_feature]`: the assembler takes the instructions anyway, and without it the
/// function inlines into the row loops (the run-time check is the [`Adx`] token's).
#[inline(always)]
unsafe fn addmul_1_x4(r: *mut u64, a: *const u64, steps: usize, b: u64) -> u64 {
    let carry: u64;
    // The loop counter lives in rcx and is stepped with `lea` and tested with `jrcxz`: neither
    // touches CF or OF, which carry the two addition chains from one step to the next.
    // SAFETY: the caller guarantees the pointers cover `4 · steps` limbs and the CPU features;
    // the asm touches no other memory and no stack.
    unsafe {
        asm!(
            "xor {hi:e}, {hi:e}",
            "2:",
            "mulx {h0}, {lo}, qword ptr [{a}]",
            "adcx {lo}, qword ptr [{r}]",
            "adox {lo}, {hi}",
            "mov qword ptr [{r}], {lo}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {lo}, qword ptr [{r} + 8]",
            "adox {lo}, {h0}",
            "mov qword ptr [{r} + 8], {lo}",
            "mulx {h0}, {lo}, qword ptr [{a} + 16]",
            "adcx {lo}, qword ptr [{r} + 16]",
            "adox {lo}, {hi}",
            "mov qword ptr [{r} + 16], {lo}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adcx {lo}, qword ptr [{r} + 24]",
            "adox {lo}, {h0}",
            "mov qword ptr [{r} + 24], {lo}",
            "lea {a}, [{a} + 32]",
            "lea {r}, [{r} + 32]",
            "lea rcx, [rcx - 1]",
            "jrcxz 3f",
            "jmp 2b",
            "3:",
            carry_limb!("hi"),
            a = inout(reg) a => _,
            r = inout(reg) r => _,
            inout("rcx") steps => _,
            in("rdx") b,
            hi = out(reg) carry,
            h0 = out(reg) _,
            lo = out(reg) _,
            options(nostack),
        );
    }
    carry
}

impl super::rows::FixedRows for Adx {
    /// The straight-line assembly row of length `L` (1 to 16); longer rows go through the
    /// looped kernel (never reached by the 16-limb ring).
    #[inline(always)]
    fn addmul<const L: usize>(self, r: &mut [u64; L], a: &[u64; L], b: u64) -> u64 {
        if L > 16 {
            return super::rows::Rows::Adx(self).addmul_1(r, a, b);
        }
        let (r, a) = (r.as_mut_ptr(), a.as_ptr());
        // SAFETY: `self` proves BMI2 and ADX; each arm's kernel reads `a` and reads/writes `r`
        // for exactly `L` limbs, which the array types guarantee (and `&mut` keeps them
        // apart).
        unsafe {
            match L {
                1 => addmul_l1(r, a, b),
                2 => addmul_l2(r, a, b),
                3 => addmul_l3(r, a, b),
                4 => addmul_l4(r, a, b),
                5 => addmul_l5(r, a, b),
                6 => addmul_l6(r, a, b),
                7 => addmul_l7(r, a, b),
                8 => addmul_l8(r, a, b),
                9 => addmul_l9(r, a, b),
                10 => addmul_l10(r, a, b),
                11 => addmul_l11(r, a, b),
                12 => addmul_l12(r, a, b),
                13 => addmul_l13(r, a, b),
                14 => addmul_l14(r, a, b),
                15 => addmul_l15(r, a, b),
                16 => addmul_l16(r, a, b),
                // L = 0: nothing to add.
                _ => 0,
            }
        }
    }
}

/// Defines `unsafe fn $name(r, a, b) -> u64`: `r[..L] += a[..L] · b` in straight-line code
/// (no loop), one `mulx`/`adcx`/`adox`/`mov` group per `(limb, new high, previous high)`
/// triple, returning the carry limb; `$last` is the register holding the last high limb.
/// The high limbs alternate between two registers so ADOX can add the previous one while
/// MULX writes the next. The caller must guarantee BMI2, ADX and `L` valid limbs at `r`
/// (writable) and `a`, not overlapping.
macro_rules! straight_row {
    ($name:ident, $last:ident; $($i:literal $new:ident $old:ident)*) => {
        #[inline(always)]
        unsafe fn $name(r: *mut u64, a: *const u64, b: u64) -> u64 {
            let carry: u64;
            // SAFETY: the caller guarantees the CPU features and that `r` and `a` cover the
            // limbs named here; the asm touches no other memory and no stack.
            unsafe {
                asm!(
                    // Zeroes the previous high limb and clears CF and OF (both chains).
                    "xor {hi:e}, {hi:e}",
                    $(
                        concat!("mulx {", stringify!($new), "}, {lo}, qword ptr [{a} + 8*", stringify!($i), "]"),
                        concat!("adcx {lo}, qword ptr [{r} + 8*", stringify!($i), "]"),
                        concat!("adox {lo}, {", stringify!($old), "}"),
                        concat!("mov qword ptr [{r} + 8*", stringify!($i), "], {lo}"),
                    )*
                    carry_limb!(stringify!($last)),
                    concat!("mov {lo}, {", stringify!($last), "}"),
                    a = in(reg) a,
                    r = in(reg) r,
                    in("rdx") b,
                    hi = out(reg) _,
                    h0 = out(reg) _,
                    lo = out(reg) carry,
                    options(nostack),
                );
            }
            carry
        }
    };
}

straight_row!(addmul_l1, h0; 0 h0 hi);
straight_row!(addmul_l2, hi; 0 h0 hi 1 hi h0);
straight_row!(addmul_l3, h0; 0 h0 hi 1 hi h0 2 h0 hi);
straight_row!(addmul_l4, hi; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0);
straight_row!(addmul_l5, h0; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi);
straight_row!(addmul_l6, hi; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0);
straight_row!(addmul_l7, h0; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi);
straight_row!(addmul_l8, hi; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0);
straight_row!(addmul_l9, h0; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi);
straight_row!(addmul_l10, hi; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi 9 hi h0);
straight_row!(addmul_l11, h0; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi 9 hi h0 10 h0 hi);
straight_row!(addmul_l12, hi; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi 9 hi h0 10 h0 hi 11 hi h0);
straight_row!(addmul_l13, h0; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi 9 hi h0 10 h0 hi 11 hi h0 12 h0 hi);
straight_row!(addmul_l14, hi; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi 9 hi h0 10 h0 hi 11 hi h0 12 h0 hi 13 hi h0);
straight_row!(addmul_l15, h0; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi 9 hi h0 10 h0 hi 11 hi h0 12 h0 hi 13 hi h0 14 h0 hi);
straight_row!(addmul_l16, hi; 0 h0 hi 1 hi h0 2 h0 hi 3 hi h0 4 h0 hi 5 hi h0 6 h0 hi 7 hi h0 8 h0 hi 9 hi h0 10 h0 hi 11 hi h0 12 h0 hi 13 hi h0 14 h0 hi 15 hi h0);
