package main

// The -programs mode: the EVM programs of `cargo xtask evm` (programs.json, written by the
// evm_programs binary of evm-benches) executed by go-ethereum's interpreter on the same
// bytecode and calldata. Each program input and each Ed25519 driver transaction is checked
// first (status and output equal to what revm returned, itself checked against upstream's
// expected output); then each is timed with testing.Benchmark and written to geth.json: mode
// "bytecode", case "<program>/<input>"; mode "scaling", case "<contract>@geth/N=<n>".
//
// The code runs as a message call with a 2^40 gas limit (evm.Call after the transaction's
// access-list preparation), not as a transaction: Osaka's 2^24 per-transaction cap
// (EIP-7825) would stop the longest programs, which revm runs with the cap lifted. Gas is
// therefore not compared here (revm's transaction gas includes the intrinsic cost).

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"regexp"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

// programRun is one run of programs.json.
type programRun struct {
	ID       string   `json:"id"`
	Code     hexBytes `json:"code_hex"`
	Calldata hexBytes `json:"calldata_hex"`
	Output   hexBytes `json:"output_hex"`
	Status   string   `json:"status"`
}

// driver is one transaction of an Ed25519 series: code making n calls.
type driver struct {
	N    uint64   `json:"n"`
	Code hexBytes `json:"code_hex"`
}

// series is one Ed25519 contract's scaling series.
type series struct {
	Name     string   `json:"name"`
	Contract hexBytes `json:"contract_code_hex"`
	Target   string   `json:"target"`
	Calldata hexBytes `json:"calldata_hex"`
	Expected hexBytes `json:"expected_output_hex"`
	Drivers  []driver `json:"drivers"`
}

// programsFile is programs.json.
type programsFile struct {
	Fork   string       `json:"fork"`
	Runs   []programRun `json:"runs"`
	Series []series     `json:"series"`
}

// callGas is the gas of every program call.
const callGas = 1 << 40

// callRunner is one go-ethereum EVM over a state holding the given accounts' code, making one
// message call from sender to contract; each call is reverted afterwards.
type callRunner struct {
	statedb *state.StateDB
	evm     *vm.EVM
	rules   params.Rules
	input   []byte
}

func newCallRunner(chain *params.ChainConfig, code map[common.Address][]byte, input []byte) *callRunner {
	statedb, evm, _ := newBenchEnv(chain, code, []common.Address{coinbase}, input)
	return &callRunner{statedb: statedb, evm: evm, rules: chain.Rules(new(big.Int), true, 0), input: input}
}

// run makes the call (after the access-list preparation a transaction does) and reverts it.
func (r *callRunner) run() ([]byte, error) {
	snap := r.statedb.Snapshot()
	r.statedb.Prepare(r.rules, sender, coinbase, &contract, vm.ActivePrecompiles(r.rules), nil)
	ret, _, err := r.evm.Call(sender, contract, r.input, vm.NewGasBudget(callGas, 0), new(uint256.Int))
	r.statedb.RevertToSnapshot(snap)
	return ret, err
}

// status is the call's outcome in programs.json's terms.
func status(err error) string {
	switch {
	case err == nil:
		return "success"
	case errors.Is(err, vm.ErrExecutionReverted):
		return "revert"
	default:
		return "halt: " + err.Error()
	}
}

// check runs r once and compares its status (success or revert; any halt only by kind) and
// output with what revm returned.
func check(r *callRunner, wantStatus string, want []byte) error {
	ret, err := r.run()
	got := status(err)
	if (got == "success" || got == "revert" || wantStatus == "success" || wantStatus == "revert") && got != wantStatus {
		return fmt.Errorf("status %s, revm %s", got, wantStatus)
	}
	if got == "success" && !bytes.Equal(ret, want) {
		return fmt.Errorf("output %s, revm %s", hex.EncodeToString(ret), hex.EncodeToString(want))
	}
	return nil
}

func callBench(r *callRunner) func(b *testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = r.run()
		}
	}
}

// programsMain checks and times programs.json's runs and series, writing geth.json.
func programsMain(path, outPath string, samples int, filter string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		fatal(err)
	}
	var file programsFile
	if err := json.Unmarshal(raw, &file); err != nil {
		fatal(fmt.Errorf("%s: %w", path, err))
	}
	var re *regexp.Regexp
	if filter != "" {
		if re, err = regexp.Compile(filter); err != nil {
			fatal(err)
		}
	}
	keep := func(id string) bool { return re == nil || re.MatchString(id) }
	chain, err := chainConfig(file.Fork)
	if err != nil {
		fatal(err)
	}
	type job struct {
		mode, name string
		runner     *callRunner
	}
	var jobs []job
	var bad []string
	for _, p := range file.Runs {
		if !keep("geth-bytecode/" + p.ID) {
			continue
		}
		r := newCallRunner(chain, map[common.Address][]byte{contract: p.Code}, p.Calldata)
		if err := check(r, p.Status, p.Output); err != nil {
			fmt.Fprintf(os.Stderr, "geth: MISMATCH %s: %v\n", p.ID, err)
			bad = append(bad, p.ID)
		}
		jobs = append(jobs, job{"bytecode", p.ID, r})
	}
	for _, s := range file.Series {
		for _, d := range s.Drivers {
			name := fmt.Sprintf("%s@geth/N=%d", s.Name, d.N)
			if !keep("scaling-" + name) {
				continue
			}
			code := map[common.Address][]byte{contract: d.Code, common.HexToAddress(s.Target): s.Contract}
			r := newCallRunner(chain, code, s.Calldata)
			if err := check(r, "success", s.Expected); err != nil {
				fmt.Fprintf(os.Stderr, "geth: MISMATCH %s: %v\n", name, err)
				bad = append(bad, name)
			}
			jobs = append(jobs, job{"scaling", name, r})
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(os.Stderr, "geth: %d run(s) disagree with revm\n", len(bad))
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "geth: %d run(s) verified (status and output) on %s\n", len(jobs), file.Fork)
	out := report{Version: gethVersion(), Fork: file.Fork}
	for i, j := range jobs {
		r := measure(callBench(j.runner), samples)
		r.Mode = j.mode
		r.Case = j.name
		out.Results = append(out.Results, r)
		fmt.Fprintf(os.Stderr, "geth [%d/%d] %s/%s: %.1f ns/op [%.1f, %.1f], %d B/op, %d allocs/op\n",
			i+1, len(jobs), j.mode, j.name, r.NsPerOp, r.CiLow, r.CiHigh, r.BytesPerOp, r.AllocsPerOp)
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		fatal(err)
	}
	if err := os.WriteFile(outPath, append(data, '\n'), 0o644); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "geth: wrote %s\n", outPath)
}
