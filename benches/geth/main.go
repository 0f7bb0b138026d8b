// Command geth-bench measures go-ethereum's precompiles on the cases of the gas report.
//
// It reads the cases.json written by `cargo run -p evm-benches --bin cases`, checks that
// go-ethereum agrees with every case (output bytes, success flag and RequiredGas), then
// times each case twice: the precompile called directly (RequiredGas + Run, as the EVM
// does) and the same call made by EVM bytecode executed by go-ethereum's interpreter
// (core/vm/runtime, one state reused between iterations). Timings use Go's benchmark
// machinery (testing.Benchmark); each case is sampled several times and the mean with a
// 95% confidence interval is written to geth.json.
//
// Usage:
//
//	go run . -cases DIR/cases.json -out DIR/geth.json [-samples 10] [-benchtime 1s] [-filter REGEX]
//	go run . -programs DIR/programs.json -out DIR/geth.json [-samples 10] [-benchtime 1s] [-filter REGEX]   # evm.go
//	go run . -serve   # answers precompile calls (`cargo xtask diff`) and times batches of them
//	                  # (the gas report's interleaved timing) on stdin/stdout (serve.go)
//
// A disagreement with cases.json is an error: the program prints the case names and
// exits with status 1 before timing anything.
package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/big"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/version"
)

// hexBytes is a byte string written in JSON as hex, with or without a 0x prefix.
type hexBytes []byte

func (h *hexBytes) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil {
		return err
	}
	*h = b
	return nil
}

// testCase is one entry of cases.json.
type testCase struct {
	Name       string   `json:"name"`
	Precompile string   `json:"precompile"`
	Address    string   `json:"address"`
	Input      hexBytes `json:"input"`
	Expected   hexBytes `json:"expected"`
	Success    bool     `json:"success"`
	Gas        uint64   `json:"gas"`
	Source     string   `json:"source"`
}

// casesFile is cases.json.
type casesFile struct {
	Fork  string     `json:"fork"`
	Cases []testCase `json:"cases"`
}

// result is one timed (case, mode) pair of geth.json.
type result struct {
	Impl        string  `json:"impl"`
	Mode        string  `json:"mode"`
	Case        string  `json:"case"`
	NsPerOp     float64 `json:"ns_per_op"`
	CiLow       float64 `json:"ci_low"`
	CiHigh      float64 `json:"ci_high"`
	BytesPerOp  int64   `json:"bytes_per_op"`
	AllocsPerOp int64   `json:"allocs_per_op"`
	Samples     int     `json:"samples"`
}

// report is geth.json.
type report struct {
	Version string   `json:"version"`
	Fork    string   `json:"fork"`
	Results []result `json:"results"`
}

