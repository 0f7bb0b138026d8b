#!/usr/bin/env python3
"""Generates src/asm/kernels.rs: fully unrolled MULX/ADCX/ADOX Montgomery kernels for
N = 4, 6 and 8 limbs (evolved from evm384's former scripts/gen_mul_asm.py); with the argument
`rows`, src/asm/rows.rs: the row kernels `r += a * b` of the variable-width arithmetic
(`crate::var`, MODEXP's): a four-limb loop for any length and straight-line rows of 1 to 16
limbs (`options(nostack)`: they write `r`).

Run `cargo xtask codegen` (or, from the crate root,
`python3 scripts/gen_asm.py > src/asm/kernels.rs && cargo fmt -p evm-arith-montgomery`); CI's
`cargo xtask codegen --check` fails when kernels.rs differs from this script's output.
Every kernel is `options(pure, readonly, nostack)`: registers (and xmm) only, no stack slot,
no store (tests/asm_source.rs checks this of the generated and hand-written asm alike).

Kernels, per width N (each bit-identical to the portable function named):
  mul_full_N     portable::mul_mont          CIOS keeping every carry (any p, any input)
  mul_nocarry_N  portable::mul_mont_nocarry  CIOS without the carry word (spare-bit p)
  redc_full_N    portable::redc              REDC of lo, then + hi, one subtraction
  redc_nocarry_N portable::redc, when p[N-1] < 2^63 - 1 (the rows cannot overflow then,
                 for every lo: T + m*p < 2^(64N) + 2^63 * 2^(64N); so exact for every input)
  mul_wide_4     portable::mul_wide: the plain 8-limb product
  mul_wide_6     portable::mul_wide: the plain 12-limb product (finished low limbs parked
                 in xmm2..xmm7 during the rows; BLS12-381's lazy tower products)
N = 8 has mul_full_8 and mul_nocarry_8 only (REDC at 8 limbs stays portable: it would need
N+2 accumulators besides both pointers).

Register plan: rsi = a (or lo) pointer, rcx = b (or hi) pointer, rdi = pointer to
[p0 .. p(N-1), n0] (the start of `Modulus<N>`, which is repr(C)), rdx = MULX multiplicand,
rax / H = product low / high, t = the N+2 accumulator registers, renamed (rotated) after
every reduction row. With N = 6 the pool runs out and H is rbx, which LLVM reserves: it is
saved in xmm0 and restored. N = 8 also takes rbp (saved in xmm1; LLVM reserves it as the
frame pointer, but the asm addresses no memory through it and restores it before the
end). mul_full_8 needs one register more than the 15 general ones: b's limbs 1..7 are
loaded into xmm2..xmm8 up front and each row takes its limb by `movq rdx, xmmK`, which
frees b's pointer rcx for H. The final subtraction of an 8-limb kernel has fewer free
registers than limbs: the top limbs are subtracted in place, their old values parked in
xmm registers and taken back by cmov through a freed register.

The formulas (T = running value, m = (T mod 2^64) * n0 mod 2^64):
  full:    T = floor((T + a*b_i + m*p) / 2^64)            (T < 2^(64N+1) always)
  nocarry: T = floor((T + a*b_i + m*p) / 2^64) mod 2^(64N)
  final:   T - p if T >= p else T (low N limbs), by sbb and cmov.
"""

POOL = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rbx", "rbp", "rcx"]
RESERVED = {"rbx": "xmm0", "rbp": "xmm1"}  # LLVM's: saved in these and restored


