package main

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// A call runner returns the code's output, and check tells a wrong output or status apart.
func TestCallRunnerChecksOutputAndStatus(t *testing.T) {
	chain, err := chainConfig("Osaka")
	if err != nil {
		t.Fatal(err)
	}
	// MSTORE(0, CALLDATALOAD(0) + 1); RETURN(0, 32)
	code := common.FromHex("5f35600101" + "5f52" + "60205ff3")
	input := common.LeftPadBytes([]byte{41}, 32)
	r := newCallRunner(chain, map[common.Address][]byte{contract: code}, input)
	want := common.LeftPadBytes([]byte{42}, 32)
	if err := check(r, "success", want); err != nil {
		t.Fatalf("right output rejected: %v", err)
	}
	if err := check(r, "success", input); err == nil {
		t.Fatal("a wrong output was accepted")
	}
	if err := check(r, "revert", want); err == nil {
		t.Fatal("a wrong status was accepted")
	}
	// REVERT(0, 0)
	rev := newCallRunner(chain, map[common.Address][]byte{contract: common.FromHex("5f5ffd")}, nil)
	if err := check(rev, "revert", nil); err != nil {
		t.Fatalf("revert not recognised: %v", err)
	}
}
