package export_test

import (
	"slices"
	"testing"

	"mallconsole/bff/internal/platform/export"
)

func TestQueryHelpers(t *testing.T) {
	for _, c := range []struct {
		ids  []string
		want []int64
	}{{nil, nil}, {[]string{"3", "x", "-1", "5"}, []int64{3, 5}}, {[]string{"x", "0"}, []int64{0}}} {
		if got := (export.Query{IDs: c.ids}).Int64IDs(); !slices.Equal(got, c.want) {
			t.Errorf("Int64IDs(%q) = %v, want %v", c.ids, got, c.want)
		}
	}
	if q := (export.Query{Filters: map[string]string{"name": "苹果"}}); q.Filter("name") != "苹果" || q.Filter("none") != "" {
		t.Errorf("Filter = %q %q", q.Filter("name"), q.Filter("none"))
	}
	cols := map[string]string{"price": "price", "createTime": "create_time"}
	q := export.Query{Sort: []export.Sort{{Field: "price", Desc: true}, {Field: "createTime"}}}
	if got := q.OrderBy(cols); got != "price DESC, create_time ASC, id ASC" {
		t.Errorf("OrderBy = %q", got)
	}
	if got := (export.Query{Sort: []export.Sort{{Field: "price", Desc: true}}}).OrderBy(cols); got != "price DESC, id DESC" {
		t.Errorf("ties follow the last field's direction: %q", got)
	}
	if got := (export.Query{}).OrderBy(cols); got != "" {
		t.Errorf("OrderBy without sorts = %q", got)
	}
}

func TestColumns(t *testing.T) {
	cols := export.Columns[int]{"double": func(n int) any { return 2 * n }, "text": func(n int) any { return "n" }}
	if got := export.Keys(cols); !slices.Equal(got, []string{"double", "text"}) {
		t.Errorf("Keys = %v", got)
	}
	var got [][]any
	emit := cols.Emitter(export.Query{Fields: []string{"text", "double"}}, func(row []any) error {
		got = append(got, slices.Clone(row))
		return nil
	})
	for _, n := range []int{1, 5} {
		if err := emit(n); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 2 || got[0][0] != "n" || got[0][1] != 2 || got[1][1] != 10 {
		t.Errorf("rows = %v", got)
	}
}