class Kernel:
    def __init__(self, n, acc):
        """`acc` accumulator registers: N+2 keeping every carry, N+1 without the carry word.
        (Passing b's limbs in registers instead of memory was tried for 4 limbs: latency
        and throughput within noise, so b stays behind its pointer, unless rcx is needed
        for the accumulator: then b's limbs 1.. wait in xmm registers.)"""
        self.n = n
        self.lines = []
        self.t = POOL[:acc]
        self.h = POOL[acc]
        self.used = set(["rsi", "rcx", "rdi", "rdx", "rax"] + self.t + [self.h])
        self.xmm = set(RESERVED[r] for r in RESERVED if r in self.used)
        self.b_xmm = "rcx" in self.t + [self.h]
        if self.b_xmm:
            for i in range(1, n):
                self.e(f"movq xmm{i + 1}, qword ptr [rcx + {8*i}]")
                self.xmm.add(f"xmm{i + 1}")

    def load_row(self, i):
        if self.b_xmm and i:
            self.e(f"movq rdx, xmm{i + 1}")
        else:
            self.e(f"mov rdx, qword ptr [rcx + {8*i}]" if i else "mov rdx, qword ptr [rcx]")

    def e(self, s):
        self.lines.append(s)

    def rotate(self):
        self.t = self.t[1:] + self.t[:1]

    # --- rows -------------------------------------------------------------------------
    def first_row(self):
        """T = a * b_0 into t[0..=N] (exact, N+1 limbs)."""
        n, t = self.n, self.t
        self.load_row(0)
        self.e(f"mulx {t[1]}, {t[0]}, qword ptr [rsi]")
        for j in range(1, n):
            self.e(f"mulx {t[j+1]}, rax, qword ptr [rsi + {8*j}]")
            self.e(f"{'add' if j == 1 else 'adc'} {t[j]}, rax")
        self.e(f"adc {t[n]}, 0")

    def mac_row(self, src, count, top_direct):
        """t[j] += lo(rdx * src[j]) on the CF chain, t[j+1] += hi on the OF chain, for
        j < count; with `top_direct` the last high half is written straight into t[count]
        (which must be free) instead of being added to it."""
        t, h = self.t, self.h
        for j in range(count):
            hi = t[j + 1] if top_direct and j == count - 1 else h
            self.e(f"mulx {hi}, rax, qword ptr [{src} + {8*j}]")
            self.e(f"adcx {t[j]}, rax")
            if hi == h:
                self.e(f"adox {t[j+1]}, {h}")

    def mul_row_full(self, i):
        """T (t[0..=N], t[N] in {0,1}) += a * b_i into t[0..=N+1]."""
        n, t = self.n, self.t
        self.load_row(i)
        # zero the top; the xor also clears CF and OF, which breaks the flag dependency
        # on the previous row (dropping it was measured slower in evm384: PERF.md)
        self.e(f"xor {t[n+1]}, {t[n+1]}")
        self.mac_row("rsi", n, top_direct=False)
        self.e(f"adcx {t[n]}, {t[n+1]}")
        self.e(f"adox {t[n+1]}, {t[n+1]}")
        self.e(f"adc {t[n+1]}, 0")

    def mul_row_nocarry(self, i):
        """T (t[0..N]) += a * b_i into t[0..=N] (exact: the top limb cannot overflow)."""
        n, t = self.n, self.t
        self.load_row(i)
        # clears CF and OF, which breaks the flag dependency on the previous row
        self.e("xor eax, eax")
        self.mac_row("rsi", n, top_direct=True)
        self.e("mov eax, 0")
        self.e(f"adox {t[n]}, rax")
        self.e(f"adcx {t[n]}, rax")

    def red_row(self, kind):
        """T = floor((T + m*p) / 2^64), m = t[0] * n0 mod 2^64. `full`: T in t[0..=N+1]
        (top already set), every carry kept. `wide`: T in t[0..=N], the carry out of limb
        N dropped (mod 2^(64N) after the shift). `narrow`: T in t[0..N] (N limbs), exact
        for a spare-bit p."""
        n, t = self.n, self.t
        self.e(f"mov rdx, qword ptr [rdi + {8*n}]")
        self.e(f"imul rdx, {t[0]}")
        self.e("xor eax, eax")
        self.mac_row("rdi", n, top_direct=(kind == "narrow"))
        self.e("mov eax, 0")
        if kind == "narrow":
            self.e(f"adox {t[n]}, rax")
        self.e(f"adcx {t[n]}, rax")
        if kind == "full":
            # t[N+1] += OF + carry out of t[N]
            self.e(f"adox {t[n+1]}, rax")
            self.e(f"adc {t[n+1]}, 0")
        self.rotate()

    # --- final subtraction ---------------------------------------------------------------
    def final(self, top):
        """T = t[0..N] (+ t[N] as a top limb if `top`): T - p if T >= p else T. Limbs
        without a free register are subtracted in place, their old values kept in xmm."""
        n, t = self.n, self.t
        live = t[: n + (1 if top else 0)]
        free = []
        for r in ["rsi", "rcx", "rdx", "rax"] + t[n + (1 if top else 0):] + [self.h]:
            if r not in live and r not in free:
                free.append(r)
        k = min(n, len(free))  # limbs 0..k copied into free registers, k..n in place
        s = free[:k] + t[k:n]
        park = {j: f"xmm{j - k + 2}" for j in range(k, n)}
        for j in range(n):
            if j < k:
                self.e(f"mov {s[j]}, {t[j]}")
            else:
                self.e(f"movq {park[j]}, {t[j]}")
                self.xmm.add(park[j])
        self.e(f"sub {s[0]}, qword ptr [rdi]")
        for j in range(1, n):
            self.e(f"sbb {s[j]}, qword ptr [rdi + {8*j}]")
        if top:
            self.e(f"sbb {t[n]}, 0")
        # CF = 1 iff T < p: keep T, else T - p. (A mask select with and/xor instead of
        # cmov was measured slower in evm384.) movq leaves the flags alone.
        for j in range(k):
            self.e(f"cmovc {s[j]}, {t[j]}")
        for j in range(k, n):
            self.e(f"movq {t[0]}, {park[j]}")
            self.e(f"cmovc {s[j]}, {t[0]}")
        # LLVM's reserved registers cannot be outputs: move them to freed ones
        spare = [r for r in t[:k] if r not in RESERVED and r not in s]
        for j, r in enumerate(s):
            if r in RESERVED:
                self.e(f"mov {spare[0]}, {r}")
                s[j] = spare.pop(0)
        self.out = s

    # --- emission ----------------------------------------------------------------------
    def emit(self, name, doc, args, ptr_regs):
        n = self.n
        arg_list = ", ".join(f"{a}: &[u64; {n}]" for a in args)
        print(f"/// {doc}")
        print("///")
        print("/// # Safety")
        print(f"/// The CPU must support BMI2 and ADX; `pn` must be valid for reading {n + 1} limbs")
        print(f"/// (`[p0, .., p{n-1}, n0]`).")
        print("#[inline(always)]")
        print(f"pub(super) unsafe fn {name}({arg_list}, pn: *const u64) -> [u64; {n}] {{")
        print(f"    let ({', '.join(f'r{j}' for j in range(n))}): ({', '.join('u64' for _ in range(n))});")
        print(f"    // SAFETY: the caller guarantees BMI2 and ADX and the {n + 1} limbs behind `pn`; the")
        print(f"    // asm only reads the {n} limbs behind each reference and those, uses no stack")
        print("    // and restores every register it is not given (rbx and rbp, when used, are saved")
        print("    // in xmm0 and xmm1; nothing addresses memory through rbp meanwhile).")
        self.print_block({r: f"{a}.as_ptr()" for r, a in zip(ptr_regs, args)}, "pure, readonly, nostack")

    def body(self):
        """The template lines, with rbx and rbp (when used) saved in xmm0 and xmm1 around them."""
        saved = [r for r in RESERVED if r in self.used]
        return (
            [f"movq {RESERVED[r]}, {r}" for r in saved]
            + self.lines
            + [f"movq {r}, {RESERVED[r]}" for r in saved]
        )

    def print_block(self, inputs, options):
        """Prints the `unsafe { asm!(..) }` block and the function's end: the template, rdi =
        `pn`, `inputs` (register -> Rust expression) as inout operands, every other used
        register and xmm register clobbered, the outputs `self.out` as the limbs returned."""
        n = self.n
        print("    unsafe {")
        print("        asm!(")
        for l in self.body():
            print(f'            "{l}",')
        regs_out = {r: f"r{j}" for j, r in enumerate(self.out)}
        print('            in("rdi") pn,')
        for r in dict.fromkeys(["rsi", "rcx", "rdx", "rax"] + POOL):
            if r not in self.used or r in RESERVED:
                continue
            if r in inputs:
                print(f'            inout("{r}") {inputs[r]} => {regs_out.get(r, "_")},')
            else:
                print(f'            out("{r}") {regs_out.get(r, "_")},')
        for x in sorted(self.xmm, key=lambda x: int(x[3:])):
            print(f'            out("{x}") _,')
        print(f"            options({options}),")
        print("        );")
        print("    }")
        print(f"    [{', '.join(f'r{j}' for j in range(n))}]")
        print("}")
        print()


