#!/usr/bin/env python3
"""Prints the ours/ruint/num-bigint table from criterion's output of `cargo bench -p uint256`.

Usage: python3 crates/uint256/benches/table.py [CRITERION_DIR]
(default: $CARGO_TARGET_DIR/criterion or target/criterion). Times are per op (batch / 256).
"""
import json, math, os, sys

N = 256
root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "criterion")
rows = {}
for dirpath, _, files in os.walk(root):
    if os.path.basename(dirpath) == "new" and "benchmark.json" in files:
        b = json.load(open(os.path.join(dirpath, "benchmark.json")))
        e = json.load(open(os.path.join(dirpath, "estimates.json")))
        rows.setdefault(b["group_id"], {})[b["function_id"]] = e["mean"]["point_estimate"] / N

def key(g):
    order = ["add", "sub", "mul", "div", "sdiv", "mod", "smod", "addmod", "mulmod", "exp", "signextend",
             "lt", "gt", "slt", "sgt", "eq", "iszero", "and", "or", "xor", "not", "byte", "shl", "shr", "sar", "clz",
             "floor"]
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
