package goods_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
)

var listBase = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

// fillGoods inserts n goods with few distinct prices and stocks (many ties), every category and
// status, and creation and listing times over 100 days.
func fillGoods(t *testing.T, g *gorm.DB, n int) {
	t.Helper()
	cats := []string{"digital", "food", "home"}
	statuses := []string{goods.Draft, goods.OnSale, goods.OnSale, goods.OffSale}
	agency := int64(7)
	rows := make([]goods.Goods, n)
	for i := range rows {
		created := listBase.Add(time.Duration(i*37%100) * 24 * time.Hour).Add(time.Duration(i) * time.Minute)
		r := goods.Goods{Name: fmt.Sprintf("商品%03d", i), Code: fmt.Sprintf("L-%03d", i), Category: cats[i%len(cats)],
			Price: money.Fen(100 * (i * 7 % 13)), Stock: int64(i * 5 % 11), Status: statuses[i*3%len(statuses)],
			Gallery: []string{}, CreateTime: created, UpdateTime: created}
		if r.Stock <= 9 {
			r.LowSkus = 1
		}
		if r.Status != goods.Draft {
			listed := created.Add(time.Duration(i%5) * 24 * time.Hour)
			r.GroundingTime = &listed
		}
		if i%4 == 0 {
			r.AgencyID = &agency
		}
		rows[i] = r
	}
	if err := g.CreateInBatches(&rows, 100).Error; err != nil {
		t.Fatal(err)
	}
}

// TestListEqualsTheNaiveQuery: the list (a remembered count, the page read through its ids)
// gives exactly what one plain query with COUNT(*), ORDER BY, LIMIT and OFFSET gives, for the
// filters and sorts of the page, on shallow and deep pages and past the end.
func TestListEqualsTheNaiveQuery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		fillGoods(t, g, 400)
		store := goods.NewStore(g)
		day := func(d int) *time.Time { v := listBase.AddDate(0, 0, d); return &v }
		agency := int64(7)
		for _, c := range []struct {
			q     goods.Query
			where string
			args  []any
		}{
			{goods.Query{}, "1 = 1", nil},
			{goods.Query{Category: "digital", Status: goods.OnSale, From: day(10), To: day(70)},
				"category = ? AND status = ? AND create_time >= ? AND create_time <= ?", []any{"digital", goods.OnSale, day(10), day(70)}},
			{goods.Query{Status: goods.OffSale, GroundingFrom: day(5), GroundingTo: day(50)},
				"status = ? AND grounding_time >= ? AND grounding_time <= ?", []any{goods.OffSale, day(5), day(50)}},
			{goods.Query{Scope: &agency, Category: "food"}, "agency_id = ? AND category = ?", []any{agency, "food"}},
			{goods.Query{Blurry: "商品01"}, "(name LIKE ? OR code LIKE ?)", []any{"%商品01%", "%商品01%"}},
			{goods.Query{Status: goods.OnSale, LowStock: true}, "status = ? AND low_skus > 0", []any{goods.OnSale}},
		} {
			for _, order := range []string{"price ASC, id ASC", "price DESC, id DESC", "stock DESC, id DESC",
				"create_time DESC, id DESC", "grounding_time ASC, id ASC", ""} {
				for _, page := range [][2]int{{0, 20}, {20, 20}, {100, 20}, {7, 13}, {1000, 20}} {
					q := c.q
					q.Order, q.Offset, q.Limit = order, page[0], page[1]
					got, n, err := store.Search(context.Background(), q)
					if err != nil {
						t.Fatal(err)
					}
					sort := order
					if sort == "" {
						sort = "create_time DESC, id DESC"
					}
					var want []int64
					var wantN int64
					g.Raw("SELECT COUNT(*) FROM goods WHERE "+c.where, c.args...).Scan(&wantN)
					g.Raw("SELECT id FROM goods WHERE "+c.where+" ORDER BY "+sort+" LIMIT ? OFFSET ?",
						append(slices.Clone(c.args), page[1], page[0])...).Scan(&want)
					var ids []int64
					for _, r := range got {
						ids = append(ids, r.ID)
					}
					if n != wantN || !slices.Equal(ids, want) {
						t.Fatalf("%s / %q / %v: %v (%d), want %v (%d)", c.where, order, page, ids, n, want, wantN)
					}
				}
			}
		}
	})
}

