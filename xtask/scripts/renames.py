#!/usr/bin/env python3
"""Issue 27's mechanical renames (one naming scheme), as a re-runnable script.

Run from the workspace root: `python3 xtask/scripts/renames.py` (then `cargo fmt --all`).
It is idempotent: a second run changes nothing, so it can be re-applied after merging
branches that still use the old names.

The scheme:
- lengths end in `_LEN` (`INPUT_LEN`, `G1_LEN`, `PAIR_LEN`), never `_LENGTH`;
- prices are `[PART_]GAS[_FORK]`: `GAS`, `GAS_OSAKA`, `BASE_GAS`, `BASE_GAS_ISTANBUL`,
  `PER_PAIR_GAS_BYZANTIUM`; other fork-dependent values also take the fork as a suffix
  (`MAX_LEN_OSAKA`);
- a backend's module is named after its library: `ecrecover::libsecp256k1` (libsecp256k1),
  `bn254::substrate_bn` (substrate-bn), as `ecrecover::k256`, `kzg_point_evaluation::ckzg`,
  `secp256r1::awslc`. (`secp256r1::rustcrypto` keeps its name: a module `p256` would shadow
  the `p256` crate inside `secp256r1`.)
"""
import pathlib
import re
import subprocess
import sys

# (old path, new path): moved with `git mv` when the old file exists and the new does not.
MOVES = [
    ("crates/precompile/src/ecrecover/libsecp.rs", "crates/precompile/src/ecrecover/libsecp256k1.rs"),
    ("crates/precompile/src/bn254/substrate.rs", "crates/precompile/src/bn254/substrate_bn.rs"),
]

# (pattern, replacement), applied to every tracked .rs and .md file. Each pattern cannot
# match its own replacement (idempotent).
RS_AND_MD = [
    (r"\bINPUT_LENGTH\b", "INPUT_LEN"),
    (r"\bOSAKA_MAX_LEN\b", "MAX_LEN_OSAKA"),
    # The module paths and names (not the crate `substrate-bn`, not bench id strings).
    (r'(?<!")\blibsecp\b(?![-"])', "libsecp256k1"),
    (r"ecrecover/libsecp\.rs", "ecrecover/libsecp256k1.rs"),
    (r"bn254/substrate\.rs", "bn254/substrate_bn.rs"),
]
# Only in Rust sources: the module `substrate` (in prose "substrate" is the library's name).
RS_ONLY = [
    (r'(?<!["\w-])substrate\b(?![-"\w])', "substrate_bn"),
]


def tracked(root: pathlib.Path, suffix: str):
    out = subprocess.run(["git", "ls-files", f"*{suffix}"], cwd=root, check=True,
                         capture_output=True, text=True).stdout
    return [root / p for p in out.split()]


def main() -> int:
    root = pathlib.Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True,
                                       capture_output=True, text=True).stdout.strip())
    for old, new in MOVES:
        if (root / old).exists() and not (root / new).exists():
            subprocess.run(["git", "mv", old, new], cwd=root, check=True)
            print(f"moved {old} -> {new}")
    changed = 0
    for suffix, rules in ((".rs", RS_AND_MD + RS_ONLY), (".md", RS_AND_MD)):
        for path in tracked(root, suffix):
            # The script's own tables and the vectors are not renamed.
            if "vectors/" in str(path.relative_to(root)) or path.name == "renames.py":
                continue
            text = path.read_text()
            new = text
            for pattern, replacement in rules:
                new = re.sub(pattern, replacement, new)
            if new != text:
                path.write_text(new)
                changed += 1
                print(f"renamed in {path.relative_to(root)}")
    print(f"{changed} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
