//! ECRECOVER backend on libsecp256k1 (the `secp256k1` crate).

use super::{address_word, Signature};
use secp256k1::{
    ecdsa::{RecoverableSignature, RecoveryId},
    Message,
};

/// Recovers the signer's address word (12 zero bytes ‖ 20-byte address) from `sig`, or `None`
/// when libsecp256k1 finds no public key for it.
pub fn recover(sig: &Signature) -> Option<[u8; 32]> {
    let recid = RecoveryId::try_from(i32::from(sig.recid)).ok()?;
    let rsig = RecoverableSignature::from_compact(&sig.rs, recid).ok()?;
    let pk = rsig.recover(Message::from_digest(sig.hash)).ok()?;
    let ser = pk.serialize_uncompressed();
    let mut xy = [0u8; 64];
    xy.copy_from_slice(&ser[1..]);
    Some(address_word(&xy))
}
