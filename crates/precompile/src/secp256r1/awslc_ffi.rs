//! P-256 ECDSA verification on aws-lc through its C API (`aws-lc-sys`), without the
//! `aws-lc-rs` wrapping: the key point is decoded straight into an `EC_KEY` on the static P-256
//! group and `r, s` into an `ECDSA_SIG`, then `ECDSA_do_verify` runs on the raw 32-byte hash.
//!
//! This skips what the safe path pays per call: the SEC1 -> `EVP_PKEY` import with a full
//! `EC_KEY_check_key`, the fixed -> DER signature conversion and its parse back. The checks
//! that decide the result are the same: `EC_POINT_oct2point` rejects coordinates `>= p` and
//! points not on the curve (the point at infinity has no uncompressed encoding, and
//! `EC_KEY_set_public_key` rejects it besides), and `ECDSA_do_verify` rejects `r` or `s`
//! outside `[1, n)`, reads the digest as a big-endian integer (256 bits: no truncation) reduced
//! modulo n, rejects `R'` at infinity and compares `R'.x mod n` with `r`.
//!
//! A failure inside aws-lc that says nothing about the input (an allocation failure above all)
//! aborts the process instead of reading as "invalid signature": a node must never answer
//! differently under memory pressure. The cases are told apart so:
//! - a constructor (`EC_KEY_new`, `EC_POINT_new`, `ECDSA_SIG_new`, `BN_bin2bn`) returning null
//!   has no other cause than allocation: abort;
//! - `EC_KEY_set_group` on a fresh key and `EC_KEY_set_public_key` of a decoded uncompressed
//!   point fail on no input (the point at infinity has no uncompressed encoding): abort;
//! - `EC_POINT_oct2point` and `ECDSA_do_verify` return 0 for a bad point or signature and on an
//!   internal failure alike, so the thread's error queue decides: aws-lc's `OPENSSL_malloc` pushes
//!   `ERR_R_MALLOC_FAILURE` when it fails, and the other reasons of that class (`ERR_R_FATAL`
//!   set, below the library-specific reasons that start at 100: internal error, overflow, null
//!   parameter) abort too; any other reason (`EC_R_POINT_IS_NOT_ON_CURVE`,
//!   `ECDSA_R_BAD_SIGNATURE`, ...) or an empty queue means the input is invalid.
#![allow(unsafe_code)]

use super::Parsed;
use aws_lc_sys::{
    BN_bin2bn, BN_free, ECDSA_SIG_free, ECDSA_SIG_new, ECDSA_SIG_set0, ECDSA_do_verify,
    EC_KEY_free, EC_KEY_new, EC_KEY_set_group, EC_KEY_set_public_key, EC_POINT_free, EC_POINT_mul,
    EC_POINT_new, EC_POINT_oct2point, EC_group_p256, ERR_clear_error, ERR_get_error, BIGNUM,
    ECDSA_SIG, EC_KEY, EC_POINT, ERR_R_FATAL,
};
use core::ptr::{self, NonNull};

/// Owns an aws-lc object and frees it with `free` on drop.
struct Owned<T> {
    ptr: NonNull<T>,
    free: unsafe extern "C" fn(*mut T),
}

impl<T> Owned<T> {
    /// Takes a constructor's result; a null pointer (allocation failure) aborts.
    fn new(ptr: *mut T, free: unsafe extern "C" fn(*mut T)) -> Self {
        match NonNull::new(ptr) {
            Some(ptr) => Self { ptr, free },
            None => internal_failure(),
        }
    }

    fn as_ptr(&self) -> *mut T {
        self.ptr.as_ptr()
    }

    /// Gives up ownership (the object now belongs to another aws-lc object).
    fn into_raw(self) -> *mut T {
        let p = self.ptr.as_ptr();
        core::mem::forget(self);
        p
    }
}

impl<T> Drop for Owned<T> {
    fn drop(&mut self) {
        // SAFETY: `ptr` came non-null from the aws-lc constructor matching `free`, is owned
        // by this guard alone (ownership transfers go through `into_raw`) and is freed once.
        unsafe { (self.free)(self.ptr.as_ptr()) }
    }
}

/// An aws-lc failure that is not a verdict on the input (see the module): abort, so that no
/// caller can read it as "invalid signature".
#[cold]
fn internal_failure() -> ! {
    std::process::abort()
}

