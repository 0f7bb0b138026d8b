//! x86-64 assembly for MODEXP's row kernel: `r += a · b` four limbs per step with MULX (BMI2)
//! and two independent carry chains, ADCX (carry flag: adding `r`) and ADOX (overflow flag:
//! adding the previous product's high limb). The only `unsafe` of MODEXP lives here.
#![allow(unsafe_code)]

use core::arch::asm;

/// Proof that the CPU has BMI2 and ADX: only [`Adx::detect`] makes one.
#[derive(Clone, Copy, Debug)]
pub struct Adx(());

impl Adx {
    /// `Some` when the CPU running this has BMI2 (MULX) and ADX (ADCX/ADOX).
    pub fn detect() -> Option<Self> {
        (std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx"))
            .then_some(Adx(()))
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
            // The carry limb: the last high limb plus both pending flags (it cannot overflow:
            // r + a·b < 2^64 · 2^(64·len)).
            "mov {lo:e}, 0",
            "adcx {hi}, {lo}",
            "adox {hi}, {lo}",
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
