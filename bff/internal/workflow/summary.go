package workflow

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of a task row's summary: the first few fields with a value, each text and the whole
// line cut short, so that 我的待办 shows what a request is about on one line.
const (
	summaryFields   = 3
	summaryValueLen = 30
	summaryLen      = 100
)

// version is a form version as the task list reads it: the flow (node names) and the schema
// (the summary).
type version struct {
	ix     *index
	schema Schema
	hidden map[string]bool // fields some node hides: never in a summary
}

// summarizer writes task rows' summaries, reading each dictionary once per page.
type summarizer struct {
	s     *Service
	ctx   context.Context
	dicts map[string]map[string]string
}

// summary is "label：value，…" of the first fields of the schema that have a value and that no
// node hides (a summary is read by everyone the row is shown to, whatever their node shows).
// Types without a short text (rich text, uploads, people, departments) are left out.
func (z *summarizer) summary(v *version, raw string) (string, error) {
	if v == nil || raw == "" {
		return "", nil
	}
	var data map[string]any
	if err := json.Unmarshal([]byte(raw), &data); err != nil {
		return "", err
	}
	var parts []string
	for _, f := range v.schema.Fields {
		if len(parts) == summaryFields {
			break
		}
		if v.hidden[f.Key] || empty(data[f.Key]) {
			continue
		}
		text, err := z.value(f, data[f.Key])
		if err != nil {
			return "", err
		}
		if text != "" {
			parts = append(parts, f.Label+"："+text)
		}
	}
	return cut(strings.Join(parts, "，"), summaryLen), nil
}

func (z *summarizer) value(f Field, v any) (string, error) {
	switch f.Type {
	case TText, TTextarea:
		s, _ := v.(string)
		line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
		return cut(strings.TrimSpace(line), summaryValueLen), nil
	case TAmount:
		n, _ := v.(float64)
		return "¥" + strconv.FormatFloat(n, 'f', 2, 64), nil
	case TNumber:
		n, _ := v.(float64)
		return strconv.FormatFloat(n, 'f', -1, 64), nil
	case TDate:
		s, _ := v.(string)
		return s, nil
	case TDateRange:
		if l, ok := v.([]any); ok && len(l) == 2 {
			a, _ := l[0].(string)
			b, _ := l[1].(string)
			return a + " ~ " + b, nil
		}
	case TLeaveRange:
		strs, h, err := leaveRange(v)
		if err == nil {
			return strs[0][:16] + " ~ " + strs[1][:16] + "（" + daysText(h) + "天）", nil
		}
	case TSelect:
		return z.selected(f, v)
	}
	return "", nil
}

// selected is the labels of a select's values (a value no longer offered shows as itself).
func (z *summarizer) selected(f Field, v any) (string, error) {
	labels := map[string]string{}
	for _, o := range f.Options {
		labels[o.Value] = o.Label
	}
	if f.Dict != "" {
		if z.dicts[f.Dict] == nil {
			ds, err := z.s.dicts.Details(z.ctx, f.Dict)
			if err != nil {
				return "", err
			}
			m := map[string]string{}
			for _, d := range ds {
				m[d.Value] = d.Label
			}
			z.dicts[f.Dict] = m
		}
		for k, l := range z.dicts[f.Dict] {
			labels[k] = l
		}
	}
	var values []string
	switch x := v.(type) {
	case string:
		values = []string{x}
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok {
				values = append(values, s)
			}
		}
	}
	for i, val := range values {
		if l := labels[val]; l != "" {
			values[i] = l
		}
	}
	return strings.Join(values, "、"), nil
}

// hiddenFields are the fields some node of the flow hides.
func hiddenFields(ix *index) map[string]bool {
	out := map[string]bool{}
	for _, n := range ix.nodes {
		for k, p := range n.Props.FieldPerms {
			if p == PermHidden {
				out[k] = true
			}
		}
	}
	return out
}

// cut shortens s to n characters, marking the cut with "…".
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
