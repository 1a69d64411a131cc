package report_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/report"
)

func nofence(*gorm.DB) error { return nil }

// table renders a report's rows as "label orders units sales refunds net" lines, total last.
func table(t *testing.T, s *shop, q report.Query) string {
	t.Helper()
	res, err := s.rep.Sales(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range res.Rows {
		fmt.Fprintf(&b, "%s %d %d %d %d %d\n", r.Label, r.Orders, r.Units, r.Sales, r.Refunds, r.Net())
	}
	f := res.Total
	fmt.Fprintf(&b, "合计 %d %d %d %d %d", f.Orders, f.Units, f.Sales, f.Refunds, f.Net())
	return b.String()
}

func sales(t *testing.T, s *shop, scope *int64, start, end string) int64 {
	t.Helper()
	from, _ := time.Parse(time.DateOnly, start)
	to, _ := time.Parse(time.DateOnly, end)
	p, err := s.dash.NewPeriod(&from, &to)
	if err != nil {
		t.Fatal(err)
	}
	o, err := s.dash.Overview(context.Background(), scope, p)
	if err != nil {
		t.Fatal(err)
	}
	return o.Sales.Value
}

// TestReportsByEachDimension: a sale counts on its pay day (lines and freight), an after-sales
// refund on the day the money went back, an order refunded whole sells and refunds on its pay
// day; every dimension adds up to the same total, and the net is the dashboard's 销售额.
func TestReportsByEachDimension(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		s := newShop(t, g)
		scenario(s)
		n, err := s.rep.Refresh(context.Background(), nofence, 31)
		if err != nil || n != 4 { // 11-03, 11-04 (o3 refunded whole on 11-05 counts there), 11-06, 11-07
			t.Fatalf("refresh: %d days, %v", n, err)
		}
		q := func(by string) report.Query { return report.Query{Start: "2026-11-03", End: "2026-11-07", By: by} }
		total := "合计 4 8 9300 4800 4500"
		want := map[string]string{
			report.ByDay: "2026-11-03 2 4 6000 0 6000\n2026-11-04 2 4 3300 1000 2300\n2026-11-06 0 0 0 800 -800\n" +
				"2026-11-07 0 0 0 3000 -3000\n" + total,
			report.BySku: "A-红 颜色: 红 2 3 3000 800 2200\nB 2 3 1500 0 1500\n运费 4 0 800 0 800\n" +
				"A-蓝 颜色: 蓝 1 1 1000 1000 0\nC-黑 颜色: 黑 1 1 3000 3000 0\n" + total,
			report.ByGoods:    "商品A 3 4 4000 1800 2200\n商品B 2 3 1500 0 1500\n运费 4 0 800 0 800\n商品C 1 1 3000 3000 0\n" + total,
			report.ByCategory: "数码 4 5 7000 4800 2200\n家居 2 3 1500 0 1500\n运费 4 0 800 0 800\n" + total,
			report.ByAgency:   "自营 3 7 6300 1800 4500\n渠道#7 1 1 3000 3000 0\n" + total,
		}
		for _, by := range report.Dimensions {
			if got := table(t, s, q(by)); got != want[by] {
				t.Errorf("by %s:\n%s\nwant\n%s", by, got, want[by])
			}
		}
		// The dashboard's sales of any period are the report's net.
		for _, p := range [][2]string{{"2026-11-03", "2026-11-07"}, {"2026-11-04", "2026-11-04"}, {"2026-11-04", "2026-11-06"}, {"2026-11-01", "2026-11-30"}} {
			res, err := s.rep.Sales(context.Background(), report.Query{Start: p[0], End: p[1], By: report.ByDay})
			if err != nil {
				t.Fatal(err)
			}
			if d := sales(t, s, nil, p[0], p[1]); d != res.Total.Net() {
				t.Errorf("%v: dashboard %d, report net %d", p, d, res.Total.Net())
			}
			res, err = s.rep.Sales(context.Background(), report.Query{Start: p[0], End: p[1], By: report.ByAgency, Scope: ptr(int64(7))})
			if err != nil {
				t.Fatal(err)
			}
			if d := sales(t, s, ptr(int64(7)), p[0], p[1]); d != res.Total.Net() {
				t.Errorf("%v agency 7: dashboard %d, report net %d", p, d, res.Total.Net())
			}
		}
		// A channel operator sees their agency's figures only, by agency their agency alone.
		scoped := report.Query{Start: "2026-11-03", End: "2026-11-07", By: report.ByAgency, Scope: ptr(int64(7))}
		if got := table(t, s, scoped); got != "渠道#7 1 1 3000 3000 0\n合计 1 1 3000 3000 0" {
			t.Errorf("agency 7:\n%s", got)
		}
		scoped.By = report.BySku
		if got := table(t, s, scoped); got != "C-黑 颜色: 黑 1 1 3000 3000 0\n运费 1 0 0 0 0\n合计 1 1 3000 3000 0" {
			t.Errorf("agency 7 by SKU:\n%s", got)
		}
		scoped.Scope = ptr(int64(0)) // an operator without an agency: not the shop's own figures
		if got := table(t, s, scoped); got != "合计 0 0 0 0 0" {
			t.Errorf("scope 0:\n%s", got)
		}
		// Rebuild gives the same figures.
		before := rows(t, g)
		if err := s.rep.Rebuild(context.Background()); err != nil {
			t.Fatal(err)
		}
		if after := rows(t, g); !reflect.DeepEqual(after, before) {
			t.Fatalf("rebuild:\n%v\nwant\n%v", after, before)
		}
		res, _ := s.rep.Sales(context.Background(), q(report.ByDay))
		if res.AsOf == nil || !res.AsOf.Equal(s.clk.t) {
			t.Fatalf("as of %v, want %v", res.AsOf, s.clk.t)
		}
	})
}