func main() {
	casesPath := flag.String("cases", "cases.json", "cases.json written by the `cases` binary")
	outPath := flag.String("out", "geth.json", "where to write the results")
	samples := flag.Int("samples", 10, "benchmark runs per case and mode")
	benchtime := flag.Duration("benchtime", time.Second, "target duration of one benchmark run")
	filter := flag.String("filter", "", "only cases whose name (or geth-<mode>/<name>) matches this regular expression")
	verifyOnly := flag.Bool("verify-only", false, "check the cases and exit without timing")
	serveMode := flag.Bool("serve", false, "answer precompile calls read on stdin (see serve.go) instead of timing")
	programsPath := flag.String("programs", "", "time the EVM programs of this programs.json (see evm.go) instead of the cases")
	testing.Init()
	flag.Parse()
	if *serveMode {
		serveMain()
		return
	}
	if err := flag.Set("test.benchtime", benchtime.String()); err != nil {
		fatal(err)
	}
	if *samples < 1 {
		fatal(errors.New("-samples must be at least 1"))
	}
	if *programsPath != "" {
		programsMain(*programsPath, *outPath, *samples, *filter)
		return
	}

	raw, err := os.ReadFile(*casesPath)
	if err != nil {
		fatal(err)
	}
	var file casesFile
	if err := json.Unmarshal(raw, &file); err != nil {
		fatal(fmt.Errorf("%s: %w", *casesPath, err))
	}
	cases := file.Cases
	if *filter != "" {
		re, err := regexp.Compile(*filter)
		if err != nil {
			fatal(err)
		}
		kept := cases[:0]
		for _, c := range cases {
			if re.MatchString(c.Name) || re.MatchString("geth-direct/"+c.Name) || re.MatchString("geth-bytecode/"+c.Name) {
				kept = append(kept, c)
			}
		}
		cases = kept
	}

	chain, err := chainConfig(file.Fork)
	if err != nil {
		fatal(err)
	}
	rules := chain.Rules(new(big.Int), true, 0)
	precompiles := vm.ActivePrecompiledContracts(rules)

	// Check every case before timing anything: a wrong answer makes the timing meaningless.
	var bad []string
	for _, c := range cases {
		if err := verify(precompiles, chain, c); err != nil {
			bad = append(bad, c.Name)
			fmt.Fprintf(os.Stderr, "geth: MISMATCH %s: %v\n", c.Name, err)
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(os.Stderr, "geth: %d case(s) disagree with cases.json: %s\n", len(bad), strings.Join(bad, ", "))
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "geth: %d case(s) verified (output, success and gas) on %s\n", len(cases), file.Fork)
	if *verifyOnly {
		return
	}

	out := report{Version: gethVersion(), Fork: file.Fork}
	total := 2 * len(cases)
	done := 0
	for _, mode := range []string{"direct", "bytecode"} {
		for _, c := range cases {
			done++
			var bench func(b *testing.B)
			if mode == "direct" {
				bench = directBench(precompiles[address(c)], c.Input)
			} else {
				bench = bytecodeBench(chain, c)
			}
			r := measure(bench, *samples)
			r.Mode = mode
			r.Case = c.Name
			out.Results = append(out.Results, r)
			fmt.Fprintf(os.Stderr, "geth [%d/%d] %s/%s: %.1f ns/op [%.1f, %.1f], %d B/op, %d allocs/op\n",
				done, total, mode, c.Name, r.NsPerOp, r.CiLow, r.CiHigh, r.BytesPerOp, r.AllocsPerOp)
		}
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		fatal(err)
	}
	if err := os.WriteFile(*outPath, append(data, '\n'), 0o644); err != nil {
		fatal(err)
	}
	fmt.Fprintf(os.Stderr, "geth: wrote %s\n", *outPath)
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "geth: %v\n", err)
	os.Exit(2)
}

// chainConfig returns a chain configuration with every fork up to and including fork active
// from genesis (block 0, time 0).
func chainConfig(fork string) (*params.ChainConfig, error) {
	zero := uint64(0)
	cfg := &params.ChainConfig{
		ChainID:                 big.NewInt(1),
		HomesteadBlock:          new(big.Int),
		EIP150Block:             new(big.Int),
		EIP155Block:             new(big.Int),
		EIP158Block:             new(big.Int),
		ByzantiumBlock:          new(big.Int),
		ConstantinopleBlock:     new(big.Int),
		PetersburgBlock:         new(big.Int),
		IstanbulBlock:           new(big.Int),
		MuirGlacierBlock:        new(big.Int),
		BerlinBlock:             new(big.Int),
		LondonBlock:             new(big.Int),
		TerminalTotalDifficulty: new(big.Int),
		ShanghaiTime:            &zero,
		CancunTime:              &zero,
		BlobScheduleConfig:      params.DefaultBlobSchedule,
	}
	switch strings.ToLower(fork) {
	case "cancun":
	case "prague":
		cfg.PragueTime = &zero
	case "osaka", "":
		cfg.PragueTime = &zero
		cfg.OsakaTime = &zero
	default:
		return nil, fmt.Errorf("unsupported fork %q (expected Cancun, Prague or Osaka)", fork)
	}
	return cfg, nil
}

// gethVersion is the go-ethereum module version this program was built with.
func gethVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/ethereum/go-ethereum" {
				if dep.Replace != nil {
					return dep.Replace.Version
				}
				return dep.Version
			}
		}
	}
	return fmt.Sprintf("v%d.%d.%d-%s", version.Major, version.Minor, version.Patch, version.Meta)
}

// address parses the case's precompile address ("0x01", "0x100").
func address(c testCase) common.Address {
	return common.HexToAddress(c.Address)
}

