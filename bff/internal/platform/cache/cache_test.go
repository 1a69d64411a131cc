package cache

import (
	"errors"
	"testing"
	"time"
)

func TestMapRebuildsAfterBumpAndTTL(t *testing.T) {
	now := time.Unix(0, 0)
	var gen Generation
	m := NewMap[string, int](&gen, time.Minute, 2, func() time.Time { return now })
	builds := 0
	build := func() (int, error) { builds++; return builds, nil }
	get := func(k string) int {
		v, err := m.Get(k, build)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	first, second := get("a"), get("a")
	if first != 1 || second != 1 {
		t.Fatal("second get rebuilt")
	}
	gen.Bump()
	if get("a") != 2 {
		t.Fatal("bump did not invalidate")
	}
	now = now.Add(time.Minute)
	if get("a") != 3 {
		t.Fatal("ttl did not invalidate")
	}
	if _, err := m.Get("b", func() (int, error) { return 0, errors.New("x") }); err == nil {
		t.Fatal("build error lost")
	}
	if get("a") != 3 {
		t.Fatal("a failed build disturbed the cache")
	}
	get("b")
	get("c") // over the bound: the map starts afresh
	if len(m.m) > 2 {
		t.Fatalf("cache holds %d entries, bound 2", len(m.m))
	}
}
