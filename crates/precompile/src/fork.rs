//! The hard forks that changed the precompile set or a gas rule.

use alloc::string::{String, ToString};
use core::{fmt, str::FromStr};

/// A mainnet hard fork that added a precompile or changed a precompile's gas rule, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fork {
    /// 0x01-0x04.
    Homestead,
    /// + MODEXP (EIP-198) and BN254 add/mul/pairing (EIP-196/197).
    Byzantium,
    /// BN254 repriced (EIP-1108), + BLAKE2F (EIP-152).
    Istanbul,
    /// MODEXP repriced (EIP-2565).
    Berlin,
    /// + POINT_EVALUATION (EIP-4844).
    Cancun,
    /// + BLS12-381 (EIP-2537).
    Prague,
    /// MODEXP bounds and gas (EIP-7823, EIP-7883), + P256VERIFY (EIP-7951).
    Osaka,
}

impl Fork {
    /// Every fork, oldest first.
    pub const ALL: [Fork; 7] = [
        Fork::Homestead,
        Fork::Byzantium,
        Fork::Istanbul,
        Fork::Berlin,
        Fork::Cancun,
        Fork::Prague,
        Fork::Osaka,
    ];

    /// The newest fork this crate knows.
    pub const LATEST: Fork = Fork::Osaka;

    /// The fork's name, as `FromStr` accepts it (`"Osaka"`).
    pub const fn name(self) -> &'static str {
        match self {
            Fork::Homestead => "Homestead",
            Fork::Byzantium => "Byzantium",
            Fork::Istanbul => "Istanbul",
            Fork::Berlin => "Berlin",
            Fork::Cancun => "Cancun",
            Fork::Prague => "Prague",
            Fork::Osaka => "Osaka",
        }
    }
}

impl fmt::Display for Fork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A fork name that [`Fork::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFork(pub String);

impl fmt::Display for UnknownFork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown fork {:?} (known: ", self.0)?;
        for (i, fork) in Fork::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(fork.name())?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for UnknownFork {}

impl FromStr for Fork {
    type Err = UnknownFork;

    /// Parses a fork name, case-insensitively; `Fusaka` is accepted for Osaka and `Pectra` for
    /// Prague.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        let alias = match lower.as_str() {
            "fusaka" => "osaka",
            "pectra" => "prague",
            "dencun" => "cancun",
            other => other,
        };
        Fork::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(alias))
            .ok_or_else(|| UnknownFork(s.to_string()))
    }
}
