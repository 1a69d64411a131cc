package dict_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/cache/cachetest"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestRemembered: a remembered store answers a dictionary's entries and pages without a query;
// every write through it (an entry added, changed, removed, a dictionary renamed) shows at once,
// and an entry written by another instance shows after RememberFor and not before. A caller that
// changes the rows it got does not change what the next one gets.
func TestRemembered(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
		store := dict.NewStore(g)
		store.Remember(dict.RememberFor, func() time.Time { return now })
		s := dict.NewService(store)
		elsewhere := dict.NewService(dict.NewStore(g)) // another instance
		id, err := s.SaveDict(ctx, dict.DictInput{Name: "express", Description: "快递"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveDetail(ctx, dict.DetailInput{DictID: id, Label: "顺丰", Value: "SF", Sort: 1}); err != nil {
			t.Fatal(err)
		}
		var queries int
		if err := g.Callback().Query().After("gorm:query").Register("test:dict", func(*gorm.DB) { queries++ }); err != nil {
			t.Fatal(err)
		}
		state := func() string {
			t.Helper()
			ds, err := store.Details(ctx, "express")
			rows, total, err2 := store.DetailPage(ctx, "express", 0, 10)
			if err != nil || err2 != nil {
				t.Fatal(err, err2)
			}
			out := fmt.Sprintf("%d:", total)
			for _, d := range rows {
				out += " " + d.Value
			}
			if len(ds) != len(rows) {
				t.Fatalf("Details %d rows, DetailPage %d", len(ds), len(rows))
			}
			if len(ds) > 0 {
				ds[0].Value = "changed by a caller"
			}
			return out
		}
		if got := state(); got != "1: SF" {
			t.Fatalf("first: %q", got)
		}
		before := queries
		if got := state(); got != "1: SF" || queries != before {
			t.Fatalf("again: %q after %d more queries, want none", got, queries-before)
		}
		zto, err := s.SaveDetail(ctx, dict.DetailInput{DictID: id, Label: "中通", Value: "ZTO", Sort: 2})
		if err != nil {
			t.Fatal(err)
		}
		if got := state(); got != "2: SF ZTO" {
			t.Fatalf("after an entry added here: %q", got)
		}
		if _, err := elsewhere.SaveDetail(ctx, dict.DetailInput{DictID: id, Label: "圆通", Value: "YTO", Sort: 3}); err != nil {
			t.Fatal(err)
		}
		cachetest.ShowsAfter(t, dict.RememberFor, func(d time.Duration) { now = now.Add(d) }, state, "2: SF ZTO", "3: SF ZTO YTO")
		if err := s.DeleteDetail(ctx, zto); err != nil {
			t.Fatal(err)
		}
		if got := state(); got != "2: SF YTO" {
			t.Fatalf("after an entry removed here: %q", got)
		}
		if _, err := s.SaveDict(ctx, dict.DictInput{ID: id, Name: "express_company", Description: "快递"}); err != nil {
			t.Fatal(err)
		}
		if got := state(); got != "0:" {
			t.Fatalf("after the dictionary was renamed here: %q", got)
		}
	})
}
