package main

// The -serve mode: go-ethereum's precompiles as one long-lived process answering calls read on
// stdin, for `cargo xtask diff` (one process per worker, so a call costs microseconds, not a
// process start), and timing batches of calls for the gas report's interleaved timing.
//
// Protocol, one line per request and one line per answer, in order:
//
//	request:  <fork> <number, hex> <gas limit, decimal> <input, hex (may be empty)>
//	answers:  ok <gas used> <output hex>   the call succeeded
//	          fail oog                     RequiredGas(input) > gas limit (checked first, as the EVM does)
//	          fail <error text>            Run returned an error (or panicked: "panic: ...")
//	          absent                       no precompile at that number in that fork
//	          bad <why>                    the request line could not be parsed
//
// Timing requests, for the gas report's interleaved timing (the driver alternates batches
// between its own process and this one, both pinned to the same CPU):
//
//	request:  prep <id> <fork> <mode> <number, hex> <input, hex>
//	answers:  ok                           case <id> is ready: mode `direct` calls RequiredGas then
//	                                       Run, mode `bytecode` runs one transaction to CallCode
//	                                       (core.ApplyMessage on a state reused between runs)
//	          absent | bad <why>           as above (bytecode needs Cancun, Prague or Osaka)
//	request:  time <id> <iterations> [<settle µs>]
//	answers:  elapsed <wall ns> <cpu ns>   the batch's wall time and this process's CPU time
//	                                       (CLOCK_PROCESS_CPUTIME_ID, every thread: GC included)
//	          bad <why>                    unknown id, iterations not a positive integer, or
//	                                       settle not an integer from 0 to 1000000
//
// With a settle time the process first sleeps that long, untimed; then it runs the call once,
// untimed, so that the batch starts as each of the driver's own batches does. On a single pinned CPU a
// batch started right after the blocking read of its request often ran with the Go runtime's
// monitor thread waking every few tens of µs (40-50 context switches in a 2 ms batch instead
// of about 2, by getrusage), ~1.33x slower on both clocks, the more often the sooner the
// previous batch of this process had ended; a short sleep first lets it settle.
//
// On start the process writes `ready <go-ethereum version>`. It exits at the end of stdin.

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"golang.org/x/sys/unix"
)

// forkSets maps a fork name (lower case, as our Fork type prints it) to go-ethereum's set.
var forkSets = map[string]vm.PrecompiledContracts{
	"homestead": vm.PrecompiledContractsHomestead,
	"byzantium": vm.PrecompiledContractsByzantium,
	"istanbul":  vm.PrecompiledContractsIstanbul,
	"berlin":    vm.PrecompiledContractsBerlin,
	"cancun":    vm.PrecompiledContractsCancun,
	"prague":    vm.PrecompiledContractsPrague,
	"osaka":     vm.PrecompiledContractsOsaka,
}

// server holds the cases prepared for timing, by id.
type server struct {
	prepared map[string]func()
}

// serve answers requests from in on out until in ends.
func serve(in io.Reader, out io.Writer) error {
	s := server{prepared: map[string]func(){}}
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriterSize(out, 1<<16)
	fmt.Fprintf(w, "ready %s\n", gethVersion())
	if err := w.Flush(); err != nil {
		return err
	}
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" {
			return nil
		}
		if err != nil && err != io.EOF {
			return err
		}
		w.WriteString(s.answer(strings.TrimRight(line, "\r\n")))
		w.WriteByte('\n')
		// Flush only when no further request is already buffered: a caller that writes several
		// requests before reading gets its answers in one write.
		if r.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
}

// answer computes the answer line (without newline) to one request line.
func (s *server) answer(line string) string {
	fields := strings.Split(line, " ")
	switch fields[0] {
	case "prep":
		return s.prep(fields[1:])
	case "time":
		return s.time(fields[1:])
	}
	if len(fields) != 4 {
		return fmt.Sprintf("bad expected 4 fields, got %d", len(fields))
	}
	set, ok := forkSets[strings.ToLower(fields[0])]
	if !ok {
		return fmt.Sprintf("bad unknown fork %q", fields[0])
	}
	number, err := strconv.ParseUint(fields[1], 16, 16)
	if err != nil {
		return fmt.Sprintf("bad number %q: %v", fields[1], err)
	}
	limit, err := strconv.ParseUint(fields[2], 10, 64)
	if err != nil {
		return fmt.Sprintf("bad gas limit %q: %v", fields[2], err)
	}
	input, err := hex.DecodeString(fields[3])
	if err != nil {
		return fmt.Sprintf("bad input: %v", err)
	}
	p, ok := set[common.BytesToAddress([]byte{byte(number >> 8), byte(number)})]
	if !ok {
		return "absent"
	}
	return call(p, input, limit)
}

