package tracking_test

import (
	"errors"
	"testing"

	"mallconsole/bff/internal/tracking"
)

// TestSign: 快递100's signature is the upper-case hex MD5 of the parts joined.
func TestSign(t *testing.T) {
	if got := tracking.Sign("abc"); got != "900150983CD24FB0D6963F7D28E17F72" {
		t.Fatalf("Sign(abc) = %s", got)
	}
}

// TestPushChecksTheSignature: a push is read only when signed with the salt; an unknown
// company or a push without a number is refused.
func TestPushChecksTheSignature(t *testing.T) {
	k := &tracking.Kuaidi100{Salt: "push-salt-0123"}
	param := `{"status":"polling","lastResult":{"state":"3","com":"yuantong","nu":"YT1","data":[{"time":"2026-11-29 10:00:00","context":"已签收"}]}}`
	p, err := k.Push(param, tracking.Sign(param, "push-salt-0123"))
	if err != nil || p.Company != "YTO" || p.TrackingNo != "YT1" || p.State != "3" || len(p.Events) != 1 {
		t.Fatalf("signed push = %+v %v", p, err)
	}
	for name, c := range map[string]struct {
		param, sign string
		want        error
	}{
		"forged":          {param, tracking.Sign(param, "other"), tracking.ErrBadSignature},
		"empty":           {"", tracking.Sign("", "push-salt-0123"), tracking.ErrBadSignature},
		"unknown company": {`{"lastResult":{"com":"xx","nu":"1"}}`, tracking.Sign(`{"lastResult":{"com":"xx","nu":"1"}}`, "push-salt-0123"), tracking.ErrBadPush},
		"no number":       {`{"lastResult":{"com":"yuantong"}}`, tracking.Sign(`{"lastResult":{"com":"yuantong"}}`, "push-salt-0123"), tracking.ErrBadPush},
	} {
		if _, err := k.Push(c.param, c.sign); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}
