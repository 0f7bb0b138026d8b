#!/usr/bin/env python3
"""Prints the ours/ruint/num-bigint table from criterion's output of `cargo bench -p uint256`.

Usage: python3 crates/uint256/benches/table.py [--runs NAME,NAME,...] [CRITERION_DIR]
(default directory: $CARGO_TARGET_DIR/criterion or target/criterion). Times are per op
(batch / 256), from criterion's median sample: on a shared VM a few samples inflated by stolen
time move the mean, not the median.

`--runs` combines runs saved with `cargo bench -p uint256 --bench ops -- --save-baseline NAME`,
taking each function's fastest median over them: noise from other tenants only ever adds time,
and it can last seconds, long enough to slow one side of a group in one run. Without `--runs`,
the latest run (criterion's `new`) is used.
"""
import json, math, os, sys

N = 256
args = sys.argv[1:]
runs = ["new"]
if args[:1] == ["--runs"]:
    runs = args[1].split(",")
    args = args[2:]
root = args[0] if args else os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "criterion")
rows = {}
for dirpath, _, files in os.walk(root):
    if os.path.basename(dirpath) in runs and "benchmark.json" in files:
        b = json.load(open(os.path.join(dirpath, "benchmark.json")))
        e = json.load(open(os.path.join(dirpath, "estimates.json")))
        t = e["median"]["point_estimate"] / N
        fns = rows.setdefault(b["group_id"], {})
        fns[b["function_id"]] = min(t, fns.get(b["function_id"], t))

def key(g):
    order = ["add", "sub", "mul", "div", "sdiv", "mod", "smod", "addmod", "mulmod", "exp",
             "signextend", "lt", "gt", "slt", "sgt", "eq", "eq-of-sum", "iszero", "and", "or", "xor",
             "not", "byte", "shl", "shr", "sar", "clz", "floor"]
    op, _, w = g.partition("/")
    return (order.index(op) if op in order else 99, int(w) if w else 0)

print(f"| {'op':<11} | {'ours ns':>8} | {'ruint ns':>8} | {'bigint ns':>9} | {'ours/ruint':>10} | {'bigint/ours':>11} |")
print(f"|{'-'*13}|{'-'*10}|{'-'*10}|{'-'*11}|{'-'*12}|{'-'*13}|")
heavy = []
for g in sorted(rows, key=key):
    r = rows[g]
    o, ru, bi = r.get("ours"), r.get("ruint"), r.get("num-bigint")
    if o is None or ru is None or bi is None:
        continue
    print(f"| {g:<11} | {o:8.2f} | {ru:8.2f} | {bi:9.2f} | {o/ru:10.3f} | {bi/o:11.1f} |")
    if g.split("/")[0] in ("div", "sdiv", "mod", "smod", "addmod", "mulmod", "exp"):
        heavy.append(o / ru)
if heavy:
    gm = math.exp(sum(map(math.log, heavy)) / len(heavy))
    print(f"\ngeometric mean ours/ruint over DIV, SDIV, MOD, SMOD, ADDMOD, MULMOD, EXP ({len(heavy)} groups): {gm:.3f}")
