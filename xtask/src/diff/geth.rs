//! go-ethereum as a peer: `benches/geth` built once and run with `-serve`, one process per
//! worker, answering calls on its stdin/stdout (protocol in `benches/geth/serve.go`).

use std::path::{Path, PathBuf};
pub use testkit::geth_serve::Server;

/// Builds `benches/geth` into `target/xtask-geth/geth-bench` (needs Go); returns the binary.
pub fn build(root: &Path) -> Result<PathBuf, String> {
    crate::gas::geth::check_go()?;
    let exe = crate::gas::target_dir(root)
        .join("xtask-geth")
        .join("geth-bench");
    crate::gas::geth::build(root, &exe)?;
    Ok(exe)
}
