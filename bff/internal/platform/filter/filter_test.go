package filter_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
)

func values(m map[string]string) filter.Get { return func(k string) string { return m[k] } }

func TestRange(t *testing.T) {
	get := values(map[string]string{"startTime": "2026-01-02", "endTime": "2026-01-03", "a": "2026-01-02 08:00:00", "bad": "2026/01/02"})
	from, to, err := filter.Range(get, "startTime", "endTime")
	if err != nil || !from.Equal(time.Date(2026, 1, 2, 0, 0, 0, 0, time.Local)) ||
		!to.Equal(time.Date(2026, 1, 3, 23, 59, 59, 999e6, time.Local)) {
		t.Fatalf("dates = %v %v %v", from, to, err)
	}
	if from, to, err := filter.Range(get, "a", "none"); err != nil || to != nil || from.Hour() != time.Date(2026, 1, 2, 8, 0, 0, 0, time.Local).UTC().Hour() {
		t.Fatalf("open end = %v %v %v", from, to, err)
	}
	if _, _, err := filter.Range(get, "bad", "endTime"); err == nil || err.Error() != "400 bad: 时间格式必须是yyyy-MM-dd HH:mm:ss" {
		t.Fatalf("bad format = %v", err)
	}
	old := values(map[string]string{"from": "0999-12-31", "to": "0000-01-01 00:00:00"})
	for _, name := range []string{"from", "to"} {
		if _, _, err := filter.Range(old, name, "none"); err == nil || err.Error() != "400 "+name+": 年份必须在1000到9999之间" {
			t.Fatalf("year outside the database = %v", err)
		}
	}
	if _, _, err := filter.Range(get, "endTime", "startTime"); httpx.StatusOf(err) != 400 {
		t.Fatalf("reversed = %v", err)
	}
}

func TestScalars(t *testing.T) {
	get := values(map[string]string{"id": "7", "neg": "-1", "s": "on_sale", "long": "abcdef"})
	if id, err := filter.ID(get, "id"); err != nil || *id != 7 {
		t.Fatalf("id = %v %v", id, err)
	}
	if id, err := filter.ID(get, "none"); err != nil || id != nil {
		t.Fatalf("absent id = %v %v", id, err)
	}
	if _, err := filter.ID(get, "neg"); httpx.StatusOf(err) != 400 {
		t.Fatalf("negative id = %v", err)
	}
	if v, err := filter.OneOf(get, "s", "draft", "on_sale"); err != nil || v != "on_sale" {
		t.Fatalf("one of = %q %v", v, err)
	}
	if _, err := filter.OneOf(get, "long", "draft"); err == nil || err.Error() != "400 long: 必须是draft之一" {
		t.Fatalf("not one of = %v", err)
	}
	for v, want := range map[string]bool{"1": true, "true": true, "0": false, "false": false, "": false} {
		if on, err := filter.Flag(values(map[string]string{"f": v}), "f"); err != nil || on != want {
			t.Fatalf("flag %q = %v %v", v, on, err)
		}
	}
	if _, err := filter.Flag(get, "s"); err == nil || err.Error() != "400 s: 必须是1或0" {
		t.Fatalf("not a flag = %v", err)
	}
	if _, err := filter.Text(get, "long", 3); httpx.StatusOf(err) != 400 {
		t.Fatalf("too long = %v", err)
	}
}

func TestIDs(t *testing.T) {
	get := values(map[string]string{"ids": " 3, 5 ", "zero": "3,0", "text": "3,a", "empty": "3,", "many": "1,2,3"})
	if ids, err := filter.IDs(get, "ids", 3); err != nil || fmt.Sprint(ids) != "[3 5]" {
		t.Fatalf("ids = %v %v", ids, err)
	}
	if ids, err := filter.IDs(get, "none", 3); err != nil || ids != nil {
		t.Fatalf("absent = %v %v", ids, err)
	}
	for _, name := range []string{"zero", "text", "empty"} {
		if _, err := filter.IDs(get, name, 3); err == nil || err.Error() != "400 "+name+": 必须是以逗号分隔的正整数" {
			t.Fatalf("%s = %v", name, err)
		}
	}
	if _, err := filter.IDs(get, "many", 2); err == nil || err.Error() != "400 many: 最多2个" {
		t.Fatalf("too many = %v", err)
	}
}

func TestBool(t *testing.T) {
	get := values(map[string]string{"yes": "true", "no": "false", "bad": "on"})
	if b, err := filter.Bool(get, "yes"); err != nil || b == nil || !*b {
		t.Fatalf("true = %v %v", b, err)
	}
	if b, err := filter.Bool(get, "no"); err != nil || b == nil || *b {
		t.Fatalf("false filters too = %v %v", b, err)
	}
	if b, err := filter.Bool(get, "none"); err != nil || b != nil {
		t.Fatalf("absent = %v %v", b, err)
	}
	if _, err := filter.Bool(get, "bad"); err == nil || err.Error() != "400 bad: 必须是true或false" {
		t.Fatalf("not a bool = %v", err)
	}
}

func TestBlurry(t *testing.T) {
	if v, err := filter.Blurry(values(map[string]string{"blurry": " li "})); err != nil || v != "li" {
		t.Fatalf("blurry = %q %v", v, err)
	}
	long := values(map[string]string{"blurry": strings.Repeat("字", limits.BlurryMax+1)})
	if _, err := filter.Blurry(long); err == nil || err.Error() != "400 blurry: "+httpx.ReasonTooLong {
		t.Fatalf("too long = %v", err)
	}
}

// TestRangeTakesUnixSeconds: ten digits are Unix seconds wherever a date-time is taken
// (DECISIONS §3); other numbers are not dates.
func TestRangeTakesUnixSeconds(t *testing.T) {
	at := time.Date(2026, 11, 25, 8, 30, 0, 0, time.Local)
	sec := strconv.FormatInt(at.Unix(), 10)
	get := values(map[string]string{"s": sec, "e": " " + sec + " ", "short": "176400000", "long": "17640000000", "ms": sec + "000"})
	from, to, err := filter.Range(get, "s", "e")
	if err != nil || !from.Equal(at) || !to.Equal(at) {
		t.Fatalf("seconds: %v %v %v", from, to, err)
	}
	for _, name := range []string{"short", "long", "ms"} {
		if _, _, err := filter.Range(get, name, "none"); err == nil {
			t.Errorf("%s=%q taken as a date", name, get(name))
		}
	}
}

func TestParseTime(t *testing.T) {
	for v, want := range map[string]time.Time{
		"2026-11-25 08:30:00": time.Date(2026, 11, 25, 8, 30, 0, 0, time.Local),
		"1764059400":          time.Unix(1764059400, 0),
		"0000000000":          time.Unix(0, 0),
	} {
		got, dateOnly, err := httpx.ParseTime(v, false)
		if err != nil || dateOnly || !got.Equal(want) {
			t.Errorf("ParseTime(%q) = %v %v %v, want %v", v, got, dateOnly, err, want)
		}
	}
	if _, dateOnly, err := httpx.ParseTime("2026-11-25", true); err != nil || !dateOnly {
		t.Errorf("a date where dates are allowed: %v %v", dateOnly, err)
	}
	for _, v := range []string{"2026-11-25", "2026/11/25 08:30:00", "17640594OO", "", "-176405940"} {
		if _, _, err := httpx.ParseTime(v, false); err == nil || err.Error() != httpx.ReasonTimeFormat {
			t.Errorf("ParseTime(%q) err %v", v, err)
		}
	}
}