func rows(t *testing.T, g *gorm.DB) []report.Daily {
	t.Helper()
	var out []report.Daily
	if err := g.Order("day, agency_id, goods_id, sku_id").Find(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

func byDay(rs []report.Daily) map[string][]report.Daily {
	m := map[string][]report.Daily{}
	for _, r := range rs {
		m[r.Day] = append(m[r.Day], r)
	}
	return m
}

// TestRefreshFollowsChanges: a later refund changes its own day's figures only; the watermark
// keeps what was done, so a refresh with nothing new changes nothing; a bounded refresh goes on
// where it stopped; a run that lost its lease (the fence) writes nothing.
func TestRefreshFollowsChanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s := newShop(t, g)
		_, _, _, o4 := scenario(s)
		fenced := errors.New("fenced")
		if _, err := s.rep.Refresh(ctx, func(*gorm.DB) error { return fenced }, 31); !errors.Is(err, fenced) {
			t.Fatalf("fenced run: %v", err)
		}
		if got := rows(t, g); len(got) != 0 {
			t.Fatalf("a fenced run wrote %v", got)
		}
		if asOf, err := s.rep.AsOf(ctx); err != nil || asOf != nil {
			t.Fatalf("a fenced run moved the watermark: %v %v", asOf, err)
		}
		// Two days a run: 4 days changed take three runs, the last one finding nothing left.
		var done []int
		for range 5 {
			n, err := s.rep.Refresh(ctx, nofence, 2)
			if err != nil {
				t.Fatal(err)
			}
			done = append(done, n)
			if n < 2 {
				break
			}
		}
		if fmt.Sprint(done) != "[2 2 0]" {
			t.Fatalf("bounded runs: %v", done)
		}
		before := rows(t, g)
		if err := s.rep.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(rows(t, g), before) {
			t.Fatalf("bounded runs differ from a rebuild")
		}
		s.clk.to("2026-11-09 10:00")
		if n, err := s.rep.Refresh(ctx, nofence, 31); err != nil || n != 0 {
			t.Fatalf("nothing new: %d days, %v", n, err)
		}
		s.refund(o4, "B", 1, 500, 0)
		s.clk.to("2026-11-09 12:00")
		if _, err := s.rep.Refresh(ctx, nofence, 31); err != nil {
			t.Fatal(err)
		}
		after := byDay(rows(t, g))
		old := byDay(before)
		for day, rs := range old {
			if !reflect.DeepEqual(after[day], rs) {
				t.Errorf("%s changed: %v → %v", day, rs, after[day])
			}
		}
		if got := table(t, s, report.Query{Start: "2026-11-09", End: "2026-11-09", By: report.ByGoods}); got != "商品B 0 0 0 500 -500\n合计 0 0 0 500 -500" {
			t.Errorf("11-09:\n%s", got)
		}
		if len(after) != len(old)+1 {
			t.Errorf("days: %d, want %d", len(after), len(old)+1)
		}
		res, err := s.rep.Sales(ctx, report.Query{Start: "2026-11-01", End: "2026-11-09", By: report.ByDay})
		if err != nil {
			t.Fatal(err)
		}
		if d := sales(t, s, nil, "2026-11-01", "2026-11-09"); d != res.Total.Net() {
			t.Errorf("dashboard %d, report net %d", d, res.Total.Net())
		}
	})
}

// TestQueryChecks: the range and the dimension are checked.
func TestQueryChecks(t *testing.T) {
	for _, c := range []struct {
		q    report.Query
		want error
	}{
		{report.Query{Start: "2026-11-03", End: "2026-11-02", By: "day"}, report.ErrEndBeforeStart},
		{report.Query{Start: "2025-10-31", End: "2026-11-01", By: "day"}, report.ErrTooLong},
		{report.Query{Start: "2025-11-01", End: "2026-11-01", By: "day"}, nil}, // 366 days
		{report.Query{Start: "2026-11-01", End: "2026-11-01", By: "week"}, report.ErrUnknownBy},
	} {
		if err := report.Check(c.q); !errors.Is(err, c.want) {
			t.Errorf("%+v: %v, want %v", c.q, err, c.want)
		}
	}
}