// call runs p as the EVM does (RequiredGas against the limit, then Run), turning a panic into
// a failure so that it shows up as a disagreement instead of ending the process.
func call(p vm.PrecompiledContract, input []byte, limit uint64) (result string) {
	defer func() {
		if r := recover(); r != nil {
			result = fmt.Sprintf("fail panic: %v", r)
		}
	}()
	gas := p.RequiredGas(input)
	if gas > limit {
		return "fail oog"
	}
	output, err := p.Run(input)
	if err != nil {
		return "fail " + strings.ReplaceAll(err.Error(), "\n", " ")
	}
	return fmt.Sprintf("ok %d %s", gas, hex.EncodeToString(output))
}

// serveMain is main for -serve.
func serveMain() {
	if err := serve(os.Stdin, os.Stdout); err != nil {
		fatal(err)
	}
}

// prep answers `prep <id> <fork> <mode> <number> <input>`: it builds the call (or the
// transaction runner) once, checks that it runs, and keeps it under id.
func (s *server) prep(fields []string) string {
	if len(fields) != 5 {
		return fmt.Sprintf("bad prep expects 5 fields, got %d", len(fields))
	}
	id, fork, mode := fields[0], strings.ToLower(fields[1]), fields[2]
	set, ok := forkSets[fork]
	if !ok {
		return fmt.Sprintf("bad unknown fork %q", fields[1])
	}
	number, err := strconv.ParseUint(fields[3], 16, 16)
	if err != nil {
		return fmt.Sprintf("bad number %q: %v", fields[3], err)
	}
	input, err := hex.DecodeString(fields[4])
	if err != nil {
		return fmt.Sprintf("bad input: %v", err)
	}
	addr := common.BytesToAddress([]byte{byte(number >> 8), byte(number)})
	p, ok := set[addr]
	if !ok {
		return "absent"
	}
	var run func()
	switch mode {
	case "direct":
		run = func() {
			_ = p.RequiredGas(input)
			_, _ = p.Run(input)
		}
	case "bytecode":
		chain, err := chainConfig(fork)
		if err != nil {
			return "bad " + err.Error()
		}
		r := newTxRunner(chain, CallCode(uint16(number)), addr, input)
		if res, err := r.run(); err != nil || res.Err != nil {
			return fmt.Sprintf("bad transaction failed: %v %v", err, res)
		}
		run = func() { _, _ = r.run() }
	default:
		return fmt.Sprintf("bad unknown mode %q", mode)
	}
	s.prepared[id] = run
	return "ok"
}

// maxSettleMicros bounds the settle time of a `time` request (1 s).
const maxSettleMicros = 1_000_000

// time answers `time <id> <iterations> [<settle µs>]`: after an untimed sleep of the settle
// time and one untimed call, the prepared call run that many times in a row. The untimed call
// matches the Rust driver's batches (`time_batch`), which each follow one call of their own.
func (s *server) time(fields []string) string {
	if len(fields) != 2 && len(fields) != 3 {
		return fmt.Sprintf("bad time expects 2 or 3 fields, got %d", len(fields))
	}
	run, ok := s.prepared[fields[0]]
	if !ok {
		return fmt.Sprintf("bad unknown id %q", fields[0])
	}
	n, err := strconv.ParseUint(fields[1], 10, 32)
	if err != nil || n == 0 {
		return fmt.Sprintf("bad iterations %q", fields[1])
	}
	if len(fields) == 3 {
		settle, err := strconv.ParseUint(fields[2], 10, 32)
		if err != nil || settle > maxSettleMicros {
			return fmt.Sprintf("bad settle %q", fields[2])
		}
		time.Sleep(time.Duration(settle) * time.Microsecond)
	}
	run()
	wall, cpu := timeBatch(run, n)
	return fmt.Sprintf("elapsed %d %d", wall, cpu)
}

// timeBatch runs f n times; returns the wall time and the process's CPU time it took, in ns.
func timeBatch(f func(), n uint64) (int64, int64) {
	c0 := processCPU()
	t0 := time.Now()
	for i := uint64(0); i < n; i++ {
		f()
	}
	return time.Since(t0).Nanoseconds(), processCPU() - c0
}

// processCPU is the CPU time of the whole process so far (every thread), in ns.
func processCPU() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		fatal(err)
	}
	return ts.Nano()
}
