package export

import (
	"errors"
	"net/http"
	"slices"
	"testing"
	"unicode/utf8"

	"mallconsole/bff/internal/platform/httpx"
)

var fuzzResource = Resource{Title: "订单", Fields: []string{"orderNo", "status", "createTime"},
	Filters: []string{"status", "blurry", "startTime", "endTime"}, Sortable: []string{"createTime", "id"}}

// FuzzExportRequest feeds raw bodies to the export request parser: a body is refused with a 400
// naming what is wrong, or becomes a query holding only whitelisted fields, filters and sorts,
// with a header per column and, for /download, 1..maxIDs ids.
func FuzzExportRequest(f *testing.F) {
	for _, b := range []string{
		`{"headers":["订单号"],"fields":["orderNo"],"ids":[1,"2"]}`,
		`{"headers":"状态","fields":"status","ids":"7","sort":["createTime,desc","id"],"status":"1","page":0}`,
		`{"headers":["a","b"],"fields":["orderNo"]}`,
		`{"headers":["x"],"fields":["password"],"ids":[1]}`,
		`{"headers":["x"],"fields":["orderNo"],"ids":[1],"createDate":["2026-01-01","2026-01-31"],"blurry":null}`,
		`{"headers":["x"],"fields":["orderNo"],"ids":[1],"createDate":["only one"]}`,
		`{"headers":["x"],"fields":["orderNo"],"ids":[1],"status":{"$ne":1}}`,
		`{"headers":["x"],"fields":["orderNo"],"ids":[1],"sort":"createTime;drop"}`,
		`[1,2]`, `null`, `{`, `{"headers":[" "],"fields":["orderNo"],"ids":[1e400]}`,
	} {
		f.Add([]byte(b), false)
		f.Add([]byte(b), true)
	}
	f.Fuzz(func(t *testing.T, body []byte, all bool) {
		q, err := parse(body, &fuzzResource, all)
		if err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != http.StatusBadRequest || len(he.Fields) != 1 || he.Fields[0].Field == "" {
				t.Fatalf("parse(%q): %#v is not a 400 naming a field", body, err)
			}
			return
		}
		if len(q.Fields) == 0 || len(q.Fields) != len(q.Headers) || len(q.Fields) > maxColumns {
			t.Fatalf("parse(%q): %d fields, %d headers", body, len(q.Fields), len(q.Headers))
		}
		for _, f := range q.Fields {
			if !slices.Contains(fuzzResource.Fields, f) {
				t.Fatalf("parse(%q) accepted field %q", body, f)
			}
		}
		if !all && (len(q.IDs) == 0 || len(q.IDs) > maxIDs) {
			t.Fatalf("parse(%q): %d ids", body, len(q.IDs))
		}
		for k, v := range q.Filters {
			if !slices.Contains(fuzzResource.Filters, k) || v == "" || utf8.RuneCountInString(v) > maxFilterLen {
				t.Fatalf("parse(%q) accepted filter %q=%q", body, k, v)
			}
		}
		for _, s := range q.Sort {
			if !slices.Contains(fuzzResource.Sortable, s.Field) {
				t.Fatalf("parse(%q) accepted sort %q", body, s.Field)
			}
		}
	})
}

// Found by FuzzExportRequest: a filter with an empty name gave a 400 whose field was "".
func TestFilterWithoutANameIsRefusedNamingTheBody(t *testing.T) {
	_, err := parse([]byte(`{"headers":["0"],"fields":["orderNo"],"ids":[0],"":[]}`), &fuzzResource, false)
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != http.StatusBadRequest || he.Fields[0].Field != "body" {
		t.Fatalf("err = %#v", err)
	}
}
