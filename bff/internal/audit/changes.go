package audit

import (
	"bytes"
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"strings"

	"github.com/labstack/echo/v4"
)

// Change is one field a write changed: its value before and after, as the API shows it.
type Change struct {
	Field  string `json:"field"`
	Before any    `json:"before"`
	After  any    `json:"after"`
}

// ChangeSet is a write's changed fields, stored as JSON in operation_logs.changes (NULL: none
// recorded: a create, a delete, or an entry written before change sets were kept).
type ChangeSet []Change

// changesKey is where a handler leaves its change set on the request for the middleware.
const changesKey = "audit.changes"

// valueMax is the longest value kept whole, in characters of its JSON: a rich-text detail or a
// role's thousand menu ids would fill the log, and a reader needs only to see that it changed.
const valueMax = 300

// skipped are fields never worth a row (they change on every write) or never to be written
// down (a password, even hashed).
var skipped = []string{"password", "updateTime", "createTime", "updatedAt", "createdAt"}

// Changes leaves the fields that differ between before and after (two values of the same JSON
// shape, the API's own row types) on the request; the operation log's middleware stores them
// with the write's entry. A handler calls it after its write succeeded; calling it again adds
// to the set (a write of several rows). Nothing is kept when nothing changed.
func Changes(c echo.Context, before, after any) {
	set, err := Diff(before, after)
	if err != nil || len(set) == 0 {
		return // the write happened; a value that cannot be shown is not a reason to fail it
	}
	if prev, ok := c.Get(changesKey).(ChangeSet); ok {
		set = append(prev, set...)
	}
	c.Set(changesKey, set)
}

// changesOf is the change set a handler left on the request, if any.
func changesOf(c echo.Context) ChangeSet {
	set, _ := c.Get(changesKey).(ChangeSet)
	return set
}

// Diff compares before and after field by field through their JSON: the fields (in after's
// order, then those only before has) whose values differ, long values cut. Both must encode as
// JSON objects.
func Diff(before, after any) (ChangeSet, error) {
	b, bKeys, err := fields(before)
	if err != nil {
		return nil, err
	}
	a, aKeys, err := fields(after)
	if err != nil {
		return nil, err
	}
	var set ChangeSet
	seen := map[string]bool{}
	for _, k := range append(aKeys, bKeys...) {
		if seen[k] || isSkipped(k) {
			continue
		}
		seen[k] = true
		if bytes.Equal(b[k], a[k]) || (empty(b[k]) && empty(a[k])) {
			continue
		}
		set = append(set, Change{Field: k, Before: shown(b[k]), After: shown(a[k])})
	}
	return set, nil
}

// fields is v's top-level fields as compact JSON, and their names in order.
func fields(v any) (map[string]json.RawMessage, []string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, errors.New("audit: a change set compares JSON objects")
	}
	out := map[string]json.RawMessage{}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		k, _ := t.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, nil, err
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, val); err != nil {
			return nil, nil, err
		}
		out[k], keys = buf.Bytes(), append(keys, k)
	}
	return out, keys, nil
}

func isSkipped(field string) bool {
	for _, s := range skipped {
		if strings.EqualFold(field, s) {
			return true
		}
	}
	return false
}

// empty: absent, null, "" and [] read alike (a field an older row lacks is not a change).
func empty(raw json.RawMessage) bool {
	s := string(raw)
	return s == "" || s == "null" || s == `""` || s == "[]"
}

// shown is a value as the log keeps it: itself, or the start of its JSON when long.
func shown(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	if r := []rune(string(raw)); len(r) > valueMax {
		if s := string(raw); strings.HasPrefix(s, `"`) {
			var str string
			if json.Unmarshal(raw, &str) == nil {
				return string([]rune(str)[:valueMax]) + "…"
			}
		}
		return string(r[:valueMax]) + "…"
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw)
	}
	return v
}

// Value stores the set as JSON; none as NULL.
func (cs ChangeSet) Value() (driver.Value, error) {
	if len(cs) == 0 {
		return nil, nil
	}
	b, err := json.Marshal(cs)
	return string(b), err
}

// Scan reads the stored JSON; NULL is no set.
func (cs *ChangeSet) Scan(src any) error {
	var b []byte
	switch v := src.(type) {
	case nil:
		*cs = nil
		return nil
	case string:
		b = []byte(v)
	case []byte:
		b = v
	default:
		return errors.New("audit: changes column holds neither text nor bytes")
	}
	return json.Unmarshal(b, cs)
}

// Edited wraps an edit's save so the operation log gets the fields it changed: look reads the
// record (by the id of the input, id) as the API shows it, before the save and after it. When
// either read fails the write still goes through, unlogged in detail: a record the caller may
// not read is refused by the save itself.
func Edited[In, R any](c echo.Context, id func(In) int64, look func(context.Context, int64) (R, error),
	save func(context.Context, In) (int64, error)) func(context.Context, In) (int64, error) {
	return func(ctx context.Context, in In) (int64, error) {
		before, lookErr := look(ctx, id(in))
		saved, err := save(ctx, in)
		if err != nil || lookErr != nil {
			return saved, err
		}
		if after, err := look(ctx, id(in)); err == nil {
			Changes(c, before, after)
		}
		return saved, nil
	}
}
