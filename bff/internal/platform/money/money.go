// Package money holds amounts of money as integer fen (分), the unit the database stores, and
// their text form in yuan with two decimals ("12.50"), the form JSON carries. No float is ever
// involved: text is parsed digit by digit, so "0.1" + "0.2" is exactly "0.30".
package money

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// Fen is an amount in fen (1 yuan = 100 fen).
type Fen int64

// Max is the largest amount Parse accepts: 100 billion yuan, far above any price or order and
// far below where sums of many amounts could overflow int64.
const Max Fen = 100_000_000_000_00

// ErrFormat: the text is not an amount in yuan with at most two decimals.
var ErrFormat = errors.New("money: not an amount in yuan with at most two decimals")

// ErrRange: the amount is beyond ±Max, or a product overflows.
var ErrRange = errors.New("money: amount out of range")

// Parse reads yuan text: an optional sign, digits, and an optional point with one or two
// digits ("12", "12.5", "-0.05"). Exponents, spaces, thousands separators and a third decimal
// are refused rather than rounded.
func Parse(s string) (Fen, error) {
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" || !digits(whole) || (dot && (frac == "" || len(frac) > 2 || !digits(frac))) {
		return 0, ErrFormat
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > int64(Max/100) {
		return 0, ErrRange
	}
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "0")[:2], 10, 64)
	}
	v := Fen(w*100 + f)
	if v > Max {
		return 0, ErrRange
	}
	if neg {
		v = -v
	}
	return v, nil
}

func digits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// String is the amount in yuan with two decimals: 1250 → "12.50", -5 → "-0.05".
func (f Fen) String() string {
	sign, v := "", int64(f)
	if v < 0 {
		sign = "-"
		if v == math.MinInt64 {
			return "-92233720368547758.08"
		}
		v = -v
	}
	frac := strconv.FormatInt(v%100, 10)
	if len(frac) == 1 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(v/100, 10) + "." + frac
}

// MarshalJSON writes the yuan text as a JSON string.
func (f Fen) MarshalJSON() ([]byte, error) { return []byte(`"` + f.String() + `"`), nil }

// Times is f × n (a unit price times a quantity), or ErrRange when beyond ±Max.
func (f Fen) Times(n int64) (Fen, error) {
	if n == 0 || f == 0 {
		return 0, nil
	}
	p := int64(f) * n
	if p/n != int64(f) || Fen(p) > Max || Fen(p) < -Max {
		return 0, ErrRange
	}
	return Fen(p), nil
}

// Sum adds amounts, or ErrRange when the total is beyond ±Max.
func Sum(fs ...Fen) (Fen, error) {
	var t Fen
	for _, f := range fs {
		if f > Max || f < -Max {
			return 0, ErrRange
		}
		t += f // |t| ≤ Max before each addition, so this cannot overflow int64
		if t > Max || t < -Max {
			return 0, ErrRange
		}
	}
	return t, nil
}

// JSONSchemaBytes describes Fen in the API document as it travels: yuan text, two decimals.
func (Fen) JSONSchemaBytes() ([]byte, error) {
	return []byte(`{"type":"string","pattern":"^-?[0-9]+\\.[0-9]{2}$","description":"yuan with two decimals","examples":["12.50"]}`), nil
}
