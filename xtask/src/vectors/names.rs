//! Which precompile and fork a vector file is run against: from its name
//! ([`testkit::vector_names`], the map go-ethereum's `core/vm/contracts_test.go` uses), or from
//! `--address` / `--fork`.

use precompile::Fork;
use std::path::Path;
pub use testkit::vector_names::{resolve_name, Target, RIP7212_NAME};

pub fn target_for(
    file: &Path,
    address: Option<u16>,
    fork: Option<Fork>,
) -> Result<(Target, bool), String> {
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| "file name is not UTF-8".to_string())?;
    let resolved = resolve_name(stem);
    let fail = resolved.is_some_and(|(_, f)| f) || stem.starts_with("fail-");
    let target = match (resolved.map(|(t, _)| t), address, fork) {
        (_, Some(0x100), None) if stem.to_ascii_lowercase().contains(RIP7212_NAME) => {
            Target::P256Rip7212
        }
        (Some(Target::P256Rip7212), None, None) => Target::P256Rip7212,
        (Some(Target::P256Rip7212), Some(number), fork) => Target::Mainnet {
            number,
            fork: fork.unwrap_or(Fork::LATEST),
        },
        (Some(Target::P256Rip7212), None, Some(fork)) => Target::Mainnet {
            number: 0x100,
            fork,
        },
        (Some(Target::Mainnet { number, fork }), address, fork_override) => Target::Mainnet {
            number: address.unwrap_or(number),
            fork: fork_override.unwrap_or(fork),
        },
        (None, Some(number), fork) => Target::Mainnet {
            number,
            fork: fork.unwrap_or(Fork::LATEST),
        },
        (None, None, _) => {
            return Err(format!(
                "cannot tell the precompile from the file name {stem:?}; name it like \
                 `modexp_osaka.json` or pass --address"
            ))
        }
    };
    Ok((target, fail))
}
