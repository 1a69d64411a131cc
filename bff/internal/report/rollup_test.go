package report_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/report"
)

// A range is cut into aligned blocks that cover it exactly, each once, the largest first where
// they fit: never more than two of a size.
func TestPiecesCoverTheRange(t *testing.T) {
	day := func(n int) string {
		return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, n).Format(time.DateOnly)
	}
	for a := 0; a < 400; a += 7 {
		for _, n := range []int{1, 2, 3, 30, 31, 90, 366} {
			ps, err := report.Pieces(day(a), day(a+n-1))
			if err != nil {
				t.Fatal(err)
			}
			next, sizes := day(a), map[int]int{}
			for _, p := range ps {
				size, start := p[0].(int), p[1].(string)
				if start != next {
					t.Fatalf("%d days from %s: a piece starts at %s, want %s (%v)", n, day(a), start, next, ps)
				}
				s, _ := time.Parse(time.DateOnly, start)
				if int(s.Unix()/86400)%size != 0 {
					t.Fatalf("piece %v not aligned", p)
				}
				sizes[size]++
				next = s.AddDate(0, 0, size).Format(time.DateOnly)
			}
			if next != day(a+n) {
				t.Fatalf("%d days from %s end at %s", n, day(a), next)
			}
			for size, c := range sizes {
				if c > 2 {
					t.Fatalf("%d days from %s: %d pieces of %d (%v)", n, day(a), c, size, ps)
				}
			}
			if n == 30 && len(ps) > 10 {
				t.Fatalf("30 days in %d pieces", len(ps))
			}
		}
	}
}

// TestRollupsEqualTheDays: random daily figures over a year and more, the rollups built whole,
// then days rewritten one at a time as the refresh does; after each round every dimension over
// random ranges (a day to MaxDays) equals the sums of the daily rows computed here.
func TestRollupsEqualTheDays(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		r := rand.New(rand.NewPCG(7, uint64(len(g.Name()))))
		end := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
		svc := report.NewService(g, initsetup.NewStore(g), time.UTC, func() time.Time { return end })
		rows := map[string][]report.Daily{} // by day
		first := time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)
		const span = 420
		dayN := func(n int) string { return first.AddDate(0, 0, n).Format(time.DateOnly) }
		write := func(tx *gorm.DB, day string) {
			if err := tx.Where("day = ?", day).Delete(&report.Daily{}).Error; err != nil {
				t.Fatal(err)
			}
			rows[day] = randomDay(r, day)
			if len(rows[day]) > 0 {
				if err := tx.Create(rows[day]).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		for n := range span {
			if r.IntN(5) > 0 { // some days sell nothing
				write(g, dayN(n))
			}
		}
		if err := svc.Rollup(context.Background()); err != nil {
			t.Fatal(err)
		}
		check := func(round int) {
			for range 12 {
				a := r.IntN(span)
				n := 1 + r.IntN(report.MaxDays)
				if r.IntN(3) == 0 {
					n = 30
				}
				q := report.Query{Start: dayN(a), End: dayN(min(a+n-1, span+5))}
				for _, by := range report.Dimensions {
					q.By = by
					res, err := svc.Sales(context.Background(), q)
					if err != nil {
						t.Fatal(err)
					}
					got := map[string]report.Sums{}
					for _, row := range res.Rows {
						got[row.Key] = row.Sums
					}
					want := expected(rows, q)
					if !maps.Equal(got, want) {
						t.Fatalf("round %d, %s..%s by %s:\n got %v\nwant %v", round, q.Start, q.End, by, got, want)
					}
				}
			}
		}
		check(0)
		for round := 1; round <= 3; round++ {
			for range 10 {
				day := dayN(r.IntN(span))
				if err := g.Transaction(func(tx *gorm.DB) error {
					write(tx, day)
					return report.RollDay(tx, day)
				}); err != nil {
					t.Fatal(err)
				}
			}
			check(round)
		}
	})
}

// randomDay is a day's rows: per agency key an order row, and lines of goods (some sold before
// SKUs: SKU 0) whose category may differ from another day's.
func randomDay(r *rand.Rand, day string) []report.Daily {
	var out []report.Daily
	seen := map[[3]int64]bool{}
	for agency := range int64(3) {
		if r.IntN(3) == 0 {
			continue
		}
		orders := int64(1 + r.IntN(9))
		out = append(out, report.Daily{Day: day, AgencyID: agency, Orders: orders, Sales: int64(r.IntN(2000)), Refunds: int64(r.IntN(3) * 100)})
		for range 1 + r.IntN(12) {
			goods := int64(1 + r.IntN(40))
			sku := goods*10 + int64(r.IntN(4)) // SKU 0 of a goods: its lines before SKUs
			if sku%10 == 0 {
				sku = 0
			}
			if seen[[3]int64{sku, agency, goods}] {
				continue
			}
			seen[[3]int64{sku, agency, goods}] = true
			units := int64(1 + r.IntN(5))
			out = append(out, report.Daily{Day: day, AgencyID: agency, GoodsID: goods, SkuID: sku, CategoryID: int64(r.IntN(6)),
				Orders: min(units, orders), Units: units, Sales: units * int64(100+r.IntN(900)), Refunds: int64(r.IntN(4)/3) * 150})
		}
	}
	return out
}

// expected sums the daily rows of q's range the way a report groups them.
func expected(rows map[string][]report.Daily, q report.Query) map[string]report.Sums {
	out := map[string]report.Sums{}
	for day, list := range rows {
		if day < q.Start || day > q.End {
			continue
		}
		for _, d := range list {
			var key string
			orderRow := d.GoodsID == 0
			switch {
			case q.By == report.ByDay:
				key = d.Day
			case q.By == report.ByAgency:
				key = strconv.FormatInt(d.AgencyID, 10)
			case orderRow:
				key = report.Freight
			case q.By == report.ByGoods:
				key = strconv.FormatInt(d.GoodsID, 10)
			case q.By == report.BySku && d.SkuID == 0:
				key = fmt.Sprintf("g%d", d.GoodsID)
			case q.By == report.BySku:
				key = strconv.FormatInt(d.SkuID, 10)
			default:
				key = strconv.FormatInt(d.CategoryID, 10)
			}
			s := out[key]
			if orderRow || (q.By != report.ByDay && q.By != report.ByAgency) {
				s.Orders += d.Orders
			}
			s.Units += d.Units
			s.Sales += d.Sales
			s.Refunds += d.Refunds
			out[key] = s
		}
	}
	return out
}
