package goods_test

import (
	"context"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestCategoryFilterTakesChildren: filtering the list or the export by a category finds the goods
// of every category below it; a disabled category still filters, cannot be chosen for a new row
// or moved to, and a row already in it keeps it through an edit.
func TestCategoryFilterTakesChildren(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		cats := category.NewService(category.NewStore(g), goods.NewStore(g))
		add := func(parent, code string) {
			t.Helper()
			var pid int64
			if parent != "" {
				all, _ := cats.All(ctx)
				pid = all[slices.IndexFunc(all, func(c category.Category) bool { return c.Code == parent })].ID
			}
			if err := cats.Save(ctx, &category.Category{ParentID: pid, Name: code, Code: code, Enabled: true}); err != nil {
				t.Fatal(err)
			}
		}
		add("", "clothing")
		add("clothing", "men")
		add("men", "men-tee")
		add("clothing", "women")
		in := func(code, cat string) goods.Input {
			i := item(code)
			i.Category = cat
			return i
		}
		must(s.Save(ctx, nil, in("C-1", "clothing")))
		must(s.Save(ctx, nil, in("M-1", "men")))
		must(s.Save(ctx, nil, in("T-1", "men-tee")))
		must(s.Save(ctx, nil, in("W-1", "women")))
		must(s.Save(ctx, nil, in("D-1", "digital")))
		codes := func(q goods.Query) []string {
			t.Helper()
			q.Limit = 50
			rows, n, err := s.List(ctx, q)
			if err != nil || int(n) != len(rows) {
				t.Fatalf("list: %d of %d, %v", len(rows), n, err)
			}
			var out, each []string
			for _, r := range rows {
				out = append(out, r.Code)
			}
			if err := s.Each(ctx, q, func(r goods.Goods) error { each = append(each, r.Code); return nil }); err != nil {
				t.Fatal(err)
			}
			slices.Sort(out)
			if slices.Sort(each); !slices.Equal(out, each) {
				t.Fatalf("the export %v, the list %v", each, out)
			}
			return out
		}
		for cat, want := range map[string][]string{
			"clothing": {"C-1", "M-1", "T-1", "W-1"}, "men": {"M-1", "T-1"}, "men-tee": {"T-1"}, "digital": {"D-1"}, "gone": nil,
		} {
			if got := codes(goods.Query{Category: cat}); !slices.Equal(got, want) {
				t.Errorf("category %s: %v, want %v", cat, got, want)
			}
		}

		// 男装 disabled: its goods stay and still filter; it and T恤 below it cannot be chosen.
		g.Exec("UPDATE goods_categories SET enabled = ? WHERE code = ?", false, "men")
		if got := codes(goods.Query{Category: "clothing"}); len(got) != 4 {
			t.Fatalf("clothing with 男装 disabled: %v", got)
		}
		_, err := s.Save(ctx, nil, in("M-2", "men"))
		wantErr(t, "a new row in a disabled category", err, goods.ErrCategoryDisabled)
		_, err = s.Save(ctx, nil, in("T-2", "men-tee"))
		wantErr(t, "a new row under a disabled category", err, goods.ErrCategoryDisabled)
		w := must(s.Save(ctx, nil, in("W-2", "women")))
		moved := in("W-2", "men")
		moved.ID = w
		_, err = s.Save(ctx, nil, moved)
		wantErr(t, "a row moved to a disabled category", err, goods.ErrCategoryDisabled)
		if got, err := s.Get(ctx, nil, w); err != nil || got.Category != "women" {
			t.Fatalf("the refused move changed the row: %+v %v", got, err)
		}
		rows, _, _ := s.List(ctx, goods.Query{Category: "men", Limit: 10})
		kept := in("M-1", "men")
		kept.ID, kept.Name = rows[slices.IndexFunc(rows, func(r goods.Goods) bool { return r.Code == "M-1" })].ID, "改名"
		must(s.Save(ctx, nil, kept))
	})
}
