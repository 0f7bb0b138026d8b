#!/usr/bin/env python3
"""Prints the ours/ruint/num-bigint table from criterion's output of `cargo bench -p evm-arith-uint256`.

Usage: python3 crates/uint256/benches/table.py [--runs NAME,NAME,...] [--worst] [CRITERION_DIR]
(default directory: $CARGO_TARGET_DIR/criterion or target/criterion). Times are per op
(batch / 256), from criterion's median sample: on a shared VM a few samples inflated by stolen
time move the mean, not the median. Rows are `op/class` (operand-size classes, see
`benches/ops/*.rs`); rows where ours is slower than ruint are marked `<-- slower`.

`--runs` combines runs saved with `cargo bench -p evm-arith-uint256 --bench ops -- --save-baseline NAME`,
taking each function's fastest median over them: noise from other tenants only ever adds time,
and it can last seconds, long enough to slow one side of a group in one run. Without `--runs`,
the latest run (criterion's `new`) is used. `--worst` prints only the rows above 1.00.
"""
import json, math, os, sys

N = 256
args = sys.argv[1:]
runs = ["new"]
worst = False
while args[:1] and args[0].startswith("--"):
    if args[0] == "--runs":
        runs = args[1].split(",")
        args = args[2:]
    elif args[0] == "--worst":
        worst = True
        args = args[1:]
    else:
        sys.exit(f"unknown option {args[0]}")
root = args[0] if args else os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "criterion")
rows = {}
for dirpath, _, files in os.walk(root):
    if os.path.basename(dirpath) in runs and "benchmark.json" in files:
        b = json.load(open(os.path.join(dirpath, "benchmark.json")))
        e = json.load(open(os.path.join(dirpath, "estimates.json")))
        t = e["median"]["point_estimate"] / N
        fns = rows.setdefault(b["group_id"], {})
        fns[b["function_id"]] = min(t, fns.get(b["function_id"], t))

OPS = ["add", "sub", "mul", "div", "sdiv", "mod", "smod", "addmod", "mulmod", "exp",
       "signextend", "lt", "gt", "slt", "sgt", "eq", "eq-of-sum", "iszero", "and", "or", "xor",
       "not", "byte", "shl", "shr", "sar", "clz", "floor"]
CLASSES = ["64", "64-reduced", "128", "128-reduced", "192", "192-reduced", "200", "200-reduced",
           "256", "256-reduced", "mixed", "2^x", "256^x", "small^small", "small^256", "8",
           "even^256", "lt64", "64-255", "ge256", "in", "out"]

def key(g):
    op, _, c = g.partition("/")
    return (OPS.index(op) if op in OPS else 99, CLASSES.index(c) if c in CLASSES else -1, c)

print(f"| {'op/class':<18} | {'ours ns':>8} | {'ruint ns':>8} | {'bigint ns':>9} | {'ours/ruint':>10} |")
print(f"|{'-'*20}|{'-'*10}|{'-'*10}|{'-'*11}|{'-'*12}|")
heavy, slower = [], []
for g in sorted(rows, key=key):
    r = rows[g]
    o, ru, bi = r.get("ours"), r.get("ruint"), r.get("num-bigint")
    if o is None or ru is None or bi is None:
        continue
    ratio = o / ru
    if ratio > 1.0:
        slower.append(g)
    if worst and ratio <= 1.0:
        continue
    mark = "  <-- slower" if ratio > 1.0 else ""
    print(f"| {g:<18} | {o:8.2f} | {ru:8.2f} | {bi:9.2f} | {ratio:10.3f} |{mark}")
    if g.split("/")[0] in ("div", "sdiv", "mod", "smod", "addmod", "mulmod", "exp"):
        heavy.append(ratio)
if heavy and not worst:
    gm = math.exp(sum(map(math.log, heavy)) / len(heavy))
    print(f"\ngeometric mean ours/ruint over DIV, SDIV, MOD, SMOD, ADDMOD, MULMOD, EXP ({len(heavy)} groups): {gm:.3f}")
print(f"groups where ours is slower than ruint: {len(slower)}" + (f" ({', '.join(slower)})" if slower else ""))
