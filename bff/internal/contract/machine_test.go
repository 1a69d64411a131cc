package contract_test

import (
	"errors"
	"testing"

	"mallconsole/bff/internal/contract"
)

// TestMachine: every action from every effective status, allowed or refused.
func TestMachine(t *testing.T) {
	allowed := map[[2]string]string{
		{contract.Draft, contract.Submit}:          contract.PendingSign,
		{contract.PendingSign, contract.Sign}:      contract.Signed,
		{contract.PendingSign, contract.Terminate}: contract.Terminated,
		{contract.Signed, contract.Terminate}:      contract.Terminated,
	}
	for _, from := range contract.Statuses {
		for _, action := range contract.Actions {
			to, err := contract.Next(from, action)
			want, ok := allowed[[2]string{from, action}]
			switch {
			case ok && (err != nil || to != want):
				t.Errorf("%s from %s = %q, %v; want %s", action, from, to, err, want)
			case !ok && !errors.Is(err, contract.ErrIllegalMove):
				t.Errorf("%s from %s = %q, %v; want ErrIllegalMove", action, from, to, err)
			}
		}
	}
}

func TestEffective(t *testing.T) {
	for _, c := range []struct {
		status, end, want string
	}{
		{contract.Signed, "2026-11-25", contract.Expired},
		{contract.Signed, "2026-11-26", contract.Signed}, // the last day still counts
		{contract.PendingSign, "2020-01-01", contract.PendingSign},
		{contract.Terminated, "2020-01-01", contract.Terminated},
	} {
		if got := contract.Effective(contract.Contract{Status: c.status, EndDate: c.end}, "2026-11-26"); got != c.want {
			t.Errorf("%s ending %s reads %s, want %s", c.status, c.end, got, c.want)
		}
	}
}