def emit_sqrn(k, name, doc):
    """Prints `sqrn_nocarry_N(a: &mut [u64; N], k: u64, pn)`: like `Kernel.emit`, but the
    block writes `a` (so `options(nostack)` only) and takes the count in rcx."""
    n = k.n
    print(f"/// {doc}")
    print("///")
    print("/// # Safety")
    print(f"/// The CPU must support BMI2 and ADX; `pn` must be valid for reading {n + 1} limbs")
    print(f"/// (`[p0, .., p{n-1}, n0]`); `k` must be at least 1.")
    print("#[inline(always)]")
    print(f"pub(super) unsafe fn {name}(a: &mut [u64; {n}], k: u64, pn: *const u64) -> [u64; {n}] {{")
    print(f"    let ({', '.join(f'r{j}' for j in range(n))}): ({', '.join('u64' for _ in range(n))});")
    print(f"    // SAFETY: the caller guarantees BMI2 and ADX, the {n + 1} limbs behind `pn` and")
    print(f"    // `k >= 1`; the asm reads those and the {n} limbs of `a`, writes only `a`, uses no")
    print("    // stack and restores every register it is not given (rbx and rbp are saved in xmm0")
    print("    // and xmm1; nothing addresses memory through rbp meanwhile).")
    k.print_block({"rsi": "a.as_mut_ptr()", "rcx": "k"}, "nostack")


def mul_kernel(n, nocarry):
    k = Kernel(n, acc=n + 1 if nocarry else n + 2)
    k.first_row()
    if not nocarry:
        # the carry word starts at zero
        k.e(f"xor {k.t[n+1]}, {k.t[n+1]}")
    kind, mul_row = ("wide", k.mul_row_nocarry) if nocarry else ("full", k.mul_row_full)
    k.red_row(kind)
    for i in range(1, n):
        mul_row(i)
        k.red_row(kind)
    k.final(top=not nocarry)
    name, portable = ("mul_nocarry", "mul_mont_nocarry") if nocarry else ("mul_full", "mul_mont")
    k.emit(f"{name}_{n}", f"`portable::{portable}` for {n} limbs.", ["a", "b"], ["rsi", "rcx"])


def sqr_rows(k, n, xmm_rdi):
    """The rows of `sqr_nocarry_N`: `portable::redc` of the plain square `a^2`, for a spare-bit `p` (the
    rows of `redc_nocarry_N`, exact for every input). The square costs N(N-1)/2 + N MULX
    instead of N^2: the cross products a_i a_j (i < j) once, rows i = 0..N-2 into positions
    1..2N-2 (a row's top limb is fresh and cannot overflow), then one pass doubling them on
    the CF chain while the OF chain adds the squares a_i^2 on the diagonal. The 2N limbs need
    more registers than there are: during the pass rdi (p's pointer) waits in an xmm register
    and the limb at position 0 takes its place, and each high limb (positions N..2N-1) is
    parked in an xmm register as soon as it is final. Then the N reduction rows on the low
    half, the parked high half added into t[0..=N] (t[N] the carry: zero for `a < 2p` when `4p < 2^(64N)`), before
    the subtraction of p."""
    pool = POOL[: 2 * n - 1]  # positions 1..2N-2, then the rows' high halves
    c = {j + 1: r for j, r in enumerate(pool[: 2 * n - 2])}
    h = pool[2 * n - 2]
    e = k.e
    # cross products: row i adds a_i * a_(i+1..N-1) at positions 2i+1..i+N
    for i in range(n - 1):
        e(f"mov rdx, qword ptr [rsi + {8 * i}]" if i else "mov rdx, qword ptr [rsi]")
        js = range(i + 1, n)
        if i == 0:
            for j in js:
                lo = c[j] if j == 1 else "rax"
                e(f"mulx {c[j + 1]}, {lo}, qword ptr [rsi + {8 * j}]")
                if j > 1:
                    e(f"{'add' if j == 2 else 'adc'} {c[j]}, rax")
            e(f"adc {c[n]}, 0")
            continue
        e("xor eax, eax")
        for j in js:
            top = j == n - 1
            hi = c[i + j + 1] if top else h
            e(f"mulx {hi}, rax, qword ptr [rsi + {8 * j}]")
            e(f"adcx {c[i + j]}, rax")
            if not top:
                e(f"adox {c[i + j + 1]}, {h}")
        e("mov eax, 0")
        e(f"adox {c[i + n]}, rax")
        e(f"adcx {c[i + n]}, rax")
    # doubled, plus the diagonal; c[0] in rdi (saved in xmm), the top limb in h
    park = {}
    e(f"movq {xmm_rdi}, rdi")
    c[0] = "rdi"
    e("xor eax, eax")
    for i in range(n):
        e(f"mov rdx, qword ptr [rsi + {8 * i}]" if i else "mov rdx, qword ptr [rsi]")
        e(f"mulx {h}, {'rdi' if i == 0 else 'rax'}, rdx")
        for pos, add in ([] if i == 0 else [(2 * i, "rax")]) + ([(2 * i + 1, h)] if i < n - 1 else []):
            e(f"adcx {c[pos]}, {c[pos]}")
            e(f"adox {c[pos]}, {add}")
            if pos >= n:
                park[pos] = f"xmm{pos - n + 2}"
                e(f"movq {park[pos]}, {c[pos]}")
    e("mov eax, 0")
    e(f"adcx {h}, rax")
    e(f"adox {h}, rax")
    park[2 * n - 1] = f"xmm{n + 1}"
    e(f"movq {park[2 * n - 1]}, {h}")
    # the low half into the reduction window, p's pointer back
    e("mov rsi, rdi")
    e(f"movq rdi, {xmm_rdi}")
    spare = [c[pos] for pos in range(n, 2 * n - 1)] + [h]
    k.t = ["rsi"] + [c[pos] for pos in range(1, n)] + [spare[0]]
    k.h = spare[1]
    for _ in range(n):
        k.red_row("narrow")
    # U (< 2^(64N)) + the high half, with the carry in t[N]
    t = k.t
    e(f"xor {t[n]}, {t[n]}")
    for j in range(n):
        e(f"movq rax, {park[n + j]}")
        e(f"{'add' if j == 0 else 'adc'} {t[j]}, rax")
    e(f"adc {t[n]}, 0")
    return t, spare, pool, park


