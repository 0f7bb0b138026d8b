package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// The bytes of benches/src/evm.rs (call_code and check_code) for precompile 0x100.
func TestCallerCodeMatchesRust(t *testing.T) {
	call := "365f5f37" + "5f5f365f610100" + "5afa" + "00"
	check := "365f5f37" + "5f5f365f610100" + "5afa" + "5f52" + "3d5f60203e" + "3d6020015ff3"
	if got := common.Bytes2Hex(CallCode(0x100)); got != call {
		t.Fatalf("CallCode = %s, want %s", got, call)
	}
	if got := common.Bytes2Hex(CheckCode(0x100)); got != check {
		t.Fatalf("CheckCode = %s, want %s", got, check)
	}
	if n := number(testCase{Address: "0x100"}); n != 0x100 {
		t.Fatalf("number(0x100) = %#x", n)
	}
}

func TestMeanCI(t *testing.T) {
	mean, half := meanCI([]float64{1, 2, 3})
	if mean != 2 || math.Abs(half-4.303*1/math.Sqrt(3)) > 1e-9 {
		t.Fatalf("mean %v half %v", mean, half)
	}
	if _, half := meanCI([]float64{5}); half != 0 {
		t.Fatalf("one sample: half %v", half)
	}
}

// testdata/cases.json is hand-made: ECRECOVER of go-ethereum's "ValidKey" input, whose
// expected address was computed independently (textbook secp256k1 recovery and Keccak-256
// in Python), IDENTITY and SHA-256 (hashlib) of bytes 0..127, with their Osaka prices.
func TestHandMadeCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file casesFile
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	chain, err := chainConfig(file.Fork)
	if err != nil {
		t.Fatal(err)
	}
	precompiles := vm.ActivePrecompiledContracts(chain.Rules(new(big.Int), true, 0))
	for _, c := range file.Cases {
		if err := verify(precompiles, chain, c); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
		bad := c
		bad.Gas++
		if verify(precompiles, chain, bad) == nil {
			t.Errorf("%s: a wrong gas was accepted", c.Name)
		}
	}
}

// The -serve protocol: success with RequiredGas, out of gas, a failing input, an absent
// precompile and malformed requests, each answered on its own line.
func TestServe(t *testing.T) {
	in := strings.Join([]string{
		"osaka 4 18 0102",        // IDENTITY: 15 + 3 per word
		"osaka 4 17 0102",        // one gas short
		"Osaka 9 1000000 00",     // BLAKE2F: wrong length
		"homestead 5 1000000 00", // no MODEXP before Byzantium
		"osaka 100 10000 ",       // P256VERIFY with empty input: success, empty output
		"osaka 4 15",             // missing field
		"osaka 4 x 00",           // bad limit
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{"ok 18 0102", "fail oog", "fail", "absent", "ok 6900 ", "bad", "bad"}
	if len(lines) != len(want)+1 || !strings.HasPrefix(lines[0], "ready ") {
		t.Fatalf("answers %q", lines)
	}
	for i, w := range want {
		if got := lines[i+1]; !strings.HasPrefix(got, w) || (w != "fail" && w != "bad" && got != w) {
			t.Errorf("request %d: answer %q, want %q", i, got, w)
		}
	}
}

// The timing requests of -serve: prepared cases (direct and through bytecode) timed in
// batches, the answer carrying the batch's wall and CPU time; malformed or unknown requests
// answered with `bad`, an absent precompile with `absent`.
func TestServeTiming(t *testing.T) {
	in := strings.Join([]string{
		"prep id4 osaka direct 4 0102",   // IDENTITY
		"prep sha osaka bytecode 2 0102", // SHA256 through a transaction
		"time id4 1000",                  // 1000 calls
		"time sha 50",                    // 50 transactions
		"time nope 10",                   // unknown id
		"time id4 0",                     // no iterations
		"time id4 100 5000",              // after an untimed 5 ms sleep
		"time id4 10 x",                  // settle not a number
		"time id4 10 1000001",            // settle beyond 1 s
		"time id4 10 5 5",                // too many fields
		"prep x homestead direct 5 00",   // no MODEXP before Byzantium
		"prep x osaka sideways 4 00",     // unknown mode
		"prep x osaka direct 4",          // missing field
		"prep x homestead bytecode 4 00", // no chain configuration for bytecode
		"osaka 4 18 0102",                // calls still answered
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")[1:]
	want := []string{"ok", "ok", "elapsed", "elapsed", "bad unknown id", "bad iterations",
		"elapsed", "bad settle", "bad settle", "bad time expects 2 or 3", "absent", "bad unknown mode", "bad prep expects 5", "bad unsupported fork", "ok 18 0102"}
	if len(lines) != len(want) {
		t.Fatalf("answers %q", lines)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("request %d: answer %q, want %q", i, lines[i], w)
		}
	}
	for _, l := range lines[2:4] {
		var wall, cpu int64
		if n, err := fmt.Sscanf(l, "elapsed %d %d", &wall, &cpu); n != 2 || err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		// Both clocks advanced; the process's CPU time cannot exceed the wall time by much
		// (one busy thread; a GC worker may add a little on another core).
		if wall <= 0 || cpu <= 0 || float64(cpu) > 2*float64(wall)+1e6 {
			t.Errorf("%q: wall %d cpu %d", l, wall, cpu)
		}
	}
	// The settle time is not timed: 100 IDENTITY calls take microseconds, not 5 ms.
	var wall, cpu int64
	if _, err := fmt.Sscanf(lines[6], "elapsed %d %d", &wall, &cpu); err != nil || wall >= 5e6 {
		t.Errorf("settled batch %q: wall %d", lines[6], wall)
	}
}

// testdata/registry.json is generated from the Rust registry (precompile::PrecompileId, by
// `cargo xtask codegen`, which CI checks is current): go-ethereum's Osaka set must have exactly
// those addresses, so that the harness and `cargo xtask diff` reach every precompile we have.
func TestRegistryAddresses(t *testing.T) {
	raw, err := os.ReadFile("testdata/registry.json")
	if err != nil {
		t.Fatal(err)
	}
	var registry []struct {
		Address  string `json:"address"`
		Name     string `json:"name"`
		GethStem string `json:"gethStem"`
	}
	if err := json.Unmarshal(raw, &registry); err != nil {
		t.Fatal(err)
	}
	osaka := vm.PrecompiledContractsOsaka
	if len(registry) != len(osaka) {
		t.Fatalf("registry has %d precompiles, go-ethereum's Osaka set %d", len(registry), len(osaka))
	}
	for _, p := range registry {
		if _, ok := osaka[address(testCase{Address: p.Address})]; !ok {
			t.Errorf("%s (%s): no precompile at that address in go-ethereum's Osaka set", p.Name, p.Address)
		}
	}
}