// number is the precompile's address as a number (the PUSH2 operand of the bytecode).
func number(c testCase) uint16 {
	a := address(c)
	return uint16(a[18])<<8 | uint16(a[19])
}

// verify checks go-ethereum's answer against the case, directly and through bytecode.
func verify(precompiles vm.PrecompiledContracts, chain *params.ChainConfig, c testCase) error {
	p, ok := precompiles[address(c)]
	if !ok {
		return fmt.Errorf("no precompile at %s", c.Address)
	}
	if gas := p.RequiredGas(c.Input); gas != c.Gas {
		return fmt.Errorf("RequiredGas = %d, expected %d", gas, c.Gas)
	}
	out, err := p.Run(c.Input)
	if (err == nil) != c.Success {
		return fmt.Errorf("direct: success = %v (err %v), expected %v", err == nil, err, c.Success)
	}
	if c.Success && !bytes.Equal(out, c.Expected) {
		return fmt.Errorf("direct: output %x, expected %x", out, c.Expected)
	}
	// Bytecode: a transaction to CheckCode returns the success flag and the output.
	res, err := newTxRunner(chain, CheckCode(number(c)), address(c), c.Input).run()
	if err != nil {
		return fmt.Errorf("bytecode: transaction invalid: %v", err)
	}
	if res.Err != nil {
		return fmt.Errorf("bytecode: transaction failed: %v", res.Err)
	}
	if len(res.ReturnData) < 32 {
		return fmt.Errorf("bytecode: short return data %x", res.ReturnData)
	}
	if ok := res.ReturnData[31] == 1; ok != c.Success {
		return fmt.Errorf("bytecode: success = %v, expected %v", ok, c.Success)
	}
	if c.Success && !bytes.Equal(res.ReturnData[32:], c.Expected) {
		return fmt.Errorf("bytecode: output %x, expected %x", res.ReturnData[32:], c.Expected)
	}
	// The timed transaction (CallCode) must be valid and succeed too.
	res, err = newTxRunner(chain, CallCode(number(c)), address(c), c.Input).run()
	if err != nil || res.Err != nil {
		return fmt.Errorf("bytecode: timed transaction failed: %v %v", err, res)
	}
	return nil
}

// directBench times what the EVM does for a precompile call: RequiredGas, then Run.
func directBench(p vm.PrecompiledContract, input []byte) func(b *testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = p.RequiredGas(input)
			_, _ = p.Run(input)
		}
	}
}

// bytecodeBench times one transaction to CallCode through go-ethereum's state transition
// and interpreter, the EVM and state being set up once and reused between iterations.
func bytecodeBench(chain *params.ChainConfig, c testCase) func(b *testing.B) {
	r := newTxRunner(chain, CallCode(number(c)), address(c), c.Input)
	return func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = r.run()
		}
	}
}

// measure runs the benchmark `samples` times and summarises ns/op with a 95% interval.
func measure(bench func(b *testing.B), samples int) result {
	ns := make([]float64, 0, samples)
	var bytesPerOp, allocsPerOp int64
	for i := 0; i < samples; i++ {
		r := testing.Benchmark(bench)
		if r.N == 0 {
			fatal(errors.New("benchmark did not run"))
		}
		ns = append(ns, float64(r.T.Nanoseconds())/float64(r.N))
		bytesPerOp = r.AllocedBytesPerOp()
		allocsPerOp = r.AllocsPerOp()
	}
	mean, half := meanCI(ns)
	return result{
		Impl:        "geth",
		NsPerOp:     mean,
		CiLow:       mean - half,
		CiHigh:      mean + half,
		BytesPerOp:  bytesPerOp,
		AllocsPerOp: allocsPerOp,
		Samples:     samples,
	}
}

// meanCI returns the mean and the half-width of its 95% Student-t confidence interval.
func meanCI(xs []float64) (float64, float64) {
	n := float64(len(xs))
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / n
	if len(xs) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / (n - 1))
	return mean, tQuantile975(len(xs)-1) * sd / math.Sqrt(n)
}

// tQuantile975 is the 97.5% quantile of Student's t distribution with df degrees of freedom.
func tQuantile975(df int) float64 {
	table := []float64{0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
		2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086}
	if df < len(table) {
		return table[df]
	}
	return 1.96
}