def sqr_kernel(n):
    """`sqr_nocarry_N`: `portable::redc` of the plain square `a^2`, for a spare-bit `p` (the
    rows of `redc_nocarry_N`, exact for every input): `sqr_rows`, then one subtraction of p
    (as `redc_nocarry_N`)."""
    k = Kernel(n, acc=n + 1)
    xmm_rdi = f"xmm{n + 2}"
    t, spare, pool, park = sqr_rows(k, n, xmm_rdi)
    k.t = t + [r for r in spare[2:] if r not in t]
    k.used = set(["rsi", "rdi", "rdx", "rax"] + pool)
    k.xmm = set(RESERVED[r] for r in RESERVED if r in k.used) | set(park.values()) | {xmm_rdi}
    k.final(top=True)
    k.emit(
        f"sqr_nocarry_{n}",
        f"`portable::redc` of `a^2` for {n} limbs, for a spare-bit `p` (`portable::square`'s formula).",
        ["a"],
        ["rsi"],
    )


def sqrn_kernel(n):
    """`sqrn_nocarry_N`: `k >= 1` squarings in a row, in one block: `sqr_rows` in a loop,
    each square but the last stored back into `a` without the subtraction of p (lazy: for
    `a < 2p` and `4p < 2^(64N)` the square's REDC is below `(4p^2 + p 2^(64N)) / 2^(64N) <
    1.5p`, so the next square's input stays below 2p and the carry limb t[N] stays zero),
    the last one reduced once. The pointer to `a` and the count wait in xmm registers."""
    k = Kernel(n, acc=n + 1)
    xmm_rdi = f"xmm{n + 2}"
    xmm_ptr, xmm_cnt = f"xmm{n + 3}", f"xmm{n + 4}"
    e = k.e
    e(f"movq {xmm_ptr}, rsi")
    e(f"movq {xmm_cnt}, rcx")
    e("2:")
    t, spare, pool, park = sqr_rows(k, n, xmm_rdi)
    e(f"movq rax, {xmm_cnt}")
    e("dec rax")
    e("jz 3f")
    e(f"movq {xmm_cnt}, rax")
    # rax, not rsi, carries the pointer: rsi may hold a limb of the result here
    e(f"movq rax, {xmm_ptr}")
    for j in range(n):
        e(f"mov qword ptr [rax + {8 * j}], {t[j]}")
    e("mov rsi, rax")
    e("jmp 2b")
    e("3:")
    k.t = t + [r for r in spare[2:] if r not in t]
    k.used = set(["rsi", "rcx", "rdi", "rdx", "rax"] + pool)
    k.xmm = (
        set(RESERVED[r] for r in RESERVED if r in k.used)
        | set(park.values())
        | {xmm_rdi, xmm_ptr, xmm_cnt}
    )
    k.final(top=True)
    emit_sqrn(
        k,
        f"sqrn_nocarry_{n}",
        f"`k >= 1` squarings of `a < p` for {n} limbs, for `p < 2^{64 * n - 2}`: `sqr_nocarry_{n}` applied `k` times (lazy in between); `a` is overwritten.",
    )


def redc_kernel(n, nocarry):
    k = Kernel(n, acc=n + 2)
    for j in range(n):
        k.e(f"mov {k.t[j]}, qword ptr [rsi + {8*j}]")
    if nocarry:
        for _ in range(n):
            k.red_row("narrow")
    else:
        k.e(f"xor {k.t[n]}, {k.t[n]}")
        for _ in range(n):
            k.e(f"xor {k.t[n+1]}, {k.t[n+1]}")
            k.red_row("full")
    # U (< 2^(64N)) + hi, with the carry in t[N]
    t = k.t
    if nocarry:
        k.e(f"xor {t[n]}, {t[n]}")
    k.e(f"add {t[0]}, qword ptr [rcx]")
    for j in range(1, n):
        k.e(f"adc {t[j]}, qword ptr [rcx + {8*j}]")
    k.e(f"adc {t[n]}, 0")
    k.final(top=True)
    kind = "for a spare-bit `p`" if nocarry else "for any `p`"
    k.emit(f"redc_{'nocarry' if nocarry else 'full'}_{n}", f"`portable::redc` for {n} limbs, {kind}.", ["lo", "hi"], ["rsi", "rcx"])


