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
#![allow(unsafe_code)]

use super::Parsed;
use aws_lc_sys::{
    BN_bin2bn, BN_free, ECDSA_SIG_free, ECDSA_SIG_new, ECDSA_SIG_set0, ECDSA_do_verify,
    EC_KEY_free, EC_KEY_new, EC_KEY_set_group, EC_KEY_set_public_key, EC_POINT_free, EC_POINT_new,
    EC_POINT_oct2point, EC_group_p256, ERR_clear_error, BIGNUM, ECDSA_SIG, EC_KEY,
};
use core::ptr::{self, NonNull};

/// Owns an aws-lc object and frees it with `free` on drop.
struct Owned<T> {
    ptr: NonNull<T>,
    free: unsafe extern "C" fn(*mut T),
}

impl<T> Owned<T> {
    /// `None` for a null pointer (allocation failure).
    fn new(ptr: *mut T, free: unsafe extern "C" fn(*mut T)) -> Option<Self> {
        NonNull::new(ptr).map(|ptr| Self { ptr, free })
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

/// A big-endian 32-byte integer as a fresh `BIGNUM`.
fn bignum(bytes: &[u8; 32]) -> Option<Owned<BIGNUM>> {
    // SAFETY: `bytes` is valid for 32 reads; a null `ret` makes aws-lc allocate the result,
    // which the guard frees.
    let bn = unsafe { BN_bin2bn(bytes.as_ptr(), 32, ptr::null_mut()) };
    Owned::new(bn, BN_free)
}

/// The public key `(qx, qy)` as an `EC_KEY` on P-256: `None` when a coordinate is `>= p` or the
/// point is not on the curve.
fn public_key(qx: &[u8; 32], qy: &[u8; 32]) -> Option<Owned<EC_KEY>> {
    let mut sec1 = [0u8; 65];
    sec1[0] = 4;
    sec1[1..33].copy_from_slice(qx);
    sec1[33..].copy_from_slice(qy);
    // SAFETY: `EC_group_p256` returns a pointer to aws-lc's static P-256 group: never null,
    // valid for the program's life, and `EC_GROUP_free` on it is a no-op (never called here).
    let group = unsafe { EC_group_p256() };
    // SAFETY: plain constructor; the guard frees the result.
    let key = Owned::new(unsafe { EC_KEY_new() }, EC_KEY_free)?;
    // SAFETY: `key` and `group` are valid; the key keeps its own reference to the group.
    if unsafe { EC_KEY_set_group(key.as_ptr(), group) } != 1 {
        return None;
    }
    // SAFETY: `group` is valid; the guard frees the point.
    let point = Owned::new(unsafe { EC_POINT_new(group) }, EC_POINT_free)?;
    // SAFETY: `point` belongs to `group`, `sec1` is valid for 65 reads, and a null `BN_CTX` is
    // allowed. aws-lc rejects coordinates `>= p` and points off the curve.
    let decoded =
        unsafe { EC_POINT_oct2point(group, point.as_ptr(), sec1.as_ptr(), 65, ptr::null_mut()) };
    if decoded != 1 {
        return None;
    }
    // SAFETY: `key` has the point's group; aws-lc copies the point (ours is freed by its guard)
    // and rejects the point at infinity.
    if unsafe { EC_KEY_set_public_key(key.as_ptr(), point.as_ptr()) } != 1 {
        return None;
    }
    Some(key)
}

/// The signature `(r, s)` as an `ECDSA_SIG`.
fn signature(r: &[u8; 32], s: &[u8; 32]) -> Option<Owned<ECDSA_SIG>> {
    // SAFETY: plain constructor; the guard frees the result.
    let sig = Owned::new(unsafe { ECDSA_SIG_new() }, ECDSA_SIG_free)?;
    let (r, s) = (bignum(r)?, bignum(s)?);
    // SAFETY: `sig`, `r` and `s` are valid; with non-null `r` and `s`, `ECDSA_SIG_set0` cannot
    // fail and takes ownership of both (hence `into_raw`: `ECDSA_SIG_free` frees them).
    let ok = unsafe { ECDSA_SIG_set0(sig.as_ptr(), r.into_raw(), s.into_raw()) };
    debug_assert_eq!(ok, 1);
    Some(sig)
}

/// Verifies the range-checked fields `p` with aws-lc's `ECDSA_do_verify`: the same decision as
/// [`super::awslc::verify`]. `false` on any failure (allocation failure included).
pub(crate) fn verify(p: &Parsed<'_>) -> bool {
    let ok = (|| {
        let key = public_key(p.qx, p.qy)?;
        let sig = signature(p.r, p.s)?;
        // SAFETY: `p.hash` is valid for 32 reads, `sig` and `key` are valid, fully initialised
        // objects (key with group and public point) that outlive the call.
        Some(unsafe { ECDSA_do_verify(p.hash.as_ptr(), 32, sig.as_ptr(), key.as_ptr()) } == 1)
    })()
    .unwrap_or(false);
    if !ok {
        // SAFETY: clears this thread's aws-lc error queue (failed calls push entries on it).
        unsafe { ERR_clear_error() }
    }
    ok
}

/// EIP-7951 verification of a 160-byte input on aws-lc's C API (as
/// [`super::verify_eip7951`], which uses this backend): `false` on any bad input.
pub fn verify_eip7951(input: &[u8]) -> bool {
    super::parse(input).is_some_and(|p| verify(&p))
}
