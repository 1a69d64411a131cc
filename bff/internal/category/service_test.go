package category_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/tree"
)

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err %v, want %v", what, err, want)
	}
}

// fixture is a service over g with the tree 服装 › 男装 › T恤 and a second root 食品.
type fixture struct {
	s                           *category.Service
	g                           *gorm.DB
	clothing, men, tshirt, food int64
	add                         func(pid int64, code string) int64
	save                        func(c category.Category) error
	goodsIn                     func(category, code string)
}

func newFixture(t *testing.T, g *gorm.DB) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{s: category.NewService(category.NewStore(g), goods.NewStore(g)), g: g}
	f.save = func(c category.Category) error { return f.s.Save(ctx, &c) }
	f.add = func(pid int64, code string) int64 {
		t.Helper()
		c := category.Category{ParentID: pid, Name: code, Code: code, Enabled: true}
		if err := f.s.Save(ctx, &c); err != nil {
			t.Fatalf("adding %s: %v", code, err)
		}
		return c.ID
	}
	f.goodsIn = func(cat, code string) {
		t.Helper()
		now := time.Now().UTC()
		row := goods.Goods{Name: "商品 " + code, Code: code, Category: cat, Status: goods.Draft, Gallery: []string{},
			CreateTime: now, UpdateTime: now}
		if err := goods.NewStore(g).Create(ctx, &row, []goods.SkuInput{{Code: code, Specs: []string{}, OnSale: true}}, "test"); err != nil {
			t.Fatal(err)
		}
	}
	f.clothing = f.add(0, "clothing")
	f.men = f.add(f.clothing, "men")
	f.tshirt = f.add(f.men, "men-tee")
	f.food = f.add(0, "food")
	return f
}

// TestDepthAndLoops: a fourth level is refused, whether added or brought by a move with its
// subtree; a move under itself or a descendant is refused; a missing parent is refused; a move
// that keeps three levels passes.
func TestDepthAndLoops(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		f := newFixture(t, g)
		wantErr(t, "a fourth level", f.save(category.Category{ParentID: f.tshirt, Name: "x", Code: "x"}), category.ErrTooDeep)
		// 男装 (two levels with T恤) under 食品 is three levels: allowed; under 食品 › 零食 it would be four.
		snack := f.add(f.food, "snack")
		wantErr(t, "a subtree moved one level too deep",
			f.save(category.Category{ID: f.men, ParentID: snack, Name: "men", Code: "men"}), category.ErrTooDeep)
		if err := f.save(category.Category{ID: f.men, ParentID: f.food, Name: "men", Code: "men"}); err != nil {
			t.Fatalf("a move that keeps three levels: %v", err)
		}
		wantErr(t, "under itself", f.save(category.Category{ID: f.men, ParentID: f.men, Name: "men", Code: "men"}), tree.ErrUnderItself)
		wantErr(t, "under its own child", f.save(category.Category{ID: f.men, ParentID: f.tshirt, Name: "men", Code: "men"}), tree.ErrUnderItself)
		wantErr(t, "under a missing parent", f.save(category.Category{ParentID: f.food + 1000, Name: "y", Code: "y"}), category.ErrNoParent)
		wantErr(t, "a missing category", f.save(category.Category{ID: f.food + 1000, Name: "y", Code: "y"}), category.ErrNotFound)
		// A loop already in the data (written around the service) is reported, never followed forever.
		if err := g.Exec("UPDATE goods_categories SET parent_id = ? WHERE id = ?", f.tshirt, f.food).Error; err != nil {
			t.Fatal(err)
		}
		wantErr(t, "a move into a loop", f.save(category.Category{ID: f.clothing, ParentID: f.men, Name: "c", Code: "clothing"}), tree.ErrLoop)
	})
}

// TestCodes: codes are unique (the unique key decides) and fixed once created; the rest of a
// category changes.
func TestCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		f := newFixture(t, g)
		wantErr(t, "a taken code", f.save(category.Category{ParentID: f.food, Name: "另一个", Code: "men"}), category.ErrCodeConflict)
		wantErr(t, "a changed code", f.save(category.Category{ID: f.men, ParentID: f.clothing, Name: "男装", Code: "menswear"}), category.ErrCodeFixed)
		if err := f.save(category.Category{ID: f.men, ParentID: f.clothing, Name: "男士服装", Code: "men", Sort: 5, Enabled: false}); err != nil {
			t.Fatal(err)
		}
		all, _ := f.s.All(context.Background())
		i := slices.IndexFunc(all, func(c category.Category) bool { return c.ID == f.men })
		if c := all[i]; c.Name != "男士服装" || c.Sort != 5 || c.Enabled || c.Code != "men" {
			t.Fatalf("edited: %+v", c)
		}
	})
}

// TestDeleteRules: a category with children or goods stays, and the refusal says how many.
func TestDeleteRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		var inUse *category.InUseError
		err := f.s.Delete(ctx, f.clothing)
		if wantErr(t, "with a child", err, category.ErrHasChildren); !errors.As(err, &inUse) || inUse.N != 1 {
			t.Fatalf("with a child: %v", err)
		}
		f.goodsIn("men-tee", "T-1")
		f.goodsIn("men-tee", "T-2")
		err = f.s.Delete(ctx, f.tshirt)
		if wantErr(t, "with goods", err, category.ErrHasGoods); !errors.As(err, &inUse) || inUse.N != 2 {
			t.Fatalf("with goods: %v", err)
		}
		wantErr(t, "a missing category", f.s.Delete(ctx, f.food+1000), category.ErrNotFound)
		if err := f.s.Delete(ctx, f.food); err != nil {
			t.Fatalf("an empty category: %v", err)
		}
		g.Exec("DELETE FROM goods")
		for _, id := range []int64{f.tshirt, f.men, f.clothing} {
			if err := f.s.Delete(ctx, id); err != nil {
				t.Fatalf("deleting %d bottom up: %v", id, err)
			}
		}
		if all, _ := f.s.All(ctx); len(all) != 0 {
			t.Fatalf("left: %+v", all)
		}
	})
}

// TestChoosingAndFiltering: only an enabled category under enabled ones may be chosen for goods;
// a disabled one still filters, with everything below it.
func TestChoosingAndFiltering(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		if err := f.s.Valid(ctx, "men-tee"); err != nil {
			t.Fatalf("an enabled leaf: %v", err)
		}
		wantErr(t, "an unknown code", f.s.Valid(ctx, "weapons"), goods.ErrUnknownCategory)
		if err := f.save(category.Category{ID: f.men, ParentID: f.clothing, Name: "men", Code: "men", Enabled: false}); err != nil {
			t.Fatal(err)
		}
		wantErr(t, "a disabled category", f.s.Valid(ctx, "men"), goods.ErrCategoryDisabled)
		wantErr(t, "under a disabled category", f.s.Valid(ctx, "men-tee"), goods.ErrCategoryDisabled)
		if err := f.s.Valid(ctx, "clothing"); err != nil {
			t.Fatalf("the enabled parent: %v", err)
		}
		for code, want := range map[string][]string{
			"clothing": {"clothing", "men", "men-tee"}, "men": {"men", "men-tee"}, "men-tee": {"men-tee"},
			"food": {"food"}, "gone": {"gone"},
		} {
			got, err := f.s.WithChildren(ctx, code)
			slices.Sort(got)
			if slices.Sort(want); err != nil || !slices.Equal(got, want) {
				t.Errorf("WithChildren(%s) = %v %v, want %v", code, got, err, want)
			}
		}
	})
}
