package workflow

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// dataCtx is who submits data: uploads must be theirs. The zero value (checking a default in
// the designer) skips what needs the database.
type dataCtx struct{ uploader int64 }

// maxRichtext bounds rich text before sanitising.
const maxRichtext = 100_000

// checkData validates data against a schema and returns it cleaned: unknown keys dropped,
// rich text sanitised, IDs as int64. only, when set, limits the keys taken from data (the
// fields an approver may edit); the others are kept from old.
func (s *Service) checkData(ctx context.Context, dc dataCtx, sc Schema, data, old map[string]any, only map[string]bool) (map[string]any, error) {
	out := map[string]any{}
	for k, v := range old {
		out[k] = v
	}
	for _, f := range sc.Fields {
		if f.Type == TDesc || (only != nil && !only[f.Key]) {
			continue
		}
		v, err := s.fieldValue(ctx, dc, f, data[f.Key])
		if err != nil {
			return nil, err
		}
		if v == nil {
			delete(out, f.Key)
		} else {
			out[f.Key] = v
		}
	}
	return out, nil
}

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	}
	return false
}

// fieldValue checks one value; nil when empty and not required.
func (s *Service) fieldValue(ctx context.Context, dc dataCtx, f Field, v any) (any, error) {
	if empty(v) {
		if f.Required {
			return nil, invalid(f.Key, "请填写%s", f.Label)
		}
		return nil, nil
	}
	bad := func(reason string) error { return invalid(f.Key, "%s%s", f.Label, reason) }
	switch f.Type {
	case TText, TTextarea, TRichtext:
		str, ok := v.(string)
		if !ok {
			return nil, bad("须为文本")
		}
		limit := map[string]float64{TText: maxTextLen, TTextarea: maxAreaLen, TRichtext: maxRichtext}[f.Type]
		if f.Max != nil && f.Type != TRichtext {
			limit = *f.Max
		}
		n := float64(utf8.RuneCountInString(str))
		if n > limit {
			return nil, bad(fmt.Sprintf("太长（最多%d个字符）", int(limit)))
		}
		if f.Min != nil && n < *f.Min {
			return nil, bad(fmt.Sprintf("太短（至少%d个字符）", int(*f.Min)))
		}
		if f.Type == TRichtext {
			return s.html.HTML(str), nil
		}
		return str, nil
	case TNumber, TAmount:
		return numberValue(f, v, bad)
	case TSelect:
		return s.selectValue(ctx, f, v, bad)
	case TDate, TDateRange:
		return dateValue(f, v, bad)
	case TLeaveRange:
		r, _, err := leaveRange(v)
		if err != nil {
			return nil, bad(err.(*Invalid).Message)
		}
		return r, nil
	case TDept, TUser:
		return s.idValue(ctx, dc, f, v, bad)
	case TUpload:
		ids, ok := idList(v)
		if !ok || len(ids) > maxOf(f.MaxCount, maxUploads) {
			return nil, bad("附件数量不符合要求")
		}
		if dc.uploader != 0 {
			if owns, err := s.files.Owns(ctx, dc.uploader, ids); err != nil {
				return nil, err
			} else if !owns {
				return nil, bad("中有不存在或不是你上传的文件")
			}
		}
		return ids, nil
	}
	return nil, nil
}

func maxOf(p *int, def int) int {
	if p != nil {
		return *p
	}
	return def
}

func numberValue(f Field, v any, bad func(string) error) (any, error) {
	n, ok := v.(float64)
	if !ok || math.IsNaN(n) || math.IsInf(n, 0) {
		return nil, bad("须为数字")
	}
	if (f.Min != nil && n < *f.Min) || (f.Max != nil && n > *f.Max) {
		return nil, bad("超出范围")
	}
	decimals := 2
	if f.Type == TNumber {
		decimals = maxOf(f.Precision, 4)
	}
	scaled := n * math.Pow10(decimals)
	if math.Abs(scaled-math.Round(scaled)) > 1e-6 {
		return nil, bad("小数位数过多")
	}
	return n, nil
}

