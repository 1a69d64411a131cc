package filter_test

import (
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