def wide_kernel(n):
    """The plain product a * b into 2N registers (r8.. for N = 4): the first row, then
    each row b_i accumulated into the window t[i..=i+N] with the no-carry row (the top
    limb t[i+N] is fresh and cannot overflow: the product fits 2N limbs). rdi holds the
    high halves, so no register LLVM reserves is touched."""
    assert 2 * n <= 8, "2N output limbs must fit r8..r15"
    k = Kernel(n, acc=n + 1)
    full = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"][: 2 * n]
    k.h = "rdi"
    k.used = set(["rsi", "rcx", "rdx", "rax", "rdi"] + full)
    k.t = full[: n + 1]
    k.first_row()
    for i in range(1, n):
        k.t = full[i : i + n + 1]
        k.mul_row_nocarry(i)
    operands = ['inout("rsi") a.as_ptr() => _', 'inout("rcx") b.as_ptr() => _']
    operands += [f'out("{r}") _' for r in ["rdx", "rax", "rdi"]]
    operands += [f'out("{r}") r{j}' for j, r in enumerate(full)]
    emit_mul_wide(n, k.lines, operands)


def wide_kernel_parked(n):
    """The plain product a * b for N limbs whose 2N output limbs do not fit the free
    registers during the rows (N = 6): an N+1 register window t (r8..r14) rotated after
    every row, like the Montgomery rows; the limb a row completes (t[0]) is parked in an
    xmm register and the freed register becomes the next row's fresh top limb. After the
    last row the window holds the high N limbs and the parked low limbs come back into
    the pointer and scratch registers, which are free by then."""
    k = Kernel(n, acc=n + 1)
    k.h = "rdi"
    k.t = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"][: n + 1]
    k.used = set(["rsi", "rcx", "rdx", "rax", "rdi"] + k.t)
    k.first_row()
    for i in range(n):
        if i:
            k.mul_row_nocarry(i)
        k.e(f"movq xmm{i + 2}, {k.t[0]}")
        k.rotate()
    low = ["rsi", "rcx", "rdx", "rax", "rdi", "r15", "rbx"][:n]
    assert all(r not in k.t[:n] for r in low) and "rbx" not in low
    for i in range(n):
        k.e(f"movq {low[i]}, xmm{i + 2}")
    outs = low + k.t[:n]
    regs_out = {r: f"r{j}" for j, r in enumerate(outs)}
    inputs = {"rsi": "a.as_ptr()", "rcx": "b.as_ptr()"}
    operands = []
    for r in ["rsi", "rcx", "rdx", "rax", "rdi"] + ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"]:
        if r in inputs:
            operands.append(f'inout("{r}") {inputs[r]} => {regs_out.get(r, "_")}')
        else:
            operands.append(f'out("{r}") {regs_out.get(r, "_")}')
    operands += [f'out("xmm{i + 2}") _' for i in range(n)]
    emit_mul_wide(n, k.lines, operands)


def emit_mul_wide(n, lines, operands):
    """Prints `mul_wide_{n}`: the asm `lines` with the register `operands` (one string each,
    naming the output limbs r0..r{2N-1}), returning `(low N limbs, high N limbs)`. Shared by
    the two register plans above, which differ only in their lines and operands."""
    print(f"/// `portable::mul_wide` for {n} limbs: `(low {n} limbs, high {n} limbs)` of `a * b`.")
    print("///")
    print("/// # Safety")
    print("/// The CPU must support BMI2 and ADX.")
    print("#[inline(always)]")
    print(f"pub(super) unsafe fn mul_wide_{n}(a: &[u64; {n}], b: &[u64; {n}]) -> ([u64; {n}], [u64; {n}]) {{")
    print(f"    let ({', '.join(f'r{j}' for j in range(2 * n))}): ({', '.join('u64' for _ in range(2 * n))});")
    print("    // SAFETY: the caller guarantees BMI2 and ADX; the asm only reads the limbs behind")
    print("    // `a` and `b`, uses no stack and writes only the registers declared below.")
    print_asm(lines, [f"{o}," for o in operands], "pure, readonly, nostack")
    lo = ", ".join(f"r{j}" for j in range(n))
    hi = ", ".join(f"r{j}" for j in range(n, 2 * n))
    print(f"    ([{lo}], [{hi}])")
    print("}")
    print()


def print_asm(lines, operands, options):
    """Prints the `unsafe { asm!(..) }` block of a generated function: the template `lines`,
    the `operands` (each a whole operand line with its comma) and `options(..)`."""
    print("    unsafe {")
    print("        asm!(")
    for l in lines:
        print(f'            "{l}",')
    for o in operands:
        print(f"            {o}")
    print(f"            options({options}),")
    print("        );")
    print("    }")


def row_carry(last):
    """The asm lines ending a row: the carry limb is the last high limb (register `last`) plus
    both pending flags, CF and OF; `{lo}` is clobbered. It cannot overflow:
    `r + a*b < 2^64 * 2^(64 L)`."""
    return ["mov {lo:e}, 0", f"adcx {{{last}}}, {{lo}}", f"adox {{{last}}}, {{lo}}"]


