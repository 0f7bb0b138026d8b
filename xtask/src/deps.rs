//! `cargo xtask deps`: checks the crate dependency rules of ARCHITECTURE.md ("Crates and what
//! each may depend on") against `cargo metadata`: each workspace crate's normal and build
//! dependencies on other workspace crates, the external dependencies of the crates users embed,
//! and the peers `precompile` may not use. A workspace crate the rules do not list is an error,
//! so a new crate comes with its rule (here and in ARCHITECTURE.md).

use serde::Deserialize;
use std::process::{Command, ExitCode};

use crate::test::workspace_root;

/// Options of `cargo xtask deps`.
#[derive(clap::Args)]
pub struct Args {}

/// What one workspace crate may depend on (normal and build dependencies; dev-dependencies are
/// free: tests may use oracles and peers).
struct Rule {
    krate: &'static str,
    /// The workspace crates it may depend on.
    internal: &'static [&'static str],
    /// `Some(list)`: the only external crates it may depend on (the `no_std` crates users embed);
    /// `None`: any, but for `forbidden`.
    external: Option<&'static [&'static str]>,
    /// External crates it must not depend on (outside dev-dependencies).
    forbidden: &'static [&'static str],
    /// External crates it may depend on only as optional dependencies (behind a feature).
    optional_only: &'static [&'static str],
}

/// The rules, in ARCHITECTURE.md's order.
const RULES: &[Rule] = &[
    Rule {
        krate: "evm-arith-limbs",
        internal: &[],
        external: Some(&[]),
        forbidden: &[],
        optional_only: &[],
    },
    Rule {
        krate: "uint256",
        internal: &["evm-arith-limbs"],
        external: Some(&["ruint"]),
        forbidden: &[],
        optional_only: &["ruint"],
    },
    Rule {
        krate: "montgomery",
        internal: &["evm-arith-limbs"],
        external: Some(&[]),
        forbidden: &[],
        optional_only: &[],
    },
    Rule {
        krate: "evm384",
        internal: &["montgomery"],
        external: Some(&[]),
        forbidden: &[],
        optional_only: &[],
    },
    Rule {
        krate: "evm-arith-curves",
        internal: &["evm-arith-limbs", "uint256", "montgomery"],
        external: Some(&[]),
        forbidden: &[],
        optional_only: &[],
    },
    Rule {
        krate: "uint256-revm",
        internal: &["uint256"],
        external: None,
        forbidden: &["revm-precompile"],
        optional_only: &[],
    },
    Rule {
        krate: "precompile",
        internal: &[
            "evm-arith-limbs",
            "uint256",
            "montgomery",
            "evm-arith-curves",
        ],
        external: None,
        // revm-precompile is the peer we compare against; revm only for the optional provider.
        forbidden: &["revm-precompile"],
        optional_only: &["revm"],
    },
    Rule {
        krate: "testkit",
        internal: &["precompile"],
        external: None,
        forbidden: &[],
        optional_only: &[],
    },
    Rule {
        krate: "evm-benches",
        internal: &["precompile", "testkit", "uint256-revm"],
        external: None,
        forbidden: &[],
        optional_only: &[],
    },
    Rule {
        krate: "evm-arith-examples",
        internal: &["precompile", "uint256", "uint256-revm", "montgomery"],
        external: None,
        forbidden: &["revm-precompile"],
        optional_only: &[],
    },
    Rule {
        krate: "xtask",
        internal: &["precompile", "testkit"],
        external: None,
        forbidden: &[],
        optional_only: &[],
    },
];

/// The crates.io prefix of our published packages (`evm-arith-uint256`, ...). The rules name
/// crates by their short name (the workspace dependency key, as ARCHITECTURE.md does); a name
/// with the prefix matches the same rule.
const PREFIX: &str = "evm-arith-";

/// `name` without [`PREFIX`]: the key the rules and ARCHITECTURE.md use.
fn short(name: &str) -> &str {
    name.strip_prefix(PREFIX).unwrap_or(name)
}

/// The part of `cargo metadata --no-deps` the check reads.
#[derive(Deserialize)]
struct Metadata {
    packages: Vec<Package>,
}

#[derive(Deserialize)]
struct Package {
    name: String,
    dependencies: Vec<Dependency>,
}

#[derive(Deserialize)]
struct Dependency {
    name: String,
    /// `None` for a normal dependency, else `"dev"` or `"build"`.
    kind: Option<String>,
    optional: bool,
}

