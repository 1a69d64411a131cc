package filter_test

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
)

// wantBadRequest fails unless err is the 400 envelope naming field.
func wantBadRequest(t *testing.T, err error, field string) {
	t.Helper()
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != http.StatusBadRequest || len(he.Fields) != 1 || he.Fields[0].Field != field {
		t.Fatalf("error %#v is not a 400 naming %s", err, field)
	}
}

// FuzzFilters gives one fuzzed value to every filter reader: each either refuses it with a 400
// naming the filter or returns a value that keeps the reader's promise (trimmed and short text, a
// positive id that prints back as given, a storable range in order).
func FuzzFilters(f *testing.F) {
	for _, s := range [][2]string{{"abc", ""}, {" 12 ", "0"}, {"-5", "9223372036854775808"}, {"true", "1"},
		{"2026-01-02", "2026-01-01"}, {"2026-01-02 08:00:00", "2026-01-02"}, {"1767225600", "0999-12-31"},
		{"９", "２０２６-01-01"}, {"\xff\xfe", strings.Repeat("长", 21)}, {"2026-02-30", "9999-12-31"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		get := func(name string) string {
			if name == "a" || name == "from" {
				return a
			}
			return b
		}
		if v, err := filter.Text(get, "a", 20); err != nil {
			wantBadRequest(t, err, "a")
		} else if v != strings.TrimSpace(a) || utf8.RuneCountInString(v) > 20 {
			t.Fatalf("Text(%q) = %q", a, v)
		}
		if id, err := filter.ID(get, "a"); err != nil {
			wantBadRequest(t, err, "a")
		} else if id != nil && (*id <= 0 || strings.TrimLeft(strings.TrimSpace(a), "+0") != strconv.FormatInt(*id, 10)) {
			t.Fatalf("ID(%q) = %d", a, *id)
		} else if id == nil && strings.TrimSpace(a) != "" {
			t.Fatalf("ID(%q) ignored a value", a)
		}
		if on, err := filter.Flag(get, "a"); err != nil {
			wantBadRequest(t, err, "a")
		} else if v := strings.TrimSpace(a); on != (v == "1" || v == "true") {
			t.Fatalf("Flag(%q) = %v", a, on)
		}
		if v, err := filter.OneOf(get, "a", "x", "y"); err != nil {
			wantBadRequest(t, err, "a")
		} else if v != "" && v != "x" && v != "y" {
			t.Fatalf("OneOf(%q) = %q", a, v)
		}
		from, to, err := filter.Range(get, "from", "to")
		if err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != http.StatusBadRequest || len(he.Fields) != 1 ||
				(he.Fields[0].Field != "from" && he.Fields[0].Field != "to") {
				t.Fatalf("Range(%q, %q): %#v", a, b, err)
			}
			return
		}
		for _, tm := range []*time.Time{from, to} {
			if tm != nil && (tm.Location() != time.UTC || !httpx.StorableYear(*tm)) {
				t.Fatalf("Range(%q, %q) gave %v", a, b, tm)
			}
		}
		if from != nil && to != nil && to.Before(*from) {
			t.Fatalf("Range(%q, %q) = %v > %v", a, b, from, to)
		}
		if (from == nil) != (strings.TrimSpace(a) == "") || (to == nil) != (strings.TrimSpace(b) == "") {
			t.Fatalf("Range(%q, %q) dropped a bound: %v %v", a, b, from, to)
		}
	})
}