def row_loop():
    """`addmul_1_x4`: `r += a * b` four limbs per step for any multiple of 4 limbs. The loop
    counter lives in rcx, stepped with `lea` and tested with `jrcxz`: neither touches CF or
    OF, which carry the two addition chains from one step to the next."""
    lines = ["xor {hi:e}, {hi:e}", "2:"]
    for i, (new, old) in enumerate([("h0", "hi"), ("hi", "h0")] * 2):
        off = f" + {8 * i}" if i else ""
        lines += [
            f"mulx {{{new}}}, {{lo}}, qword ptr [{{a}}{off}]",
            f"adcx {{lo}}, qword ptr [{{r}}{off}]",
            f"adox {{lo}}, {{{old}}}",
            f"mov qword ptr [{{r}}{off}], {{lo}}",
        ]
    lines += ["lea {a}, [{a} + 32]", "lea {r}, [{r} + 32]", "lea rcx, [rcx - 1]", "jrcxz 3f", "jmp 2b", "3:"]
    lines += row_carry("hi")
    emit_row(
        "addmul_1_x4(r: *mut u64, a: *const u64, steps: usize, b: u64)",
        [
            "/// `r[..4 * steps] += a[..4 * steps] * b`, returning the carry limb: four limbs per loop step.",
            "///",
            "/// # Safety",
            "/// The CPU must support BMI2 and ADX; `r` and `a` must be valid for `4 * steps` limbs (`r`",
            "/// writable, the two not overlapping) and `steps >= 1`.",
        ],
        ["SAFETY: the caller guarantees the CPU features and that the pointers cover",
         "`4 * steps` limbs; the asm touches no other memory and no stack."],
        lines,
        ["a = inout(reg) a => _,", "r = inout(reg) r => _,", 'inout("rcx") steps => _,', 'in("rdx") b,',
         "hi = out(reg) carry,", "h0 = out(reg) _,", "lo = out(reg) _,"],
    )


def emit_row(signature, doc, covered, lines, operands):
    """Prints one row kernel: `doc` lines, `pub(super) unsafe fn <signature> -> u64` whose asm
    block (after the SAFETY comment lines `covered`) has the template `lines` and the
    `operands`, `options(nostack)` (it writes `r`)."""
    for d in doc:
        print(d)
    print("#[inline(always)]")
    print(f"pub(super) unsafe fn {signature} -> u64 {{")
    print("    let carry: u64;")
    for c in covered:
        print(f"    // {c}")
    print_asm(lines, operands, "nostack")
    print("    carry")
    print("}")
    print()


def row_straight(n):
    """`addmul_l{n}`: `r[..n] += a[..n] * b` in straight-line code, one mulx/adcx/adox/mov
    group per limb. The high limbs alternate between two registers so ADOX can add the
    previous one while MULX writes the next."""
    lines = ["xor {hi:e}, {hi:e}"]
    for i in range(n):
        new, old = ("h0", "hi") if i % 2 == 0 else ("hi", "h0")
        lines += [
            f"mulx {{{new}}}, {{lo}}, qword ptr [{{a}} + {8 * i}]",
            f"adcx {{lo}}, qword ptr [{{r}} + {8 * i}]",
            f"adox {{lo}}, {{{old}}}",
            f"mov qword ptr [{{r}} + {8 * i}], {{lo}}",
        ]
    last = "h0" if (n - 1) % 2 == 0 else "hi"
    lines += row_carry(last) + [f"mov {{lo}}, {{{last}}}"]
    emit_row(
        f"addmul_l{n}(r: *mut u64, a: *const u64, b: u64)",
        [
            f"/// `r[..{n}] += a[..{n}] * b` in straight-line code, returning the carry limb.",
            "///",
            "/// # Safety",
            f"/// The CPU must support BMI2 and ADX; `r` (writable) and `a` must be valid for {n} limbs",
            "/// and not overlap.",
        ],
        [f"SAFETY: the caller guarantees the CPU features and the {n} limbs at `r` and `a`;",
         "the asm touches no other memory and no stack."],
        lines,
        ["a = in(reg) a,", "r = in(reg) r,", 'in("rdx") b,', "hi = out(reg) _,", "h0 = out(reg) _,",
         "lo = out(reg) carry,"],
    )


def rows_main():
    print("// @generated by scripts/gen_asm.py rows -- do not edit by hand.")
    print("//! Generated MULX/ADCX/ADOX row kernels `r += a * b` (a limb string times one limb, two")
    print("//! carry chains: ADCX adds `r`, ADOX the previous product's high limb) for the")
    print("//! variable-width arithmetic of [`crate::var`]: a loop of four limbs per step for any length")
    print("//! and straight-line rows of 1 to 16 limbs (see scripts/gen_asm.py).")
    print()
    print("use core::arch::asm;")
    print()
    row_loop()
    for n in range(1, 17):
        row_straight(n)


def kernels_main():
    print("// @generated by scripts/gen_asm.py -- do not edit by hand.")
    print("//! Generated MULX/ADCX/ADOX Montgomery kernels for 4, 6 and 8 limbs (see scripts/gen_asm.py).")
    print()
    print("use core::arch::asm;")
    print()
    for n in (4, 6):
        mul_kernel(n, nocarry=False)
        mul_kernel(n, nocarry=True)
        redc_kernel(n, nocarry=False)
        redc_kernel(n, nocarry=True)
    sqr_kernel(6)
    sqrn_kernel(6)
    mul_kernel(8, nocarry=False)
    mul_kernel(8, nocarry=True)
    wide_kernel(4)
    wide_kernel_parked(6)


# --- kernels specialised to one prime: P-256's and secp256k1's (see special_main) ---------

P256_P = [0xFFFFFFFFFFFFFFFF, 0x00000000FFFFFFFF, 0, 0xFFFFFFFF00000001]


