// Package filter reads the filters of a list from any source of named text values, so that a
// list (query parameters) and its export (the JSON body's filters, see platform/export) apply
// the same filters through the same code.
package filter

import (
	"strconv"
	"strings"
	"time"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
)

// Get returns the named value, "" when absent.
type Get func(name string) string

// Text returns the trimmed value, refusing more than max characters.
func Text(get Get, name string, max int) (string, error) {
	v := strings.TrimSpace(get(name))
	if len([]rune(v)) > max {
		return "", httpx.BadRequest(name, httpx.ReasonTooLong)
	}
	return v, nil
}

// Blurry reads a list's keyword search (blurry), as long as httpx.Blurry lets it be.
func Blurry(get Get) (string, error) { return Text(get, "blurry", limits.BlurryMax) }

// ID returns a positive integer value, nil when absent.
func ID(get Get, name string) (*int64, error) {
	v := strings.TrimSpace(get(name))
	if v == "" {
		return nil, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return nil, httpx.BadRequest(name, "必须是正整数")
	}
	return &id, nil
}

// IDs reads a comma-separated list of at most max positive integers ("3,5"), nil when absent.
func IDs(get Get, name string, max int) ([]int64, error) {
	v := strings.TrimSpace(get(name))
	if v == "" {
		return nil, nil
	}
	parts := strings.Split(v, ",")
	if len(parts) > max {
		return nil, httpx.BadRequest(name, "最多"+strconv.Itoa(max)+"个")
	}
	ids := make([]int64, len(parts))
	for i, p := range parts {
		id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || id <= 0 {
			return nil, httpx.BadRequest(name, "必须是以逗号分隔的正整数")
		}
		ids[i] = id
	}
	return ids, nil
}

// Flag reads a switch: 1 or true is on, 0, false or absent is off.
func Flag(get Get, name string) (bool, error) {
	switch strings.TrimSpace(get(name)) {
	case "1", "true":
		return true, nil
	case "", "0", "false":
		return false, nil
	}
	return false, httpx.BadRequest(name, "必须是1或0")
}

// Bool reads a yes/no filter (a select of 是/否): true or false, nil when absent, so that "no"
// filters too.
func Bool(get Get, name string) (*bool, error) {
	v := strings.TrimSpace(get(name))
	if v == "" {
		return nil, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return nil, httpx.BadRequest(name, "必须是true或false")
	}
	return &b, nil
}

// OneOf returns the value when it is one of choices, "" when absent.
func OneOf(get Get, name string, choices ...string) (string, error) {
	v := strings.TrimSpace(get(name))
	if v == "" {
		return "", nil
	}
	for _, c := range choices {
		if v == c {
			return v, nil
		}
	}
	return "", httpx.BadRequest(name, "必须是"+strings.Join(choices, "、")+"之一")
}

// Range reads a time range given as two values (startTime/endTime), each yyyy-MM-dd HH:mm:ss or
// yyyy-MM-dd (a date alone as the end means the whole day); either may be absent.
func Range(get Get, fromName, toName string) (from, to *time.Time, err error) {
	if from, err = parseTime(get, fromName, false); err != nil {
		return nil, nil, err
	}
	if to, err = parseTime(get, toName, true); err != nil {
		return nil, nil, err
	}
	if from != nil && to != nil && to.Before(*from) {
		return nil, nil, httpx.BadRequest(toName, "结束时间早于开始时间")
	}
	return from, to, nil
}

func parseTime(get Get, name string, end bool) (*time.Time, error) {
	v := strings.TrimSpace(get(name))
	if v == "" {
		return nil, nil
	}
	t, dateOnly, err := httpx.ParseTime(v, true)
	if err != nil {
		return nil, httpx.BadRequest(name, httpx.ReasonTimeFormat)
	}
	if dateOnly && end {
		t = t.Add(24*time.Hour - time.Millisecond)
	}
	if !httpx.StorableYear(t) {
		return nil, httpx.BadRequest(name, httpx.ReasonYear) // MySQL would answer 500
	}
	u := t.UTC() // rows hold UTC (platform/db.Now)
	return &u, nil
}