/// Whether a packed aws-lc error code is of the fatal common class (`ERR_R_MALLOC_FAILURE`,
/// `ERR_R_INTERNAL_ERROR`, ...): reason `ERR_R_FATAL | k` below 100, where library-specific
/// reasons start (`ERR_PACK` keeps the reason in the low 12 bits).
fn is_fatal(code: u32) -> bool {
    let reason = code & 0xfff;
    reason < 100 && reason & ERR_R_FATAL as u32 != 0
}

/// After an aws-lc call returned failure: drains this thread's error queue; aborts if any entry
/// is fatal ([`is_fatal`]), else the failure was the input's.
fn input_rejected() {
    loop {
        // SAFETY: pops this thread's oldest aws-lc error (0 when the queue is empty).
        let code = unsafe { ERR_get_error() };
        if code == 0 {
            return;
        }
        if is_fatal(code) {
            internal_failure();
        }
    }
}

/// A big-endian 32-byte integer as a fresh `BIGNUM`.
fn bignum(bytes: &[u8; 32]) -> Owned<BIGNUM> {
    // SAFETY: `bytes` is valid for 32 reads; a null `ret` makes aws-lc allocate the result,
    // which the guard frees.
    let bn = unsafe { BN_bin2bn(bytes.as_ptr(), 32, ptr::null_mut()) };
    Owned::new(bn, BN_free)
}

/// The point `(qx, qy)` of P-256 as an `EC_POINT`: `None` when a coordinate is `>= p` or the
/// point is not on the curve.
fn point(qx: &[u8; 32], qy: &[u8; 32]) -> Option<Owned<EC_POINT>> {
    let mut sec1 = [0u8; 65];
    sec1[0] = 4;
    sec1[1..33].copy_from_slice(qx);
    sec1[33..].copy_from_slice(qy);
    // SAFETY: `EC_group_p256` returns a pointer to aws-lc's static P-256 group: never null,
    // valid for the program's life, and `EC_GROUP_free` on it is a no-op (never called here).
    let group = unsafe { EC_group_p256() };
    // SAFETY: `group` is valid; the guard frees the point.
    let point = Owned::new(unsafe { EC_POINT_new(group) }, EC_POINT_free);
    // SAFETY: `point` belongs to `group`, `sec1` is valid for 65 reads, and a null `BN_CTX` is
    // allowed. aws-lc rejects coordinates `>= p` and points off the curve.
    let decoded =
        unsafe { EC_POINT_oct2point(group, point.as_ptr(), sec1.as_ptr(), 65, ptr::null_mut()) };
    if decoded != 1 {
        input_rejected();
        return None;
    }
    Some(point)
}

/// The public key `(qx, qy)` as an `EC_KEY` on P-256: `None` when a coordinate is `>= p` or the
/// point is not on the curve.
fn public_key(qx: &[u8; 32], qy: &[u8; 32]) -> Option<Owned<EC_KEY>> {
    let point = point(qx, qy)?;
    // SAFETY: as in `point`: aws-lc's static P-256 group.
    let group = unsafe { EC_group_p256() };
    // SAFETY: plain constructor; the guard frees the result.
    let key = Owned::new(unsafe { EC_KEY_new() }, EC_KEY_free);
    // SAFETY: `key` and `group` are valid; the key keeps its own reference to the group. A
    // fresh key takes any group: a failure is internal.
    if unsafe { EC_KEY_set_group(key.as_ptr(), group) } != 1 {
        internal_failure();
    }
    // SAFETY: `key` has the point's group; aws-lc copies the point (ours is freed by its guard)
    // and rejects only the point at infinity, which a decoded uncompressed point is not: a
    // failure is internal.
    if unsafe { EC_KEY_set_public_key(key.as_ptr(), point.as_ptr()) } != 1 {
        internal_failure();
    }
    Some(key)
}

/// The signature `(r, s)` as an `ECDSA_SIG`.
fn signature(r: &[u8; 32], s: &[u8; 32]) -> Owned<ECDSA_SIG> {
    // SAFETY: plain constructor; the guard frees the result.
    let sig = Owned::new(unsafe { ECDSA_SIG_new() }, ECDSA_SIG_free);
    let (r, s) = (bignum(r), bignum(s));
    // SAFETY: `sig`, `r` and `s` are valid; with non-null `r` and `s`, `ECDSA_SIG_set0` cannot
    // fail and takes ownership of both (hence `into_raw`: `ECDSA_SIG_free` frees them).
    let ok = unsafe { ECDSA_SIG_set0(sig.as_ptr(), r.into_raw(), s.into_raw()) };
    debug_assert_eq!(ok, 1);
    sig
}

