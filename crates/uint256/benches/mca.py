#!/usr/bin/env python3
"""Static model of the op bench's loops: llvm-mca cycles per op, ours vs ruint, per CPU model.

    python3 crates/uint256/benches/mca.py [GROUP ...] [--mcpu CPU,CPU] [--mca BIN] [--keep DIR]
                                          [--exe OPS_BINARY]

For each group of the op bench (default: mod/200 byte/in mul/64x256 add), runs the bench binary
(`cargo bench -p evm-arith-uint256 --bench ops --no-run`: release profile, fat LTO, the code that is
timed) under gdb with `UINT256_INTERLEAVED==GROUP`, single-steps the first timed pass of ours
and of ruint (`harness::time_walk`, one pass over the 256 operand tuples in batch order) and
keeps the instructions of the most common iteration: the op's hot path as the CPU runs it,
with its branches resolved, out-of-line calls followed and the loop's own index and operand
loads and `black_box` store. Each path goes to llvm-mca (`-iterations=200`) for every `--mcpu`.
Columns per CPU model:

- `cyc/op`: llvm-mca's Total Cycles / iterations: back-to-back independent ops, as in the bench,
  with register dependencies but no stack engine (push/pop chains count), no branch
  mispredictions, and a `call` modelled as the push of its return address;
- `bound`: llvm-mca's Block RThroughput, the bound from the ports alone;
- `uops/op`; and `instrs/op`, the dynamic count averaged over the whole pass.

The last column, on ruint's row, is `same code` when the two whole traced passes (every
instruction of all 256 ops, code addresses left out) are the same: the groups the bench lists
in `harness::SAME_CODE`, whose timed ratio can only be placement and noise.

Default: `llvm-mca-19` (Debian: `apt-get install llvm-19`) with `znver4,sapphirerapids`, the
Zen 4 and Sapphire Rapids models added in LLVM 17 (`emeraldrapids` uses the latter). Without
it, `llvm-mca` with `znver3,skylake-avx512`: LLVM 14 has no Zen 4 model, and accepts
`sapphirerapids` but times it with its Skylake-server model. `--keep DIR` writes each path as
`DIR/<group>.<impl>.s` for a closer look (`llvm-mca-19 -mcpu=... -timeline FILE`).

Each group is selected by its exact name (`UINT256_INTERLEAVED==GROUP`; the first two timed
passes are that group's ours and ruint). Needs gdb; about a minute per group, several for the
division groups.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

N = 256  # operand tuples per pass (harness::N)
DEFAULT_GROUPS = ["mod/200", "byte/in", "mul/64x256", "add"]

# Run inside gdb: trace the first two calls of any `time_walk` instantiation (ours, then
# ruint) instruction by instruction until each returns, writing `impl pc asm` lines; the
# clock reads at either end of the pass are stepped over.
GDB_SCRIPT = r"""
import gdb, re
CLOCK = re.compile(r"call.*(Timespec|Instant|clock_gettime)")
out = open(OUT, "w")
gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("rbreak harness::time_walk", to_string=True)
gdb.execute("run", to_string=True)
for impl in ("ours", "ruint"):
    arch = gdb.selected_frame().architecture()
    sp = int(gdb.parse_and_eval("$sp"))
    ret = int(gdb.parse_and_eval("*(unsigned long *)$sp"))
    gdb.execute("disable")
    steps = 0
    while True:
        pc = int(gdb.parse_and_eval("$pc"))
        if pc == ret and int(gdb.parse_and_eval("$sp")) > sp:
            break
        asm = arch.disassemble(pc)[0]["asm"]
        out.write("%s %d %s\n" % (impl, pc, asm))
        # Over the clock reads (single-stepping the vDSO's retry loop may never leave it).
        gdb.execute("nexti" if CLOCK.search(asm) else "stepi", to_string=True)
        steps += 1
        if steps > LIMIT:
            break
    gdb.execute("enable")
    if impl == "ours":
        gdb.execute("continue", to_string=True)
