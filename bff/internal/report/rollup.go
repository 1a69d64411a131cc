package report

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Rollups of the daily figures, so that a report reads a few thousand rows whatever its range
// (docs/decisions.md "Sales report rollups"):
//   - sales_totals: a day's figures per agency (orders: the day's orders), for the day and
//     agency reports;
//   - sales_blocks: the figures of aligned blocks of 2, 4, … 256 days per goods, SKU and
//     category, all agencies together, for the staff's goods, SKU and category reports. A range
//     is cut into the largest aligned blocks that fit (pieces) and the days left over.
//
// Both are kept by the refresh, in the transaction that rewrites a day (rollDay): the day's
// totals, then each block holding the day from the two halves below it.

// maxLevel: blocks of 2^1 … 2^8 days; MaxDays (366) needs no bigger one to be a few pieces.
const maxLevel = 8

var epoch = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)

// dayNo is a yyyy-MM-dd day's number since 1970-01-01 (blocks align on it).
func dayNo(day string) (int, error) {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return 0, err
	}
	return int(t.Sub(epoch).Hours() / 24), nil
}

func dayOf(n int) string { return epoch.AddDate(0, 0, n).Format(time.DateOnly) }

// piece is an aligned block of size days from start (size 1: a day of sales_daily).
type piece struct {
	size  int
	start string
}

// pieces cuts the days start..end into the largest aligned blocks that fit, in order: at most
// two of each size.
func pieces(start, end string) ([]piece, error) {
	a, err := dayNo(start)
	if err != nil {
		return nil, err
	}
	b, err := dayNo(end)
	if err != nil {
		return nil, err
	}
	var out []piece
	for a <= b {
		size := 1
		for k := 1; k <= maxLevel; k++ {
			s := 1 << k
			if a%s != 0 || a+s-1 > b {
				break
			}
			size = s
		}
		out = append(out, piece{size: size, start: dayOf(a)})
		a += size
	}
	return out, nil
}

// rollDay rewrites day's totals and every block holding it, inside the refresh's transaction
// (after the day's sales_daily rows were written).
func rollDay(tx *gorm.DB, day string) error {
	n, err := dayNo(day)
	if err != nil {
		return err
	}
	if err := tx.Exec("DELETE FROM sales_totals WHERE day = ?", day).Error; err != nil {
		return err
	}
	if err := tx.Exec(`INSERT INTO sales_totals (day, agency_id, orders, units, sales, refunds)
		SELECT day, agency_id, SUM(CASE WHEN goods_id = 0 THEN orders ELSE 0 END), SUM(units), SUM(sales), SUM(refunds)
		FROM sales_daily WHERE day = ? GROUP BY day, agency_id`, day).Error; err != nil {
		return err
	}
	for k := 1; k <= maxLevel; k++ {
		if err := rollBlock(tx, k, n&^(1<<k-1)); err != nil {
			return err
		}
	}
	return nil
}

// rollBlock rewrites the block of 2^k days from day number start from its two halves: the days
// themselves (k = 1) or the blocks of the level below.
func rollBlock(tx *gorm.DB, k, start int) error {
	size, half := 1<<k, 1<<(k-1)
	if err := tx.Exec("DELETE FROM sales_blocks WHERE size = ? AND start_day = ?", size, dayOf(start)).Error; err != nil {
		return err
	}
	src := "SELECT goods_id, sku_id, category_id, orders, units, sales, refunds FROM sales_daily WHERE day IN (?, ?)"
	args := []any{size, dayOf(start), dayOf(start), dayOf(start + half)}
	if k > 1 {
		src = "SELECT goods_id, sku_id, category_id, orders, units, sales, refunds FROM sales_blocks WHERE size = ? AND start_day IN (?, ?)"
		args = []any{size, dayOf(start), half, dayOf(start), dayOf(start + half)}
	}
	return tx.Exec(`INSERT INTO sales_blocks (size, start_day, goods_id, sku_id, category_id, orders, units, sales, refunds)
		SELECT ?, ?, goods_id, sku_id, category_id, SUM(orders), SUM(units), SUM(sales), SUM(refunds)
		FROM (`+src+`) h GROUP BY goods_id, sku_id, category_id`, args...).Error
}

// Rollup rewrites every total and block from the daily figures: after Rebuild, and after daily
// figures were written directly (the benchmark).
func (s *Service) Rollup(ctx context.Context) error {
	return s.db.WithContext(ctx).Transaction(rollAll)
}

func rollAll(tx *gorm.DB) error {
	for _, q := range []string{"DELETE FROM sales_totals", "DELETE FROM sales_blocks", `INSERT INTO sales_totals (day, agency_id, orders, units, sales, refunds)
		SELECT day, agency_id, SUM(CASE WHEN goods_id = 0 THEN orders ELSE 0 END), SUM(units), SUM(sales), SUM(refunds)
		FROM sales_daily GROUP BY day, agency_id`} {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	var days []string
	if err := tx.Raw("SELECT DISTINCT day FROM sales_daily ORDER BY day").Scan(&days).Error; err != nil {
		return err
	}
	for k := 1; k <= maxLevel; k++ {
		done := map[int]bool{}
		for _, d := range days {
			n, err := dayNo(d)
			if err != nil {
				return err
			}
			start := n &^ (1<<k - 1)
			if done[start] {
				continue
			}
			done[start] = true
			if err := rollBlock(tx, k, start); err != nil {
				return err
			}
		}
	}
	return nil
}

// blockSource is the rows of the range's pieces: the blocks and the days left over, as one
// derived table with the daily table's goods-side columns (goods_id, sku_id, category_id and the
// sums). Without any block (a range of a day or two) it is nil: the daily table serves.
func blockSource(start, end string) (string, []any, error) {
	ps, err := pieces(start, end)
	if err != nil {
		return "", nil, err
	}
	var blocks, days []string
	var bargs, dargs []any
	for _, p := range ps {
		if p.size == 1 {
			days = append(days, "?")
			dargs = append(dargs, p.start)
			continue
		}
		blocks = append(blocks, "(size = ? AND start_day = ?)")
		bargs = append(bargs, p.size, p.start)
	}
	if len(blocks) == 0 {
		return "", nil, nil
	}
	src := fmt.Sprintf("SELECT goods_id, sku_id, category_id, orders, units, sales, refunds FROM sales_blocks WHERE %s",
		strings.Join(blocks, " OR "))
	if len(days) > 0 {
		src += fmt.Sprintf(" UNION ALL SELECT goods_id, sku_id, category_id, orders, units, sales, refunds FROM sales_daily WHERE day IN (%s)",
			strings.Join(days, ", "))
	}
	return "(" + src + ") r", append(bargs, dargs...), nil
}