/// Verifies the range-checked fields `p` with aws-lc's `ECDSA_do_verify`: the same decision as
/// [`super::awslc::verify`]. `false` for an invalid key point or signature; aborts the process
/// on a failure inside aws-lc that is not about the input (see the module).
pub(crate) fn verify(p: &Parsed<'_>) -> bool {
    // Start from an empty queue: entries left by other aws-lc users on this thread are not ours.
    // SAFETY: clears this thread's aws-lc error queue.
    unsafe { ERR_clear_error() }
    let Some(key) = public_key(p.qx, p.qy) else {
        return false;
    };
    let sig = signature(p.r, p.s);
    // SAFETY: `p.hash` is valid for 32 reads, `sig` and `key` are valid, fully initialised
    // objects (key with group and public point) that outlive the call.
    let ok = unsafe { ECDSA_do_verify(p.hash.as_ptr(), 32, sig.as_ptr(), key.as_ptr()) } == 1;
    if !ok {
        input_rejected();
    }
    ok
}

/// `u1 G + u2 Q` on aws-lc's P-256 group through its public `EC_POINT_mul` (constant time;
/// `ECDSA_do_verify` runs the library's internal variable-time double multiplication), with the
/// operands decoded once: the benches' cycles table.
pub struct DoubleMul {
    q: Owned<EC_POINT>,
    out: Owned<EC_POINT>,
    u1: Owned<BIGNUM>,
    u2: Owned<BIGNUM>,
}

impl DoubleMul {
    /// The operands: `Q = (qx, qy)` (big-endian; `None` when it is not a point of the curve)
    /// and the big-endian scalars `u1`, `u2`.
    pub fn new(qx: &[u8; 32], qy: &[u8; 32], u1: &[u8; 32], u2: &[u8; 32]) -> Option<Self> {
        // SAFETY: clears this thread's aws-lc error queue (as `verify`).
        unsafe { ERR_clear_error() }
        let q = point(qx, qy)?;
        // SAFETY: aws-lc's static P-256 group (as in `point`); the guard frees the point.
        let out = Owned::new(unsafe { EC_POINT_new(EC_group_p256()) }, EC_POINT_free);
        let (u1, u2) = (bignum(u1), bignum(u2));
        Some(DoubleMul { q, out, u1, u2 })
    }

    /// Computes `u1 G + u2 Q` (into the object's own result point); whether aws-lc succeeded.
    pub fn run(&self) -> bool {
        // SAFETY: every pointer is a valid object of the P-256 group (or a BIGNUM) owned by
        // `self`; a null `BN_CTX` is allowed; the result point is distinct from `q`.
        let ok = unsafe {
            EC_POINT_mul(
                EC_group_p256(),
                self.out.as_ptr(),
                self.u1.as_ptr(),
                self.q.as_ptr(),
                self.u2.as_ptr(),
                ptr::null_mut(),
            )
        };
        ok == 1
    }
}

/// The library name of this backend, as [`crate::Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::AwsLc;

osaka_backend!();