out.close()
gdb.execute("kill")
"""


def bench_binary():
    """Builds the op bench (release profile) and returns its executable."""
    cmd = ["cargo", "bench", "-p", "evm-arith-uint256", "--bench", "ops", "--no-run",
           "--message-format=json"]
    res = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True)
    exe = None
    for line in res.stdout.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg.get("executable") \
                and msg["target"]["name"] == "ops":
            exe = msg["executable"]
    if exe is None:
        sys.exit("no ops bench executable in cargo's output")
    return exe


def trace(exe, group, limit):
    """{impl: [(pc, asm), ...]} of the first timed pass of ours and ruint in `group`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "trace.txt")
        script = os.path.join(tmp, "trace.py")
        with open(script, "w") as f:
            f.write("OUT = %r\nLIMIT = %d\n" % (out, limit) + GDB_SCRIPT)
        env = dict(os.environ, UINT256_INTERLEAVED="=" + group)
        subprocess.run(["gdb", "-q", "-batch", "-x", script, "--args", exe, "--bench"],
                       env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        paths = collections.defaultdict(list)
        with open(out) as f:
            for line in f:
                impl, pc, asm = line.rstrip("\n").split(" ", 2)
                paths[impl].append((int(pc), asm))
    return paths


def hot_iteration(steps):
    """The most common per-element iteration of a traced pass, and instructions per element."""
    counts = collections.Counter(pc for pc, _ in steps)
    # The loop head: the first instruction executed once per element.
    per_element = [pc for pc, _ in steps if counts[pc] == N]
    if not per_element:
        sys.exit("no instruction ran once per element: was the pass cut short? (--limit)")
    head = per_element[0]
    starts = [i for i, (pc, _) in enumerate(steps) if pc == head]
    iters = [tuple(steps[a:b]) for a, b in zip(starts, starts[1:])]
    common, _ = collections.Counter(iters).most_common(1)[0]
    return list(common), (starts[-1] - starts[0]) / (len(starts) - 1)


def to_mca(path):
    """gdb's AT&T disassembly as llvm-mca input: no symbol names, comments or padding nops."""
    lines = []
    for _, asm in path:
        asm = re.sub(r"\s*<[^>]*>", "", asm.split("#")[0]).strip()
        if re.match(r"^(data16 |cs )*(nop|xchg\s+%ax,%ax)", asm):
            asm = "nop"
        elif asm.startswith("call"):
            # llvm-mca gives a call a latency of 100 cycles, which every later use of %rsp
            # would wait for; the traced path continues into the callee, so only its push of
            # the return address is left to model.
            asm = "pushq  $0"
        lines.append(asm)
    return "\n".join(lines) + "\n"


def same_code(a, b):
    """Whether two traced passes run the same instructions, code addresses aside."""
    def norm(steps):
        return [re.sub(r"-?0x[0-9a-f]+\(%rip\)|0x[0-9a-f]{8,}|\s*<[^>]*>|#.*", "", asm)
                for _, asm in steps]
    return norm(a) == norm(b)


def mca(tool, src, cpu):
    """(cycles per iteration, resource-bound cycles per iteration, uops per iteration)."""
    res = subprocess.run([tool, "-mcpu=" + cpu, "-iterations=200"], input=src,
                         check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    total = int(re.search(r"Total Cycles:\s+(\d+)", res.stdout).group(1))
    uops = int(re.search(r"Total uOps:\s+(\d+)", res.stdout).group(1))
    bound = float(re.search(r"Block RThroughput:\s+([\d.]+)", res.stdout).group(1))
    return total / 200, bound, uops / 200


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("groups", nargs="*", default=DEFAULT_GROUPS)
    # LLVM 17 added the Zen 4 and Sapphire Rapids scheduling models; LLVM 14's llvm-mca
    # accepts -mcpu=sapphirerapids but times it with the Skylake-server model.
    new = shutil.which("llvm-mca-19")
    ap.add_argument("--mca", default=new or "llvm-mca", help="llvm-mca binary")
    ap.add_argument("--mcpu", default="znver4,sapphirerapids" if new else "znver3,skylake-avx512")
    ap.add_argument("--keep", help="directory for the traced paths (.s)")
    ap.add_argument("--limit", type=int, default=400_000, help="stepi budget per pass")
    ap.add_argument("--exe", help="an already built op bench binary (default: build it)")
    args = ap.parse_args()
    cpus = args.mcpu.split(",")
    exe = args.exe or bench_binary()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    head = "| group | impl | instrs/op | " + " | ".join(
        "%s cyc/op | bound | uops/op" % c for c in cpus) + " | code |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for group in args.groups:
        paths = trace(exe, group, args.limit)
        for impl in ("ours", "ruint"):
            path, per_elem = hot_iteration(paths[impl])
            src = to_mca(path)
            if args.keep:
                name = group.replace("/", "_") + "." + impl + ".s"
                with open(os.path.join(args.keep, name), "w") as f:
                    f.write(src)
            cells = ["%.1f | %.1f | %.0f" % mca(args.mca, src, cpu) for cpu in cpus]
            code = ""
            if impl == "ruint":
                code = "same code" if same_code(paths["ours"], paths["ruint"]) else "differs"
            print("| %s | %s | %.1f | %s | %s |" % (group, impl, per_elem, " | ".join(cells), code),
                  flush=True)


if __name__ == "__main__":
    main()
