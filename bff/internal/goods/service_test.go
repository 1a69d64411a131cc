package goods_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/richtext"
)

// clock is a time the test moves.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func at(s string) time.Time              { t, _ := time.Parse(time.DateTime, s); return t.UTC() }
func ptr[T any](v T) *T                  { return &v }
func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err %v, want %v", what, err, want)
	}
}

// newService is the service over g with the categories digital and food and a clock at
// 2026-01-01 08:00 UTC.
func newService(t *testing.T, g *gorm.DB) (*goods.Service, *clock, func(int64, error) int64) {
	t.Helper()
	cats := category.NewService(category.NewStore(g), goods.NewStore(g))
	for _, c := range []category.Category{{Name: "数码", Code: "digital", Enabled: true}, {Name: "食品", Code: "food", Enabled: true}} {
		if err := cats.Save(context.Background(), &c); err != nil {
			t.Fatal(err)
		}
	}
	c := &clock{t: at("2026-01-01 08:00:00")}
	return goods.NewService(goods.NewStore(g), cats, richtext.New(), c.now), c, func(id int64, err error) int64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
}

func item(code string) goods.Input {
	return goods.Input{Name: "商品" + code, Code: code, Category: "digital", Price: 1000, Cost: 600, Stock: 5, Status: goods.Draft}
}

func TestGoodsRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk, must := newService(t, g)

		in := item("A1")
		in.Category = "weapons"
		_, err := s.Save(ctx, nil, in)
		wantErr(t, "a category that does not exist", err, goods.ErrUnknownCategory)

		in = item("A1")
		in.Description = `<p onclick="x()">好<script>alert(1)</script></p>`
		a := must(s.Save(ctx, nil, in))
		got, err := s.Get(ctx, nil, a)
		if err != nil || got.Description != "<p>好</p>" || got.GroundingTime != nil || got.Price != 1000 || len(got.Gallery) != 0 {
			t.Fatalf("created draft = %+v %v", got, err)
		}

		// A taken code names itself, on create and on edit.
		_, err = s.Save(ctx, nil, item("A1"))
		var taken *goods.CodeTakenError
		if !errors.Is(err, goods.ErrCodeConflict) || !errors.As(err, &taken) || taken.Code != "A1" {
			t.Fatalf("second A1: %v", err)
		}
		b := must(s.Save(ctx, nil, item("B1")))
		in = item("A1")
		in.ID = b
		_, err = s.Save(ctx, nil, in)
		wantErr(t, "renaming onto a taken code", err, goods.ErrCodeConflict)
		in.ID = a + b + 100
		in.Code = "ghost"
		_, err = s.Save(ctx, nil, in)
		wantErr(t, "editing a missing row", err, goods.ErrNotFound)

		// Going on sale lists the row now; staying on sale keeps that time.
		clk.advance(time.Hour)
		in = item("B1")
		in.ID, in.Status = b, goods.OnSale
		must(s.Save(ctx, nil, in))
		if got, _ := s.Get(ctx, nil, b); got.GroundingTime == nil || !got.GroundingTime.Equal(clk.t) {
			t.Fatalf("listed at %v, want %v", got.GroundingTime, clk.t)
		}
		listed := clk.t
		clk.advance(time.Hour)
		in.Price = 1200
		must(s.Save(ctx, nil, in))
		if got, _ := s.Get(ctx, nil, b); !got.GroundingTime.Equal(listed) || got.Price != 1200 {
			t.Fatalf("an edit on sale moved the listing time: %+v", got)
		}
		on := item("C1")
		on.Status = goods.OnSale
		c := must(s.Save(ctx, nil, on))
		if got, _ := s.Get(ctx, nil, c); got.GroundingTime == nil || !got.GroundingTime.Equal(clk.t) {
			t.Fatalf("created on sale, listed at %v", got.GroundingTime)
		}

		// Batch: 下架 changes only rows on sale; 上架 lists the others now and keeps the listed ones.
		clk.advance(time.Hour)
		if err := s.SetStatus(ctx, nil, []int64{a, b}, goods.OffSale); err != nil {
			t.Fatal(err)
		}
		if ga, _ := s.Get(ctx, nil, a); ga.Status != goods.Draft {
			t.Fatalf("下架 turned a draft into %s", ga.Status)
		}
		if gb, _ := s.Get(ctx, nil, b); gb.Status != goods.OffSale || !gb.GroundingTime.Equal(listed) {
			t.Fatalf("下架 = %+v", gb)
		}
		clk.advance(time.Hour)
		if err := s.SetStatus(ctx, nil, []int64{a, b, c}, goods.OnSale); err != nil {
			t.Fatal(err)
		}
		for id, want := range map[int64]time.Time{a: clk.t, b: clk.t, c: at("2026-01-01 10:00:00")} {
			if got, _ := s.Get(ctx, nil, id); got.Status != goods.OnSale || !got.GroundingTime.Equal(want) {
				t.Fatalf("上架 of %d = %s at %v, want %v", id, got.Status, got.GroundingTime, want)
			}
		}

		if err := s.Delete(ctx, nil, []int64{a, a + b + c + 100}, "admin"); err != nil {
			t.Fatal(err)
		}
		_, err = s.Get(ctx, nil, a)
		wantErr(t, "a deleted row", err, goods.ErrNotFound)
	})
}

