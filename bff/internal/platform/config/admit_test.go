package config

import (
	"strings"
	"testing"
	"time"
)

func TestAdmitOnByDefault(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.Admit != (Admit{Max: 0, Wait: 50 * time.Millisecond}) {
		t.Fatalf("%+v %v", c.Admit, err)
	}
	c, err = load(t, nil, "BFF_ADMIT=off", "BFF_ADMIT_MAX=20", "BFF_ADMIT_WAIT=10ms")
	if err != nil || c.Admit != (Admit{Off: true, Max: 20, Wait: 10 * time.Millisecond}) {
		t.Fatalf("%+v %v", c.Admit, err)
	}
	for _, env := range []string{"BFF_ADMIT=maybe", "BFF_ADMIT_MAX=0", "BFF_ADMIT_MAX=many", "BFF_ADMIT_WAIT=5s", "BFF_ADMIT_WAIT=0s"} {
		name, _, _ := strings.Cut(env, "=")
		if _, err := load(t, nil, env); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v, want an error naming it", env, err)
		}
	}
}