/// The workspace's `cargo metadata --no-deps` JSON (declared dependencies, no resolution).
fn cargo_metadata() -> Result<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(workspace_root())
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("cargo metadata: {e}"))
}

/// Runs `cargo metadata` and checks it.
pub fn run(_args: Args) -> Result<ExitCode, String> {
    let violations = check(&cargo_metadata()?)?;
    if violations.is_empty() {
        println!(
            "deps: {} crates follow ARCHITECTURE.md's rules",
            RULES.len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!("deps: ARCHITECTURE.md's dependency rules are broken:");
    for v in &violations {
        eprintln!("  {v}");
    }
    Ok(ExitCode::FAILURE)
}

/// The violations of [`RULES`] in `cargo metadata` JSON (empty when none).
fn check(metadata_json: &str) -> Result<Vec<String>, String> {
    let metadata: Metadata =
        serde_json::from_str(metadata_json).map_err(|e| format!("cargo metadata JSON: {e}"))?;
    let workspace: Vec<&str> = metadata.packages.iter().map(|p| short(&p.name)).collect();
    let mut violations = Vec::new();
    for package in &metadata.packages {
        let Some(rule) = RULES
            .iter()
            .find(|r| short(r.krate) == short(&package.name))
        else {
            violations.push(format!(
                "{}: a workspace crate without a rule (add it to xtask/src/deps.rs and \
                 ARCHITECTURE.md)",
                package.name
            ));
            continue;
        };
        for dep in &package.dependencies {
            if dep.kind.as_deref() == Some("dev") {
                continue;
            }
            let name = dep.name.as_str();
            let what = format!("{} -> {name}", package.name);
            if workspace.contains(&short(name)) {
                if !rule.internal.iter().any(|i| short(i) == short(name)) {
                    violations.push(format!("{what}: not among the crates it may depend on"));
                }
                continue;
            }
            if rule.forbidden.contains(&name) {
                violations.push(format!("{what}: forbidden (outside dev-dependencies)"));
            }
            if rule
                .external
                .is_some_and(|allowed| !allowed.contains(&name))
            {
                violations.push(format!(
                    "{what}: an embedded crate takes no such dependency"
                ));
            }
            if rule.optional_only.contains(&name) && !dep.optional {
                violations.push(format!("{what}: allowed only as an optional dependency"));
            }
        }
    }
    Ok(violations)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ARCHITECTURE.md's alias table (one row per precompile: the names it has in each
    /// place) is the registry's, row for row.
    #[test]
    fn architecture_alias_table_matches_the_registry() {
        use precompile::PrecompileId;
        use testkit::inputs::Family;
        let mut table = String::from(
            "| address | EIP name | go-ethereum vector stem | bench case prefix | fuzz target | edge families |\n|---|---|---|---|---|---|\n",
        );
        for id in PrecompileId::ALL {
            let families: Vec<&str> = Family::ALL
                .iter()
                .filter(|f| f.precompiles().contains(&id))
                .map(|f| f.name())
                .collect();
            table += &format!(
                "| {:#04x} | `{}` | `{}` | `{}` | `{}` | {} |\n",
                id.number(),
                id.name(),
                id.geth_stem(),
                id.bench_prefix(),
                id.fuzz_target(),
                if families.is_empty() {
                    "-".into()
                } else {
                    format!("`{}`", families.join("`, `"))
                }
            );
        }
        let doc =
            std::fs::read_to_string(crate::test::workspace_root().join("ARCHITECTURE.md")).unwrap();
        assert!(
            doc.contains(&table),
            "ARCHITECTURE.md should hold this table:\n{table}"
        );
    }

    /// A declared dependency: name, kind (`None`, `"dev"`, `"build"`), optional.
    type Dep = (&'static str, Option<&'static str>, bool);

    /// Metadata of the workspace's crates, each with the dependencies `extra` adds to `krate`.
    fn metadata(krate: &str, extra: &[Dep]) -> String {
        let base: &[(&str, &[Dep])] = &[
            ("evm-arith-limbs", &[("num-bigint", Some("dev"), false)]),
            (
                "uint256",
                &[
                    ("evm-arith-limbs", None, false),
                    ("ruint", None, true),
                    ("proptest", Some("dev"), false),
                ],
            ),
            (
                "montgomery",
                &[
                    ("evm-arith-limbs", None, false),
                    ("blst", Some("dev"), false),
                ],
            ),
            (
                "evm384",
                &[("montgomery", None, false), ("testkit", Some("dev"), false)],
            ),
            (
                "uint256-revm",
                &[("uint256", None, false), ("revm", None, false)],
            ),
            (
                "precompile",
                &[
                    ("evm-arith-limbs", None, false),
                    ("uint256", None, false),
                    ("montgomery", None, false),
                    ("blst", None, false),
                    ("revm", None, true),
                    ("revm-precompile", Some("dev"), false),
                    ("testkit", Some("dev"), false),
                ],
            ),
            (
                "testkit",
                &[
                    ("precompile", None, false),
                    ("revm-precompile", None, false),
                ],
            ),
            (
                "evm-benches",
                &[("precompile", None, false), ("testkit", None, false)],
            ),
            (
                "xtask",
                &[("precompile", None, false), ("testkit", None, false)],
            ),
        ];
        let packages: Vec<serde_json::Value> = base
            .iter()
            .map(|(name, deps)| {
                let mut deps: Vec<_> = deps.to_vec();
                if *name == krate {
                    deps.extend_from_slice(extra);
                }
                let deps: Vec<_> = deps
                    .iter()
                    .map(|(d, kind, optional)| {
                        serde_json::json!({ "name": d, "kind": kind, "optional": optional })
                    })
                    .collect();
                serde_json::json!({ "name": name, "dependencies": deps })
            })
            .collect();
        serde_json::json!({ "packages": packages }).to_string()
    }

    #[test]
    fn the_synthetic_workspace_passes() {
        assert_eq!(check(&metadata("", &[])).unwrap(), Vec::<String>::new());
    }

    /// Each kind of forbidden dependency is reported, and dev-dependencies stay free.
    #[test]
    fn a_forbidden_dependency_fails() {
        let cases: &[(&str, Dep, &str)] = &[
            (
                "montgomery",
                ("precompile", None, false),
                "montgomery -> precompile",
            ),
            (
                "uint256",
                ("montgomery", None, false),
                "uint256 -> montgomery",
            ),
            (
                "montgomery",
                ("uint256", None, false),
                "montgomery -> uint256",
            ),
            (
                "evm-arith-limbs",
                ("uint256", None, false),
                "evm-arith-limbs -> uint256",
            ),
            (
                "evm-arith-limbs",
                ("num-bigint", None, false),
                "embedded crate",
            ),
            ("montgomery", ("num-bigint", None, false), "embedded crate"),
            ("evm384", ("blst", Some("build"), false), "evm384 -> blst"),
            ("uint256", ("ruint", None, false), "only as an optional"),
            ("precompile", ("revm-precompile", None, false), "forbidden"),
            ("precompile", ("revm", None, false), "only as an optional"),
            (
                "precompile",
                ("testkit", None, false),
                "precompile -> testkit",
            ),
            (
                "xtask",
                ("evm-benches", None, false),
                "xtask -> evm-benches",
            ),
        ];
        for (krate, dep, expected) in cases {
            let v = check(&metadata(krate, &[*dep])).unwrap();
            assert_eq!(v.len(), 1, "{krate} {dep:?}: {v:?}");
            assert!(v[0].contains(expected), "{v:?}");
        }
        let dev = check(&metadata(
            "montgomery",
            &[("precompile", Some("dev"), false)],
        ))
        .unwrap();
        assert!(dev.is_empty(), "{dev:?}");
    }

    /// Package names with the crates.io prefix follow the rule of their short name.
    #[test]
    fn prefixed_names_follow_the_short_rules() {
        let json = metadata("montgomery", &[("precompile", None, false)])
            .replace("\"precompile\"", "\"evm-arith-precompile\"")
            .replace("\"montgomery\"", "\"evm-arith-montgomery\"");
        let v = check(&json).unwrap();
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(
            v[0].contains("evm-arith-montgomery -> evm-arith-precompile"),
            "{v:?}"
        );
    }

    #[test]
    fn an_unlisted_crate_fails() {
        let json = metadata("", &[]).replace("\"xtask\"", "\"newcrate\"");
        let v = check(&json).unwrap();
        assert!(v
            .iter()
            .any(|v| v.contains("newcrate: a workspace crate without a rule")));
    }

    /// The rules list the workspace's crates, no more: a crate added to Cargo.toml's members
    /// without a rule fails the real check (`cargo xtask deps`), and so does this test.
    #[test]
    fn the_real_workspace_passes() {
        let v = check(&cargo_metadata().unwrap()).unwrap();
        assert!(v.is_empty(), "{v:?}");
    }
}