def p256_redc(k, w, hi, h="rdi", pc="rcx", tmp="rsi"):
    """Montgomery reduction of the 8-limb value (low limbs in registers `w`, high limbs in
    `hi`) for P-256's p = 2^256 - 2^224 + 2^192 + 2^96 - 1, whose n0 is 1: a round's factor m
    is the low limb itself, and m p = m (2^96 - 1) + m p3 2^192, so a round is one MULX (m p3,
    p3 in `pc`) and two shifts instead of a row. Each round's value stays below 2^256
    ((W + m p) / 2^64 < 2^192 + p), so the window is four registers: the top limb of a round
    is the high half of m p3 plus the carry, and the cleared low register takes the next
    round's high half. Then U (<= p) + hi (any 4 limbs): below 2^256 + p, so when the sum
    carries out, one subtraction of p (masked by the carry, no compare) leaves it below 2^256.
    Partly reduced: the result is below 2^256, not necessarily below p. Uses rdx, rax, `h`,
    `pc` (p3) and `tmp` (free on entry); returns the four output registers (`hi`'s)."""
    k.e(f"mov {pc}, {P256_P[3]:#x}")
    for _ in range(4):
        m = w[0]
        k.e(f"mov rdx, {m}")
        k.e(f"mulx {h}, rax, {pc}")
        k.e(f"mov {tmp}, {m}")
        k.e(f"shl {tmp}, 32")
        k.e(f"shr {m}, 32")
        k.e(f"add {w[1]}, {tmp}")
        k.e(f"adc {w[2]}, {m}")
        k.e(f"adc {w[3]}, rax")
        k.e(f"adc {h}, 0")
        w, h = w[1:] + [h], m
    mask = h
    for j in range(4):
        k.e(f"{'add' if j == 0 else 'adc'} {hi[j]}, {w[j]}")
    # mask = -carry; p & mask: p0 = -1 (the mask), p1 = 2^32 - 1 (mask >> 32), p2 = 0, p3 (pc)
    k.e(f"sbb {mask}, {mask}")
    k.e(f"mov rax, {mask}")
    k.e("shr rax, 32")
    k.e(f"and {pc}, {mask}")
    k.e(f"sub {hi[0]}, {mask}")
    k.e(f"sbb {hi[1]}, rax")
    k.e(f"sbb {hi[2]}, 0")
    k.e(f"sbb {hi[3]}, {pc}")
    return hi


def k256_reduce(k, w, hi):
    """secp256k1's p = 2^256 - C, C = 2^32 + 977: w + hi 2^256 = w + hi C (mod p), folded
    twice (hi C < 2^289: the first fold leaves a top word below 2^34, the second at most one
    carry out of the top limb, worth C again, which cannot carry out). Partly reduced: the
    result is below 2^256, not necessarily below p (the caller's field keeps such values and
    normalises only where it must). Uses rdx, rax, rdi (free on entry); returns the four output
    registers (`w`)."""
    e = k.e
    e("mov rdx, 0x1000003d1")
    e("xor eax, eax")
    for j in range(3):
        e(f"mulx rdi, rax, {hi[j]}")
        e(f"adcx {w[j]}, rax")
        e(f"adox {w[j + 1]}, rdi")
    top = hi[0]
    e(f"mulx {top}, rax, {hi[3]}")
    e(f"adcx {w[3]}, rax")
    e("mov eax, 0")
    e(f"adox {top}, rax")
    e(f"adcx {top}, rax")
    e(f"mulx rdi, rax, {top}")
    e(f"add {w[0]}, rax")
    e(f"adc {w[1]}, rdi")
    e(f"adc {w[2]}, 0")
    e(f"adc {w[3]}, 0")
    # a carry out is worth C once more; it leaves w below 2^67 (w1 < 2^3), so adding C
    # carries at most into w1
    e(f"sbb {top}, {top}")
    e(f"and {top}, rdx")
    e(f"add {w[0]}, {top}")
    e(f"adc {w[1]}, 0")
    return w


def square_rows_in_registers(k):
    """The plain square of a = (rcx, rsi, r14, r15) into t = (rcx, r8, r9, r10, r11, r12, r13,
    rsi), no memory: the six products a_i a_j (i < j) into r8..r13, then doubled on the CF
    chain while the OF chain adds the four squares. Thirteen registers suffice because a0's
    register takes t0 once a0 is in rdx, and a1's takes t7 (zeroed by a flag-preserving mov)
    once a1 is; rax and rdi are the product temporaries."""
    e = k.e
    e("mov rdx, rcx")
    e("mulx r9, r8, rsi")
    e("mulx r10, rax, r14")
    e("add r9, rax")
    e("mulx r11, rax, r15")
    e("adc r10, rax")
    e("adc r11, 0")
    e("mov rdx, rsi")
    e("xor r12d, r12d")
    e("mulx rdi, rax, r14")
    e("adcx r10, rax")
    e("adox r11, rdi")
    e("mulx rdi, rax, r15")
    e("adcx r11, rax")
    e("adox r12, rdi")
    e("mov eax, 0")
    e("adcx r12, rax")
    e("mov rdx, r14")
    e("mulx r13, rax, r15")
    e("add r12, rax")
    e("adc r13, 0")
    e("mov rdx, rcx")
    e("xor eax, eax")
    e("mulx rdi, rcx, rdx")
    e("adcx r8, r8")
    e("adox r8, rdi")
    e("mov rdx, rsi")
    e("mulx rdi, rax, rdx")
    e("adcx r9, r9")
    e("adox r9, rax")
    e("adcx r10, r10")
    e("adox r10, rdi")
    e("mov rdx, r14")
    e("mulx rdi, rax, rdx")
    e("adcx r11, r11")
    e("adox r11, rax")
    e("adcx r12, r12")
    e("adox r12, rdi")
    e("mov esi, 0")
    e("mov rdx, r15")
    e("mulx rdi, rax, rdx")
    e("adcx r13, r13")
    e("adox r13, rax")
    e("adcx rsi, rsi")
    e("adox rsi, rdi")


