package goods_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/richtext"
)

// TestEditForgetsWhatItChanged: an edit that changes only stock keeps the remembered totals of
// every filter but the low-stock one (a write through another instance stays unseen, as with no
// write at all), and the pages sorted by stock show the new order at once; an edit of the name
// forgets every total.
func TestEditForgetsWhatItChanged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		store, elsewhere := goods.NewStore(g), goods.NewStore(g)
		cats := category.NewService(category.NewStore(g), goods.NewStore(g))
		if err := cats.Save(ctx, &category.Category{Name: "食品", Code: "food", Enabled: true}); err != nil {
			t.Fatal(err)
		}
		c := &clock{t: at("2026-01-01 08:00:00")}
		svc := goods.NewService(store, cats, richtext.New(), c.now)
		save := func(in goods.Input) int64 {
			t.Helper()
			id, err := svc.Save(ctx, nil, in)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		in := func(i int, stock int64) goods.Input {
			return goods.Input{Name: fmt.Sprintf("货%02d", i), Code: fmt.Sprintf("F-%02d", i), Category: "food",
				Price: money.Fen(100 * (i%4 + 1)), Cost: 50, Stock: stock, Status: goods.OnSale, Operator: "test"}
		}
		ids := make([]int64, 12)
		for i := range ids {
			ids[i] = save(in(i, int64(i*3)))
		}
		count := func(q goods.Query) int64 {
			t.Helper()
			_, n, err := store.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		page := func(offset int) []int64 {
			t.Helper()
			rows, _, err := store.Search(ctx, goods.Query{Category: "food", Order: "stock DESC, id DESC", Offset: offset, Limit: 4})
			if err != nil {
				t.Fatal(err)
			}
			var want, got []int64
			g.Raw("SELECT id FROM goods WHERE category = ? ORDER BY stock DESC, id DESC LIMIT 4 OFFSET ?", "food", offset).Scan(&want)
			for _, r := range rows {
				got = append(got, r.ID)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("stock page at %d: %v, want %v", offset, got, want)
			}
			return got
		}
		food, low := goods.Query{Category: "food", Limit: 4}, goods.Query{Category: "food", LowStock: true, Limit: 4}
		if n, l := count(food), count(low); n != 12 || l != 4 {
			t.Fatalf("before: %d food, %d low (stock ≤ %d)", n, l, goods.DefaultLowStock)
		}
		for offset := 0; offset < 12; offset += 4 {
			page(offset) // leaves marks behind
		}
		// Another instance adds one (unseen until CountTTL); here an edit of stock alone.
		err := elsewhere.Create(ctx, &goods.Goods{Name: "别处", Code: "E-1", Category: "food", Status: goods.OnSale, Gallery: []string{}},
			[]goods.SkuInput{{Code: "E-1", Stock: 1, LowStock: goods.DefaultLowStock, OnSale: true}}, "test")
		if err != nil {
			t.Fatal(err)
		}
		stockOnly := in(11, 0)
		stockOnly.ID = ids[11]
		save(stockOnly)
		if n, l := count(food), count(low); n != 12 || l != 6 {
			t.Fatalf("after a stock edit: %d food (kept: 12), %d low (counted again: 6)", n, l)
		}
		for offset := 12; offset >= 0; offset -= 4 {
			page(offset) // backwards, so no page leaves a new mark before the next is read
		}
		renamed := in(3, 9)
		renamed.ID, renamed.Name = ids[3], "改名"
		save(renamed)
		if n := count(food); n != 13 {
			t.Fatalf("after a rename: %d food, want 13 (counted again)", n)
		}
	})
}