// TestAgencyScope: inside a scope (a channel session) only the agency's rows exist.
func TestAgencyScope(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		shop := must(s.Save(ctx, nil, item("SHOP")))
		in := item("AG7")
		in.AgencyID = ptr(int64(99)) // ignored inside a scope
		mine := must(s.Save(ctx, ptr(int64(7)), in))
		if got, _ := s.Get(ctx, nil, mine); got.AgencyID == nil || *got.AgencyID != 7 {
			t.Fatalf("a scoped create belongs to %v, want agency 7", got.AgencyID)
		}
		seven, other := ptr(int64(7)), ptr(int64(8))
		_, err := s.Get(ctx, seven, shop)
		wantErr(t, "reading outside the scope", err, goods.ErrNotFound)
		in = item("SHOP")
		in.ID = shop
		_, err = s.Save(ctx, seven, in)
		wantErr(t, "editing outside the scope", err, goods.ErrNotFound)
		if err := s.SetStatus(ctx, other, []int64{mine}, goods.OnSale); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, other, []int64{mine, shop}, "admin"); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, seven, mine); err != nil || got.Status != goods.Draft {
			t.Fatalf("another agency changed the row: %+v %v", got, err)
		}
		rows, n, err := s.List(ctx, goods.Query{Scope: seven, Limit: 10})
		if err != nil || n != 1 || rows[0].ID != mine {
			t.Fatalf("scoped list = %+v %d %v", rows, n, err)
		}
		if _, n, _ := s.List(ctx, goods.Query{Scope: ptr(int64(0)), Limit: 10}); n != 0 {
			t.Fatalf("a channel operator without an agency sees %d rows", n)
		}
	})
}

// TestGoodsList: every filter and sort of the list.
func TestGoodsList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk, must := newService(t, g)
		ids := map[string]int64{}
		for i, r := range []struct {
			code, name, cat string
			price, stock    int64
			status          string
			agency          *int64
		}{
			{"P-001", "苹果手机", "digital", 599900, 10, goods.OnSale, nil},
			{"P-002", "苹果汁", "food", 800, 200, goods.OnSale, ptr(int64(3))},
			{"X-003", "香蕉", "food", 300, 50, goods.Draft, ptr(int64(3))},
			{"X-004", "平板", "digital", 299900, 0, goods.OffSale, nil},
		} {
			clk.t = at("2026-01-01 08:00:00").AddDate(0, 0, i) // created on days 1..4, listed the same day
			ids[r.code] = must(s.Save(ctx, nil, goods.Input{Name: r.name, Code: r.code, Category: r.cat,
				Price: money.Fen(r.price), Stock: r.stock, Status: r.status, AgencyID: r.agency}))
		}
		list := func(q goods.Query) string {
			t.Helper()
			if q.Limit == 0 {
				q.Limit = 10
			}
			rows, n, err := s.List(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, r := range rows {
				codes = append(codes, r.Code)
			}
			return strings.Join(codes, ",") + "/" + strconv.FormatInt(n, 10)
		}
		day := func(d int, end bool) *time.Time {
			v := at("2026-01-01 00:00:00").AddDate(0, 0, d-1)
			if end {
				v = v.Add(24*time.Hour - time.Millisecond)
			}
			return &v
		}
		for what, c := range map[string]struct {
			q    goods.Query
			want string
		}{
			"newest first":           {goods.Query{}, "X-004,X-003,P-002,P-001/4"},
			"name":                   {goods.Query{Blurry: "苹果"}, "P-002,P-001/2"},
			"code":                   {goods.Query{Blurry: "X-00"}, "X-004,X-003/2"},
			"category + status":      {goods.Query{Category: "food", Status: goods.OnSale}, "P-002/1"},
			"agency":                 {goods.Query{AgencyID: ptr(int64(3))}, "X-003,P-002/2"},
			"created days 2-3":       {goods.Query{From: day(2, false), To: day(3, true)}, "X-003,P-002/2"},
			"listed from day 2":      {goods.Query{GroundingFrom: day(2, false)}, "P-002/1"},
			"listed until day 1":     {goods.Query{GroundingTo: day(1, true)}, "P-001/1"},
			"price ascending":        {goods.Query{Order: "price ASC, id DESC"}, "X-003,P-002,X-004,P-001/4"},
			"stock descending":       {goods.Query{Order: "stock DESC, id DESC"}, "P-002,X-003,P-001,X-004/4"},
			"listing time":           {goods.Query{Status: goods.OnSale, Order: "grounding_time ASC, id DESC"}, "P-001,P-002/2"},
			"second page of two":     {goods.Query{Order: "price DESC, id DESC", Offset: 2, Limit: 2}, "P-002,X-003/4"},
			"selected ids":           {goods.Query{IDs: []int64{ids["P-001"], ids["X-003"]}}, "X-003,P-001/2"},
			"category + status + dr": {goods.Query{Category: "digital", Status: goods.OnSale, From: day(1, false), To: day(4, true), Order: "price ASC, id DESC"}, "P-001/1"},
		} {
			if got := list(c.q); got != c.want {
				t.Errorf("%s: %s, want %s", what, got, c.want)
			}
		}
	})
}

// TestIndexes: the indexes the list's filters and sorts need exist on both databases.
func TestIndexes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		for _, name := range []string{"uk_goods_agency_code", "idx_goods_status_category_create", "idx_goods_list_price",
			"idx_goods_list_stock", "idx_goods_status_grounding", "idx_goods_price", "idx_goods_stock", "idx_goods_create",
			"idx_goods_grounding", "idx_goods_agency_create", "idx_goods_category_grounding", "idx_goods_category_create"} {
			if !g.Migrator().HasIndex("goods", name) {
				t.Errorf("goods has no index %s", name)
			}
		}
		if g.Migrator().HasIndex("goods", "idx_goods_status_category_price") {
			t.Error("idx_goods_list_price replaces idx_goods_status_category_price, a prefix of it")
		}
	})
}
