package main

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/core/vm/runtime"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

// The caller contracts are byte for byte those of the Rust benches (benches/src/evm.rs,
// call_code and check_code), which revm executes.

// copyCalldata is CALLDATACOPY(0, 0, CALLDATASIZE).
func copyCalldata(code []byte) []byte {
	return append(code, byte(vm.CALLDATASIZE), byte(vm.PUSH0), byte(vm.PUSH0), byte(vm.CALLDATACOPY))
}

// staticCall is STATICCALL(GAS, number, 0, CALLDATASIZE, 0, 0), leaving the success flag on
// the stack.
func staticCall(code []byte, number uint16) []byte {
	return append(code, byte(vm.PUSH0), byte(vm.PUSH0), byte(vm.CALLDATASIZE), byte(vm.PUSH0),
		byte(vm.PUSH2), byte(number>>8), byte(number), byte(vm.GAS), byte(vm.STATICCALL))
}

// CallCode is the timed contract: copy the calldata to memory, STATICCALL the precompile with
// it and all gas, STOP.
func CallCode(number uint16) []byte {
	return append(staticCall(copyCalldata(nil), number), byte(vm.STOP))
}

// CheckCode is CallCode followed by RETURN of the 32-byte success flag and the precompile's
// returned data.
func CheckCode(number uint16) []byte {
	return append(staticCall(copyCalldata(nil), number),
		byte(vm.PUSH0), byte(vm.MSTORE), // MSTORE(0, success)
		byte(vm.RETURNDATASIZE), byte(vm.PUSH0), byte(vm.PUSH1), 0x20, byte(vm.RETURNDATACOPY), // RETURNDATACOPY(32, 0, RETURNDATASIZE)
		byte(vm.RETURNDATASIZE), byte(vm.PUSH1), 0x20, byte(vm.ADD), byte(vm.PUSH0), byte(vm.RETURN), // RETURN(0, 32 + RETURNDATASIZE)
	)
}

var (
	// sender is the account that sends every transaction (funded).
	sender = common.HexToAddress("0xca")
	// contract holds the caller code.
	contract = common.HexToAddress("0xee")
	// coinbase receives the fees; it exists beforehand so that the state's object cache,
	// not the trie, serves it (as revm's in-memory database does).
	coinbase = common.HexToAddress("0xc0")
)

// txGasLimit is the gas limit of a benchmark transaction (below the EIP-7825 cap).
const txGasLimit = 1 << 24

// newBenchEnv is a state with the funded sender, the code of each account of code, and the
// accounts of funded (1 wei each), and a go-ethereum EVM over it whose block context is
// runtime's default (filled in by one reverted runtime.Call of contract with input).
func newBenchEnv(chain *params.ChainConfig, code map[common.Address][]byte, funded []common.Address, input []byte) (*state.StateDB, *vm.EVM, *runtime.Config) {
	statedb, err := state.New(types.EmptyRootHash, state.NewDatabaseForTesting())
	if err != nil {
		fatal(err)
	}
	statedb.CreateAccount(sender)
	statedb.SetBalance(sender, new(uint256.Int).Lsh(uint256.NewInt(1), 128), tracing.BalanceChangeUnspecified)
	for a, c := range code {
		statedb.CreateAccount(a)
		statedb.SetCode(a, c, tracing.CodeChangeUnspecified)
	}
	for _, a := range funded {
		statedb.CreateAccount(a)
		statedb.SetBalance(a, uint256.NewInt(1), tracing.BalanceChangeUnspecified)
	}
	statedb.Finalise(chain.Rules(new(big.Int), true, 0))
	cfg := &runtime.Config{
		ChainConfig: chain,
		GasLimit:    1 << 30,
		State:       statedb,
		Origin:      sender,
		Coinbase:    coinbase,
		BaseFee:     big.NewInt(params.InitialBaseFee),
	}
	snap := statedb.Snapshot()
	_, _, _ = runtime.Call(contract, input, cfg)
	statedb.RevertToSnapshot(snap)
	return statedb, runtime.NewEnv(cfg), cfg
}

// txRunner is one go-ethereum EVM and one transaction, built once and applied many times;
// each application is reverted, so every run starts from the same state, as revm's
// transact-without-commit in the Rust benches.
type txRunner struct {
	statedb *state.StateDB
	evm     *vm.EVM
	msg     *core.Message
}

// newTxRunner prepares a transaction from a funded account to a contract holding code, with
// calldata input.
func newTxRunner(chain *params.ChainConfig, code []byte, precompile common.Address, input []byte) *txRunner {
	// The precompile's account exists too (with 1 wei, as on mainnet): STATICCALL touches it,
	// and a missing account would be looked up in the trie on every run.
	statedb, evm, cfg := newBenchEnv(chain, map[common.Address][]byte{contract: code}, []common.Address{coinbase, precompile}, input)
	fee := uint256.MustFromBig(cfg.BaseFee)
	msg := &core.Message{
		To:        &contract,
		From:      sender,
		Nonce:     statedb.GetNonce(sender),
		Value:     new(uint256.Int),
		GasLimit:  txGasLimit,
		GasPrice:  fee,
		GasFeeCap: fee,
		GasTipCap: new(uint256.Int),
		Data:      input,
	}
	evm.SetTxContext(core.NewEVMTxContext(msg))
	return &txRunner{statedb: statedb, evm: evm, msg: msg}
}

// run applies the transaction (nonce and balance checks, intrinsic gas, access list,
// execution, refund, fee) and reverts its effects.
func (r *txRunner) run() (*core.ExecutionResult, error) {
	snap := r.statedb.Snapshot()
	res, err := core.ApplyMessage(r.evm, r.msg, core.NewGasPool(txGasLimit))
	r.statedb.RevertToSnapshot(snap)
	return res, err
}
