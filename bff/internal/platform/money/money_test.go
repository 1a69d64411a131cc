package money_test

import (
	"encoding/json"
	"errors"
	"testing"

	"mallconsole/bff/internal/platform/money"
)

func TestParseAndString(t *testing.T) {
	for in, want := range map[string]money.Fen{
		"0": 0, "12": 1200, "12.5": 1250, "12.50": 1250, "0.05": 5, "-0.05": -5, "+3.1": 310,
		"007.10": 710, "100000000000": money.Max, "99999999999.99": money.Max - 1,
	} {
		got, err := money.Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %d %v, want %d", in, got, err, want)
		}
	}
	for in, want := range map[string]error{
		"": money.ErrFormat, "1.": money.ErrFormat, ".5": money.ErrFormat, "1.005": money.ErrFormat,
		"1e3": money.ErrFormat, "1,000": money.ErrFormat, " 1": money.ErrFormat, "abc": money.ErrFormat,
		"NaN": money.ErrFormat, "--1": money.ErrFormat, "0x10": money.ErrFormat,
		"100000000000.01": money.ErrRange, "99999999999999999999": money.ErrRange,
	} {
		if _, err := money.Parse(in); !errors.Is(err, want) {
			t.Errorf("Parse(%q) err = %v, want %v", in, err, want)
		}
	}
	for f, want := range map[money.Fen]string{0: "0.00", 5: "0.05", 10: "0.10", 1250: "12.50", -5: "-0.05", -1234: "-12.34"} {
		if got := f.String(); got != want {
			t.Errorf("%d.String() = %s, want %s", int64(f), got, want)
		}
		if back, err := money.Parse(want); err != nil || back != f {
			t.Errorf("round trip of %s = %d %v", want, back, err)
		}
	}
	b, _ := json.Marshal(map[string]money.Fen{"price": 1999})
	if string(b) != `{"price":"19.99"}` {
		t.Errorf("JSON = %s", b)
	}
}

// TestArithmetic: sums and products are exact in fen, where floats would drift (0.1 + 0.2).
func TestArithmetic(t *testing.T) {
	a, _ := money.Parse("0.1")
	b, _ := money.Parse("0.2")
	if s, err := money.Sum(a, b); err != nil || s.String() != "0.30" {
		t.Errorf("0.1 + 0.2 = %s %v", s, err)
	}
	var many []money.Fen
	for range 1000 {
		many = append(many, 1) // a thousand fen
	}
	if s, _ := money.Sum(many...); s.String() != "10.00" {
		t.Errorf("1000 × 0.01 summed = %s", s)
	}
	p, _ := money.Parse("19.99")
	if got, err := p.Times(3); err != nil || got.String() != "59.97" {
		t.Errorf("19.99 × 3 = %s %v", got, err)
	}
	if got, err := p.Times(0); err != nil || got != 0 {
		t.Errorf("× 0 = %s %v", got, err)
	}
	if _, err := money.Max.Times(2); !errors.Is(err, money.ErrRange) {
		t.Errorf("Max × 2 err = %v", err)
	}
	if _, err := money.Fen(1 << 62).Times(4); !errors.Is(err, money.ErrRange) {
		t.Errorf("int64 overflow err = %v", err)
	}
	if _, err := money.Sum(money.Max, 1); !errors.Is(err, money.ErrRange) {
		t.Errorf("Max + 0.01 err = %v", err)
	}
}
