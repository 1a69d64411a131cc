package audit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/dbtest"
)

type ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type row struct {
	ID         int64    `json:"id"`
	Name       string   `json:"name"`
	Enabled    bool     `json:"enabled"`
	Dept       *ref     `json:"dept"`
	Roles      []int64  `json:"roles"`
	Note       string   `json:"note"`
	Password   string   `json:"password"`
	UpdateTime string   `json:"updateTime"`
	Tags       []string `json:"tags"`
}

// TestDiff: only the fields that differ, in the record's order, as the API names them; nested
// values whole, long ones cut; passwords and time stamps never; nil, "" and [] alike.
func TestDiff(t *testing.T) {
	before := row{ID: 1, Name: "张三", Enabled: true, Dept: &ref{2, "运营部"}, Roles: []int64{1, 2}, Password: "a",
		UpdateTime: "2026-01-01", Note: strings.Repeat("长", 400)}
	after := row{ID: 1, Name: "张三丰", Enabled: false, Dept: &ref{3, "渠道部"}, Roles: []int64{1, 2}, Password: "b",
		UpdateTime: "2026-02-02", Note: strings.Repeat("长", 400), Tags: []string{}}
	set, err := audit.Diff(before, after)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(set); got != "[{name 张三 张三丰} {enabled true false} {dept map[id:2 name:运营部] map[id:3 name:渠道部]}]" {
		t.Fatalf("diff = %s", got)
	}

	after.Note = strings.Repeat("短", 400)
	set, _ = audit.Diff(before, after)
	last := set[len(set)-1]
	if b, _ := last.Before.(string); last.Field != "note" || len([]rune(b)) != 301 || !strings.HasSuffix(b, "…") {
		t.Fatalf("a long value is kept as %v", last)
	}

	if set, err := audit.Diff(before, before); err != nil || len(set) != 0 {
		t.Fatalf("no change gave %v %v", set, err)
	}
	if _, err := audit.Diff("text", before); err == nil {
		t.Fatal("a value that is no object was compared")
	}
	// a field only the record before has is a change to nothing
	set, _ = audit.Diff(map[string]any{"a": 1, "b": 2}, map[string]any{"a": 1})
	if fmt.Sprint(set) != "[{b 2 <nil>}]" {
		t.Fatalf("a dropped field = %v", set)
	}
}

// TestChangeSetIsStored: the set goes to the column as JSON and comes back; none is NULL.
func TestChangeSetIsStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := t0
		s := newService(t, g, &now)
		s.Record(ctx, &audit.Entry{Method: "PUT", Path: "/api/x", Route: "/api/x", Status: 204, Success: true, CreateTime: t0,
			Changes: audit.ChangeSet{{Field: "remark", Before: "", After: "周末送货"}}})
		s.Record(ctx, &audit.Entry{Method: "POST", Path: "/api/y", Route: "/api/y", Status: 201, Success: true, CreateTime: t0})
		es, _, err := s.Search(ctx, audit.Query{Limit: 10})
		if err != nil || len(es) != 2 {
			t.Fatalf("entries %v %v", es, err)
		}
		if es[0].Changes != nil || fmt.Sprint(es[1].Changes) != "[{remark  周末送货}]" {
			t.Fatalf("stored changes = %v / %v", es[0].Changes, es[1].Changes)
		}
		var nulls int64
		g.Table("operation_logs").Where("changes IS NULL").Count(&nulls)
		if nulls != 1 {
			t.Fatalf("%d entries without changes stored as NULL, want 1", nulls)
		}
	})
}