def square_regs_kernel(name, doc, reduce):
    """`name`: the square of a 4-limb `a` taken in rcx, rsi, r14, r15
    (`square_rows_in_registers`), then `reduce(k, lo, hi)` (returning its four output
    registers), with no memory access: a chain of squares (a square root's) stays in registers
    between steps."""
    k = Kernel(4, acc=5)
    square_rows_in_registers(k)
    out = reduce(k, ["rcx", "r8", "r9", "r10"], ["r11", "r12", "r13", "rsi"])
    ins = {"rcx": "a[0]", "rsi": "a[1]", "r14": "a[2]", "r15": "a[3]"}
    regs = {}
    for r in ["rcx", "rsi", "r14", "r15", "rdx", "rax", "rdi", "r8", "r9", "r10", "r11", "r12", "r13"]:
        o = f"r{out.index(r)}" if r in out else "_"
        regs[r] = (ins[r], o) if r in ins else o
    special_emit(
        name,
        doc,
        "a: [u64; 4]",
        ("[u64; 4]", [f"r{j}" for j in range(4)], "[r0, r1, r2, r3]"),
        k.lines,
        regs,
        "pure, nomem, nostack",
    )


def special_emit(name, doc, params, ret, lines, regs, options):
    """Prints one kernel: `regs` maps each register the asm touches to its operand (an output
    name or `_`, or `(input, output)`)."""
    print(f"/// {doc}")
    print("///")
    print("/// # Safety")
    print("/// The CPU must support BMI2 and ADX.")
    print("#[inline(always)]")
    print(f"pub(super) unsafe fn {name}({params}) -> {ret[0]} {{")
    print(f"    let ({', '.join(ret[1])}): ({', '.join('u64' for _ in ret[1])});")
    print("    // SAFETY: the caller guarantees BMI2 and ADX; the asm reads no memory but the limbs")
    print("    // behind its reference arguments, uses no stack and writes only the registers")
    print("    // declared below.")
    print("    unsafe {")
    print("        asm!(")
    for l in lines:
        print(f'            "{l}",')
    for r, op in regs.items():
        if isinstance(op, tuple):
            print(f'            inout("{r}") {op[0]} => {op[1]},')
        else:
            print(f'            out("{r}") {op},')
    print(f"            options({options}),")
    print("        );")
    print("    }")
    print(f"    {ret[2]}")
    print("}")
    print()


WIDE = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"]


def special_reduce_kernel(name, doc, reduce, scratch):
    """A reduction of the 8-limb value `lo + hi 2^256` taken in r8..r15 (where `mul_wide_4`
    leaves it, so no register moves between the two blocks)."""
    k = Kernel(4, acc=5)
    out = reduce(k, WIDE[:4], WIDE[4:])
    ins = [f"lo[{j}]" for j in range(4)] + [f"hi[{j}]" for j in range(4)]
    regs = {r: "_" for r in scratch}
    regs.update({r: (ins[j], "_") for j, r in enumerate(WIDE)})
    for j, r in enumerate(out):
        regs[r] = (regs[r][0], f"r{j}") if isinstance(regs[r], tuple) else f"r{j}"
    special_emit(
        name,
        doc,
        "lo: &[u64; 4], hi: &[u64; 4]",
        ("[u64; 4]", [f"r{j}" for j in range(4)], "[r0, r1, r2, r3]"),
        k.lines,
        regs,
        "pure, nomem, nostack",
    )


def special_main():
    print("// @generated by scripts/gen_asm.py special -- do not edit by hand.")
    print("//! Generated MULX/ADCX/ADOX kernels for two primes of special form: reductions of an")
    print("//! 8-limb product (from `mul_wide_4`, in the same registers) modulo P-256's")
    print("//! `p = 2^256 - 2^224 + 2^192 + 2^96 - 1` (Montgomery, `n0 = 1`: a round is one MULX and")
    print("//! two shifts) and secp256k1's `p = 2^256 - 2^32 - 977` (plain form: the high")
    print("//! half folded in by `2^256 = 2^32 + 977`), both partly reduced (below `2^256`, possibly")
    print("//! `>= p`); and both primes' squares with the operand in registers (no memory: a chain of")
    print("//! squares stays in registers); see scripts/gen_asm.py.")
    print()
    print("use core::arch::asm;")
    print()
    special_reduce_kernel(
        "redc_p256",
        "A value below `2^256` congruent to `(lo + hi 2^256) 2^-256` modulo P-256's `p` (partly reduced: possibly `>= p`), for any `lo`, `hi`.",
        p256_redc,
        ["rsi", "rcx", "rdx", "rax", "rdi"],
    )
    special_reduce_kernel(
        "reduce_k256",
        "A value below `2^256` congruent to `lo + hi 2^256` modulo secp256k1's `p` (partly reduced: possibly `>= p`), for any `lo`, `hi`.",
        k256_reduce,
        ["rdx", "rax", "rdi"],
    )
    square_regs_kernel(
        "square_k256_regs",
        "A value below `2^256` congruent to `a^2` modulo secp256k1's `p` (partly reduced), for any `a`: the square with `a` in registers (no memory operand) and the reduction of `reduce_k256`.",
        k256_reduce,
    )
    # a2's and a3's registers are free once the square is done: the reduction's scratch
    square_regs_kernel(
        "square_p256_regs",
        "A value below `2^256` congruent to `a^2 2^-256` modulo P-256's `p` (partly reduced), for any `a`: the square with `a` in registers (no memory operand) and the reduction of `redc_p256`.",
        lambda k, w, hi: p256_redc(k, w, hi, h="rdi", pc="r14", tmp="r15"),
    )

if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["rows"]:
        rows_main()
    elif sys.argv[1:] == ["special"]:
        special_main()
    elif sys.argv[1:] == []:
        kernels_main()
    else:
        sys.exit("usage: gen_asm.py [rows | special]")
