package main

// The -serve mode: go-ethereum's precompiles as one long-lived process answering calls read on
// stdin, for `cargo xtask diff` (one process per worker, so a call costs microseconds, not a
// process start).
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
// On start the process writes `ready <go-ethereum version>`. It exits at the end of stdin.

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
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

// serve answers requests from in on out until in ends.
func serve(in io.Reader, out io.Writer) error {
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
		w.WriteString(answer(strings.TrimRight(line, "\r\n")))
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
func answer(line string) string {
	fields := strings.Split(line, " ")
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
