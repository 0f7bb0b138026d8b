//! The precompile set of each fork, each built by extending the previous fork's.

use crate::{
    blake2f, bls12_381, bn254, ecrecover, identity, kzg_point_evaluation, modexp, ripemd160,
    secp256r1, sha256, Address, Fork, Precompile,
};
use alloc::{boxed::Box, vec::Vec};
// Lock-free one-time initialisation that also works without `std` (atomics only): two threads
// that race on a fork's first call may both build its set; one result is kept.
use once_cell::race::OnceBox;

/// The precompiles active at one fork, ordered by address.
#[derive(Clone, Debug)]
pub struct Precompiles {
    fork: Fork,
    list: Vec<Precompile>,
}

impl Precompiles {
    /// The fork this set belongs to.
    pub fn fork(&self) -> Fork {
        self.fork
    }

    /// The precompile at `address`, or `None` when no precompile lives there.
    pub fn get(&self, address: &Address) -> Option<&Precompile> {
        if address[..18].iter().any(|&b| b != 0) {
            return None;
        }
        self.by_number(u16::from_be_bytes([address[18], address[19]]))
    }

    /// The precompile numbered `number` (`0x01`, ..., `0x100`), or `None`.
    pub fn by_number(&self, number: u16) -> Option<&Precompile> {
        self.list
            .binary_search_by_key(&number, Precompile::number)
            .ok()
            .map(|i| &self.list[i])
    }

    /// Every precompile of the set, ordered by address.
    pub fn iter(&self) -> impl Iterator<Item = &Precompile> {
        self.list.iter()
    }

    /// How many precompiles the set has.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the set is empty (never, for a mainnet fork).
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// This set with `p` added, or replacing the precompile at the same address: how an L2 adds
    /// RIP-7212's P256VERIFY or swaps a backend.
    pub fn with(mut self, p: Precompile) -> Self {
        match self
            .list
            .binary_search_by_key(&p.number(), Precompile::number)
        {
            Ok(i) => self.list[i] = p,
            Err(i) => self.list.insert(i, p),
        }
        self
    }

    fn extend(&self, fork: Fork, added: &[Precompile]) -> Self {
        added.iter().fold(
            Self {
                fork,
                list: self.list.clone(),
            },
            |set, p| set.with(*p),
        )
    }
}

fn build(fork: Fork) -> Precompiles {
    let homestead = Precompiles {
        fork: Fork::Homestead,
        list: vec![
            ecrecover::HOMESTEAD,
            sha256::HOMESTEAD,
            ripemd160::HOMESTEAD,
            identity::HOMESTEAD,
        ],
    };
    if fork == Fork::Homestead {
        return homestead;
    }
    let byzantium = homestead.extend(
        Fork::Byzantium,
        &[
            modexp::BYZANTIUM,
            bn254::add::BYZANTIUM,
            bn254::mul::BYZANTIUM,
            bn254::pairing::BYZANTIUM,
        ],
    );
    if fork == Fork::Byzantium {
        return byzantium;
    }
    let istanbul = byzantium.extend(
        Fork::Istanbul,
        &[
            bn254::add::ISTANBUL,
            bn254::mul::ISTANBUL,
            bn254::pairing::ISTANBUL,
            blake2f::ISTANBUL,
        ],
    );
    if fork == Fork::Istanbul {
        return istanbul;
    }
    let berlin = istanbul.extend(Fork::Berlin, &[modexp::BERLIN]);
    if fork == Fork::Berlin {
        return berlin;
    }
    let cancun = berlin.extend(Fork::Cancun, &[kzg_point_evaluation::CANCUN]);
    // Its tables are built here, once, rather than in the first call.
    kzg_point_evaluation::warm_up();
    if fork == Fork::Cancun {
        return cancun;
    }
    let prague = cancun.extend(
        Fork::Prague,
        &[
            bls12_381::g1_add::PRAGUE,
            bls12_381::g1_msm::PRAGUE,
            bls12_381::g2_add::PRAGUE,
            bls12_381::g2_msm::PRAGUE,
            bls12_381::pairing::PRAGUE,
            bls12_381::map_fp_to_g1::PRAGUE,
            bls12_381::map_fp2_to_g2::PRAGUE,
        ],
    );
    if fork == Fork::Prague {
        return prague;
    }
    prague.extend(Fork::Osaka, &[modexp::OSAKA, secp256r1::OSAKA])
}

/// The precompiles active at `fork` (built once per fork, then shared).
pub fn precompiles(fork: Fork) -> &'static Precompiles {
    static SETS: [OnceBox<Precompiles>; Fork::ALL.len()] = [const { OnceBox::new() }; 7];
    SETS[fork as usize].get_or_init(|| Box::new(build(fork)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::address;

    #[test]
    fn set_sizes_per_fork() {
        let sizes: Vec<usize> = Fork::ALL.iter().map(|&f| precompiles(f).len()).collect();
        assert_eq!(sizes, [4, 8, 9, 9, 10, 17, 18]);
    }

    #[test]
    fn libraries() {
        assert_eq!(
            precompiles(Fork::Osaka).by_number(0x0c).unwrap().library(),
            crate::Library::CurvesOrBlstByTerms
        );
        assert_eq!(
            precompiles(Fork::Osaka).by_number(0x0f).unwrap().library(),
            crate::Library::Blst
        );
    }

    #[test]
    fn lookup_by_address() {
        let osaka = precompiles(Fork::Osaka);
        assert_eq!(osaka.get(&address(0x100)).unwrap().name(), "P256VERIFY");
        assert_eq!(osaka.get(&address(0x05)).unwrap().number(), 5);
        assert!(osaka.get(&address(0x12)).is_none());
        let mut high = address(0x01);
        high[0] = 1;
        assert!(osaka.get(&high).is_none());
        assert!(precompiles(Fork::Prague).get(&address(0x100)).is_none());
        assert!(precompiles(Fork::Byzantium).get(&address(0x09)).is_none());
    }
}
