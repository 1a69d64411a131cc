// Package export streams a list resource into an .xlsx file: one declaration per resource (its
// exportable fields, filters and sortable fields, all whitelists) and one writer built on
// excelize's StreamWriter, so memory does not grow with the number of rows.
package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"mallconsole/bff/internal/platform/httpx"
)

// Limits of one export request.
const (
	maxColumns   = 100
	maxHeaderLen = 100
	maxIDs       = 10000
	maxFilterLen = 200
)

// dateRanges are the list pages' date-range filters and the names the list API reads them as
// (docs/decisions.md "Lists and export": createDate → startTime/endTime, createDate1 → groundingStartTime/groundingEndTime).
var dateRanges = map[string][2]string{
	"createDate":  {"startTime", "endTime"},
	"createDate1": {"groundingStartTime", "groundingEndTime"},
}

// ignored are keys a table sends along with its filters that are not filters (paging).
var ignored = []string{"page", "size", "pageNow", "pageSize", "pagesize", "current", "title"}

// Query is a validated export request.
type Query struct {
	Headers []string
	Fields  []string          // each one of the resource's Fields
	IDs     []string          // the selected rows; empty for downloadAll
	Filters map[string]string // each one of the resource's Filters
	Sort    []Sort
}

// Sort is one ordering key.
type Sort struct {
	Field string
	Desc  bool
}

// parse reads the JSON body {headers, fields, ids, sort, ...filters} against the resource.
func parse(body []byte, res *Resource, all bool) (Query, error) {
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil || raw == nil {
		return Query{}, httpx.BadRequest("body", "不是有效的JSON对象")
	}
	q := Query{Filters: map[string]string{}}
	if err := strings1(raw, "headers", &q.Headers); err != nil {
		return q, err
	}
	if err := strings1(raw, "fields", &q.Fields); err != nil {
		return q, err
	}
	switch {
	case len(q.Fields) == 0:
		return q, httpx.BadRequest("fields", httpx.ReasonRequired)
	case len(q.Fields) > maxColumns:
		return q, httpx.BadRequest("fields", fmt.Sprintf("最多%d列", maxColumns))
	case len(q.Headers) != len(q.Fields):
		return q, httpx.BadRequest("headers", "数量必须与fields相同")
	}
	for i, f := range q.Fields {
		if !slices.Contains(res.Fields, f) {
			return q, httpx.BadRequest("fields", "不支持导出字段 "+clip(f))
		}
		if h := strings.TrimSpace(q.Headers[i]); h == "" || len([]rune(h)) > maxHeaderLen {
			return q, httpx.BadRequest("headers", "列标题不能为空且最多100个字符")
		}
	}
	if !all {
		if err := strings1(raw, "ids", &q.IDs); err != nil {
			return q, err
		}
		if len(q.IDs) == 0 {
			return q, httpx.BadRequest("ids", httpx.ReasonRequired)
		}
		if len(q.IDs) > maxIDs {
			return q, httpx.BadRequest("ids", fmt.Sprintf("最多%d个", maxIDs))
		}
	}
	var sorts []string
	if err := strings1(raw, "sort", &sorts); err != nil {
		return q, err
	}
	for _, s := range sorts {
		field, dir, _ := strings.Cut(s, ",")
		if !slices.Contains(res.Sortable, field) || (dir != "" && dir != "asc" && dir != "desc") {
			return q, httpx.BadRequest("sort", "不支持的排序 "+clip(s))
		}
		q.Sort = append(q.Sort, Sort{Field: field, Desc: dir == "desc"})
	}
	for key, v := range raw {
		if key == "headers" || key == "fields" || key == "ids" || key == "sort" || slices.Contains(ignored, key) {
			continue
		}
		if err := filter(q.Filters, key, v, res); err != nil {
			return q, err
		}
	}
	return q, nil
}

// filter records one filter: a date range becomes its two bounds, null or "" is no filter.
func filter(out map[string]string, key string, v json.RawMessage, res *Resource) error {
	if names, ok := dateRanges[key]; ok {
		var bounds []string
		if err := json.Unmarshal(v, &bounds); err != nil || (bounds != nil && len(bounds) != 2) {
			return httpx.BadRequest(key, "必须是[开始时间，结束时间]")
		}
		for i, b := range bounds {
			if err := filter(out, names[i], mustJSON(b), res); err != nil {
				return err
			}
		}
		return nil
	}
	if key == "" { // an error must name a field: this one has no name to give
		return httpx.BadRequest("body", "筛选条件的名称不能为空")
	}
	if !slices.Contains(res.Filters, key) {
		return httpx.BadRequest(clip(key), "不支持的筛选条件")
	}
	var x any
	d := json.NewDecoder(bytes.NewReader(v))
	d.UseNumber()
	if err := d.Decode(&x); err != nil {
		return httpx.BadRequest(key, "格式错误")
	}
	var s string
	switch x := x.(type) {
	case nil:
		return nil
	case string:
		s = strings.TrimSpace(x)
	case json.Number:
		s = x.String()
	case bool:
		s = fmt.Sprint(x)
	default:
		return httpx.BadRequest(key, "必须是文本或数字")
	}
	if len([]rune(s)) > maxFilterLen {
		return httpx.BadRequest(key, httpx.ReasonTooLong)
	}
	if s != "" {
		out[key] = s
	}
	return nil
}

// strings1 reads an array of strings or numbers (ids may be either), or one string.
func strings1(raw map[string]json.RawMessage, key string, out *[]string) error {
	v, ok := raw[key]
	if !ok || string(v) == "null" {
		return nil
	}
	var one string
	if json.Unmarshal(v, &one) == nil {
		*out = []string{one}
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(v, &items); err != nil {
		return httpx.BadRequest(key, "必须是数组")
	}
	for _, it := range items {
		var s string
		if json.Unmarshal(it, &s) != nil {
			var n json.Number
			d := json.NewDecoder(bytes.NewReader(it))
			d.UseNumber()
			if d.Decode(&n) != nil {
				return httpx.BadRequest(key, "元素必须是文本或数字")
			}
			s = n.String()
		}
		*out = append(*out, s)
	}
	return nil
}

func mustJSON(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