// TestPagesFromMarksEqualTheNaiveQuery: walking a list page by page (each page starting from
// the mark the one before left), then jumping back and far ahead, gives the rows of the plain
// ORDER BY … LIMIT … OFFSET query for every sort a mark serves, with many ties in the sort key;
// a write forgets the marks, so pages after it show the new order.
func TestPagesFromMarksEqualTheNaiveQuery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		fillGoods(t, g, 300)
		store := goods.NewStore(g)
		ctx := context.Background()
		check := func(order string, offset, limit int) {
			t.Helper()
			got, _, err := store.Search(ctx, goods.Query{Status: goods.OnSale, Order: order, Offset: offset, Limit: limit})
			if err != nil {
				t.Fatal(err)
			}
			var want []int64
			g.Raw("SELECT id FROM goods WHERE status = ? ORDER BY "+order+" LIMIT ? OFFSET ?", goods.OnSale, limit, offset).Scan(&want)
			ids := []int64{}
			for _, r := range got {
				ids = append(ids, r.ID)
			}
			if !slices.Equal(ids, append([]int64{}, want...)) {
				t.Fatalf("%q offset %d: %v, want %v", order, offset, ids, want)
			}
		}
		for _, order := range []string{"price ASC, id ASC", "price DESC, id DESC", "stock ASC, id ASC",
			"stock DESC, id DESC", "create_time DESC, id DESC", "create_time ASC, id ASC",
			"grounding_time ASC, id ASC", "grounding_time DESC, id DESC"} {
			for offset := 0; offset < 170; offset += 9 {
				check(order, offset, 9)
			}
			for _, offset := range []int{45, 3, 160, 27, 500, 100, 100, 101, 4, 3} {
				check(order, offset, 9)
			}
		}
		// a write moves rows: the marks of the walk above must not place pages now
		var first goods.Goods
		g.Where("status = ?", goods.OnSale).Order("price ASC, id ASC").First(&first)
		if err := store.TakeOffSale(ctx, nil, []int64{first.ID}, listBase); err != nil {
			t.Fatal(err)
		}
		for offset := 0; offset < 170; offset += 9 {
			check("price ASC, id ASC", offset, 9)
		}
	})
}

// TestCountIsRememberedUntilAWrite: a list's total is counted once per filter; a write through
// the store forgets it at once, a write it did not see shows after CountTTL.
func TestCountIsRememberedUntilAWrite(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := listBase
		store := goods.NewStoreWithClock(g, func() time.Time { return now })
		elsewhere := goods.NewStore(g) // another instance of the BFF
		q := goods.Query{Category: "food", Limit: 10}
		total := func() int64 {
			_, n, err := store.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		add := func(s *goods.Store, code string) int64 {
			r := goods.Goods{Name: code, Code: code, Category: "food", Status: goods.Draft, Gallery: []string{},
				CreateTime: now, UpdateTime: now}
			sku := goods.SkuInput{Code: code, Stock: 3, LowStock: goods.DefaultLowStock, OnSale: true}
			if err := s.Create(ctx, &r, []goods.SkuInput{sku}, "test"); err != nil {
				t.Fatal(err)
			}
			return r.ID
		}
		if total() != 0 {
			t.Fatal("empty table")
		}
		add(elsewhere, "E-1")
		if n := total(); n != 0 {
			t.Fatalf("the total was not remembered: %d", n)
		}
		if n := (func() int64 { _, n, _ := store.Search(ctx, goods.Query{Category: "home"}); return n })(); n != 0 {
			t.Fatalf("another filter has its own total: %d", n)
		}
		mine := add(store, "M-1")
		if n := total(); n != 2 {
			t.Fatalf("after a create through the store: %d, want 2", n)
		}
		add(elsewhere, "E-2")
		now = now.Add(goods.CountTTL - time.Second)
		if n := total(); n != 2 {
			t.Fatalf("remembered for CountTTL: %d", n)
		}
		now = now.Add(time.Second)
		if n := total(); n != 3 {
			t.Fatalf("after CountTTL: %d, want 3", n)
		}
		onSale := goods.Query{Category: "food", Status: goods.OnSale}
		if _, n, _ := store.Search(ctx, onSale); n != 0 {
			t.Fatalf("on sale: %d", n)
		}
		for _, step := range []struct {
			what string
			do   func() error
			want int64
		}{
			{"上架", func() error { return store.PutOnSale(ctx, nil, []int64{mine}, now) }, 1},
			{"下架", func() error { return store.TakeOffSale(ctx, nil, []int64{mine}, now) }, 0},
		} {
			if err := step.do(); err != nil {
				t.Fatal(err)
			}
			if _, n, _ := store.Search(ctx, onSale); n != step.want {
				t.Fatalf("after %s: %d on sale, want %d", step.what, n, step.want)
			}
		}
		if err := store.Delete(ctx, nil, []int64{mine}, time.Now(), "test"); err != nil {
			t.Fatal(err)
		}
		if n := total(); n != 2 {
			t.Fatalf("after a delete: %d, want 2", n)
		}
	})
}
