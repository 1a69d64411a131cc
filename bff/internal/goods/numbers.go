package goods

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
)

// numberText is a JSON number or string kept as its text: money never passes through a float,
// and a value that is not a number ("abc") reaches the field checks, which name the field.
type numberText string

func (n *numberText) UnmarshalJSON(b []byte) error {
	switch {
	case string(b) == "null":
		*n = ""
		return nil
	case b[0] == '"':
		var s string
		err := json.Unmarshal(b, &s)
		*n = numberText(s)
		return err
	case b[0] == '-' || b[0] >= '0' && b[0] <= '9':
		*n = numberText(b)
		return nil
	}
	return &json.UnmarshalTypeError{Value: "non-number", Type: reflect.TypeFor[numberText]()} // "price: 类型错误"
}

// JSONSchemaBytes describes numberText in the API document: text or a number.
func (numberText) JSONSchemaBytes() ([]byte, error) {
	return []byte(`{"type":["string","number"],"examples":["12.50"]}`), nil
}

// amount reads yuan text: not negative, at most two decimals.
func amount(chk *httpx.Check, field string, v numberText, required bool) money.Fen {
	s := strings.TrimSpace(string(v))
	if s == "" {
		if required {
			chk.Fail(field, httpx.ReasonRequired)
		}
		return 0
	}
	f, err := money.Parse(s)
	if err != nil || f < 0 {
		chk.Fail(field, "必须是不小于0的金额，最多两位小数")
	}
	return f
}

// count reads a whole number from 0 to maxStock.
func count(chk *httpx.Check, field string, v numberText) int64 {
	s := strings.TrimSpace(string(v))
	if s == "" {
		chk.Fail(field, httpx.ReasonRequired)
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > maxStock {
		chk.Fail(field, fmt.Sprintf("必须是0到%d之间的整数", maxStock))
	}
	return n
}