/// EIP-7951 verification of a 160-byte input on aws-lc's C API (the same checks and result as
/// [`super::verify_eip7951`]): `false` on any bad input.
pub fn verify_eip7951(input: &[u8]) -> bool {
    super::parse(input).is_some_and(|p| verify(&p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_lc_sys::ERR_peek_error;

    /// The packing of `ERR_PACK(lib, reason)`.
    fn pack(lib: u32, reason: u32) -> u32 {
        (lib & 0xff) << 24 | (reason & 0xfff)
    }

    #[test]
    fn fatal_class_is_the_common_fatal_reasons_only() {
        use aws_lc_sys::{ERR_R_INTERNAL_ERROR, ERR_R_MALLOC_FAILURE, ERR_R_OVERFLOW};
        for r in [ERR_R_MALLOC_FAILURE, ERR_R_INTERNAL_ERROR, ERR_R_OVERFLOW] {
            assert!(is_fatal(pack(15, r as u32)), "{r}");
        }
        // Library-specific reasons (from 100; several have the 64 bit set) are verdicts.
        for r in [100u32, 101, 107, 120, 1000] {
            assert!(!is_fatal(pack(15, r)), "{r}");
        }
        assert!(!is_fatal(0));
    }

    /// The input failures push non-fatal reasons: they read as "invalid", not as an abort.
    #[test]
    fn bad_point_and_bad_signature_are_verdicts() {
        // x = 1 is not the x of a point with y = 1 on P-256.
        let one = {
            let mut b = [0u8; 32];
            b[31] = 1;
            b
        };
        // SAFETY: clears this thread's error queue.
        unsafe { ERR_clear_error() };
        assert!(public_key(&one, &one).is_none());
        // `input_rejected` drained the queue without aborting; check the reason it saw.
        let mut sec1 = [0u8; 65];
        sec1[0] = 4;
        sec1[32] = 1;
        sec1[64] = 1;
        // SAFETY: as in `public_key`.
        let group = unsafe { EC_group_p256() };
        // SAFETY: as in `public_key`.
        let point = Owned::new(unsafe { EC_POINT_new(group) }, EC_POINT_free);
        // SAFETY: as in `public_key`.
        let r = unsafe {
            EC_POINT_oct2point(group, point.as_ptr(), sec1.as_ptr(), 65, ptr::null_mut())
        };
        assert_eq!(r, 0);
        // SAFETY: reads the newest entry of this thread's queue without popping it.
        let code = unsafe { ERR_peek_error() };
        assert_ne!(code, 0);
        assert!(!is_fatal(code), "code {code:#x}");
        input_rejected();

        // The generator as the key, (r, s) = (1, 1) on the zero hash: a bad signature.
        let hex32 = |h: &str| -> [u8; 32] { hex::decode(h).unwrap().try_into().unwrap() };
        let gx = hex32("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296");
        let gy = hex32("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5");
        let zero = [0u8; 32];
        let key = public_key(&gx, &gy).expect("the generator is a valid key");
        let sig = signature(&one, &one);
        // SAFETY: as in `verify`.
        let ok = unsafe { ECDSA_do_verify(zero.as_ptr(), 32, sig.as_ptr(), key.as_ptr()) };
        assert_eq!(ok, 0);
        // SAFETY: as above.
        let code = unsafe { ERR_peek_error() };
        assert!(!is_fatal(code), "code {code:#x}");
        let parsed = Parsed {
            hash: &zero,
            r: &one,
            s: &one,
            qx: &gx,
            qy: &gy,
        };
        assert!(!verify(&parsed));
    }

    /// An allocation failure inside aws-lc aborts the process (never "invalid"): in a child
    /// process of this test, aws-lc's allocator is replaced by one that fails every request
    /// once armed, then a verification runs; the child must die by SIGABRT.
    #[cfg(unix)]
    #[test]
    fn allocation_failure_aborts() {
        use core::ffi::{c_char, c_int, c_void};
        use std::os::unix::process::ExitStatusExt;
        use std::sync::atomic::{AtomicBool, Ordering};
        const CHILD: &str = "PRECOMPILE_AWSLC_OOM_CHILD";
        static FAIL: AtomicBool = AtomicBool::new(false);
        extern "C" {
            fn malloc(size: usize) -> *mut c_void;
            fn realloc(p: *mut c_void, size: usize) -> *mut c_void;
            fn free(p: *mut c_void);
        }
        unsafe extern "C" fn m(size: usize, _: *const c_char, _: c_int) -> *mut c_void {
            if FAIL.load(Ordering::SeqCst) {
                return ptr::null_mut();
            }
            // SAFETY: libc's allocator, paired with `f` and `r`.
            unsafe { malloc(size) }
        }
        unsafe extern "C" fn r(
            p: *mut c_void,
            size: usize,
            _: *const c_char,
            _: c_int,
        ) -> *mut c_void {
            if FAIL.load(Ordering::SeqCst) {
                return ptr::null_mut();
            }
            // SAFETY: `p` came from `m` or `r`.
            unsafe { realloc(p, size) }
        }
        unsafe extern "C" fn f(p: *mut c_void, _: *const c_char, _: c_int) {
            // SAFETY: `p` came from `m` or `r` (or is null).
            unsafe { free(p) }
        }
        if std::env::var_os(CHILD).is_some() {
            // SAFETY: installs the allocator before this process's first aws-lc allocation.
            let set = unsafe { aws_lc_sys::CRYPTO_set_mem_functions(Some(m), Some(r), Some(f)) };
            if set != 1 {
                std::process::exit(3);
            }
            FAIL.store(true, Ordering::SeqCst);
            let b = [7u8; 32];
            let parsed = Parsed {
                hash: &b,
                r: &b,
                s: &b,
                qx: &b,
                qy: &b,
            };
            let _ = verify(&parsed);
            // Reaching here means the failure read as a verdict.
            std::process::exit(2);
        }
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "secp256r1::awslc_ffi::tests::allocation_failure_aborts",
            ])
            .args(["--test-threads", "1", "--nocapture"])
            .env(CHILD, "1")
            .status()
            .unwrap();
        assert_eq!(status.signal(), Some(6), "child: {status:?}");
    }
}