func (s *Service) selectValue(ctx context.Context, f Field, v any, bad func(string) error) (any, error) {
	allowed := map[string]bool{}
	for _, o := range f.Options {
		allowed[o.Value] = true
	}
	if f.Dict != "" {
		ds, err := s.dicts.Details(ctx, f.Dict)
		if err != nil {
			return nil, err
		}
		for _, d := range ds {
			allowed[d.Value] = true
		}
	}
	values := []string{}
	if str, ok := v.(string); ok && !f.Multiple {
		values = append(values, str)
	} else if list, ok := v.([]any); ok && f.Multiple {
		for _, x := range list {
			str, ok := x.(string)
			if !ok {
				return nil, bad("不是有效的选项")
			}
			values = append(values, str)
		}
	} else {
		return nil, bad("不是有效的选项")
	}
	for _, x := range values {
		if !allowed[x] {
			return nil, bad("不是有效的选项")
		}
	}
	if f.Multiple {
		return values, nil
	}
	return values[0], nil
}

func dateValue(f Field, v any, bad func(string) error) (any, error) {
	parse := func(x any) (string, bool) {
		str, ok := x.(string)
		if !ok {
			return "", false
		}
		_, err := time.Parse(time.DateOnly, str)
		return str, err == nil
	}
	if f.Type == TDate {
		if d, ok := parse(v); ok {
			return d, nil
		}
		return nil, bad("须为日期YYYY-MM-DD")
	}
	list, ok := v.([]any)
	if !ok || len(list) != 2 {
		return nil, bad("须为两个日期")
	}
	a, okA := parse(list[0])
	b, okB := parse(list[1])
	if !okA || !okB || a > b {
		return nil, bad("须为开始不晚于结束的两个日期")
	}
	return []string{a, b}, nil
}

// leaveRange reads ["YYYY-MM-DD HH:mm:ss" ×2] and its length in hundredths of a day (> 0).
func leaveRange(v any) ([]string, int64, error) {
	var strs []string
	switch x := v.(type) {
	case []string:
		strs = x
	case []any:
		for _, e := range x {
			str, _ := e.(string)
			strs = append(strs, str)
		}
	}
	if len(strs) != 2 {
		return nil, 0, invalid("", "须为开始和结束时间")
	}
	a, errA := time.ParseInLocation(time.DateTime, strs[0], time.Local)
	b, errB := time.ParseInLocation(time.DateTime, strs[1], time.Local)
	if errA != nil || errB != nil {
		return nil, 0, invalid("", "格式须为YYYY-MM-DD HH:mm:ss")
	}
	if a.Year() < 1000 || b.Year() > 9999 {
		return nil, 0, invalid("", "年份必须在1000到9999之间")
	}
	h := hundredths(a, b)
	if h <= 0 {
		return nil, 0, invalid("", "结束时间须晚于开始时间，且时长大于0天")
	}
	return strs, h, nil
}

// idList reads a JSON array of positive integers.
func idList(v any) ([]int64, bool) {
	var out []int64
	switch x := v.(type) {
	case []int64:
		return x, true
	case []any:
		for _, e := range x {
			id, ok := oneID(e)
			if !ok {
				return nil, false
			}
			out = append(out, id)
		}
		return out, true
	}
	return nil, false
}

func oneID(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		if x > 0 && x == math.Trunc(x) && x < 1<<53 {
			return int64(x), true
		}
	case int64:
		return x, x > 0
	}
	return 0, false
}

func (s *Service) idValue(ctx context.Context, dc dataCtx, f Field, v any, bad func(string) error) (any, error) {
	var ids []int64
	if f.Multiple {
		list, ok := idList(v)
		if !ok || len(list) > 100 {
			return nil, bad("不是有效的选择")
		}
		ids = list
	} else {
		id, ok := oneID(v)
		if !ok {
			return nil, bad("不是有效的选择")
		}
		ids = []int64{id}
	}
	if dc.uploader != 0 {
		var known int
		var err error
		if f.Type == TDept {
			known, err = s.org.CountDepts(ctx, ids)
		} else {
			known, err = s.org.CountUsers(ctx, ids)
		}
		if err != nil {
			return nil, err
		}
		if known != len(slices.Compact(slices.Sorted(slices.Values(ids)))) {
			return nil, bad("不存在")
		}
	}
	if f.Multiple {
		return ids, nil
	}
	return ids[0], nil
}
