package report

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
)

// Dimensions a report groups by.
const (
	ByDay      = "day"
	ByGoods    = "goods"
	BySku      = "sku"
	ByCategory = "category"
	ByAgency   = "agency"
)

// Dimensions lists them in the order the page offers them.
var Dimensions = []string{ByDay, ByGoods, BySku, ByCategory, ByAgency}

// MaxDays is the longest range a report covers.
const MaxDays = 366

var (
	ErrEndBeforeStart = errors.New("report: end before start")
	ErrTooLong        = errors.New("report: range longer than MaxDays")
	ErrUnknownBy      = errors.New("report: unknown dimension")
)

// Freight is the key of the order row's figures in the goods, SKU and category reports: the
// freight sold and refunded, and every order of the range.
const Freight = "freight"

// Query is one report: days Start..End (yyyy-MM-dd), grouped By, for Scope (nil: every agency;
// a channel operator's agency otherwise, agency.Scope).
type Query struct {
	Start, End string
	By         string
	Scope      *int64
}

// Sums are one row's or the total's sums (money in fen).
type Sums struct {
	Orders, Units, Sales, Refunds int64
}

// Net is what stayed: sales less refunds.
func (f Sums) Net() int64 { return f.Sales - f.Refunds }

// Row is one group of a report.
type Row struct {
	Key, Label string
	Sums
}

// Result is a report: its rows, their total and when the figures were last current.
type Result struct {
	Rows  []Row
	Total Sums
	AsOf  *time.Time
}

// Check checks a query's range and dimension.
func Check(q Query) error {
	start, err1 := time.Parse(time.DateOnly, q.Start)
	end, err2 := time.Parse(time.DateOnly, q.End)
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if end.Before(start) {
		return ErrEndBeforeStart
	}
	if int(end.Sub(start).Hours()/24)+1 > MaxDays {
		return ErrTooLong
	}
	if !slices.Contains(Dimensions, q.By) {
		return ErrUnknownBy
	}
	return nil
}

// groups are each dimension's key columns (k, and g: the goods of the SKU report's lines sold
// before SKUs) and its order count: the order rows (goods 0) count the orders of a day; the
// goods, SKU and category rows count the orders that had them.
var groups = map[string]struct{ key, group, orders string }{
	ByDay:      {"day AS k, 0 AS g", "day", "SUM(CASE WHEN goods_id = 0 THEN orders ELSE 0 END)"},
	ByAgency:   {"agency_id AS k, 0 AS g", "agency_id", "SUM(CASE WHEN goods_id = 0 THEN orders ELSE 0 END)"},
	ByGoods:    {"goods_id AS k, goods_id AS g", "goods_id", "SUM(orders)"},
	BySku:      {"sku_id AS k, goods_id AS g", "sku_id, goods_id", "SUM(orders)"},
	ByCategory: {"CASE WHEN goods_id = 0 THEN -1 ELSE category_id END AS k, MIN(goods_id) AS g", "CASE WHEN goods_id = 0 THEN -1 ELSE category_id END", "SUM(orders)"},
}

type sums struct {
	K                             string
	G                             int64
	Orders, Units, Sales, Refunds int64
}

// Sales answers a report from the rollups (rollup.go): the day and agency reports from the daily
// totals, the staff's goods, SKU and category reports from the range's blocks; an agency's
// goods-side reports, which read a third of the rows or fewer, from the daily figures.
func (s *Service) Sales(ctx context.Context, q Query) (Result, error) {
	if err := Check(q); err != nil {
		return Result{}, err
	}
	gr := groups[q.By]
	g := s.db.WithContext(ctx)
	totals := "SUM(units) AS units, SUM(sales) AS sales, SUM(refunds) AS refunds"
	var tx *gorm.DB
	switch {
	case q.By == ByDay || q.By == ByAgency:
		tx = g.Table("sales_totals").Select(fmt.Sprintf("%s, SUM(orders) AS orders, %s", gr.key, totals)).
			Where("day >= ? AND day <= ?", q.Start, q.End)
	case q.Scope == nil:
		src, args, err := blockSource(q.Start, q.End)
		if err != nil {
			return Result{}, err
		}
		if src != "" {
			tx = g.Table(src, args...).Select(fmt.Sprintf("%s, %s AS orders, %s", gr.key, gr.orders, totals))
		}
	}
	if tx == nil {
		tx = g.Table("sales_daily").Select(fmt.Sprintf("%s, %s AS orders, %s", gr.key, gr.orders, totals)).
			Where("day >= ? AND day <= ?", q.Start, q.End)
	}
	switch {
	case q.Scope == nil:
	case *q.Scope == 0: // 0 is the shop's own sales, which no channel operator sees
		tx = tx.Where("1 = 0")
	default:
		tx = tx.Where("agency_id = ?", *q.Scope)
	}
	var got []sums
	// ORDER BY NULL: MariaDB would sort the groups for GROUP BY; sortRows orders them anyway
	if err := tx.Group(gr.group).Order("NULL").Scan(&got).Error; err != nil {
		return Result{}, err
	}
	var res Result
	for _, g := range got {
		f := Sums{Orders: g.Orders, Units: g.Units, Sales: g.Sales, Refunds: g.Refunds}
		res.Total.Units += f.Units
		res.Total.Sales += f.Sales
		res.Total.Refunds += f.Refunds
		k := keyOf(q.By, g)
		if q.By == ByDay || q.By == ByAgency || k == Freight {
			res.Total.Orders += f.Orders // the order rows: every order of the range
		}
		res.Rows = append(res.Rows, Row{Key: k, Sums: f})
	}
	if err := s.label(ctx, q.By, res.Rows); err != nil {
		return Result{}, err
	}
	sortRows(q.By, res.Rows)
	asOf, err := s.AsOf(ctx)
	res.AsOf = asOf
	return res, err
}

// keyOf is a row's key: the day, or an id; the order row is Freight in the goods-side reports,
// a line sold before SKUs is "g<goods id>" in the SKU report.
func keyOf(by string, g sums) string {
	switch {
	case by == ByDay || by == ByAgency:
		return g.K
	case g.G == 0 || by == ByCategory && g.K == "-1":
		return Freight
	case by == BySku && g.K == "0":
		return "g" + strconv.FormatInt(g.G, 10)
	}
	return g.K
}

// sortRows: days in order; the others by net, highest first.
func sortRows(by string, rows []Row) {
	slices.SortFunc(rows, func(a, b Row) int {
		if by == ByDay {
			return strings.Compare(a.Key, b.Key)
		}
		return cmp.Or(cmp.Compare(b.Net(), a.Net()), strings.Compare(a.Key, b.Key))
	})
}

// label names each row: goods by name, SKUs by code and spec text, categories and agencies by
// name (自营 for the shop's own sales), the order row 运费.
func (s *Service) label(ctx context.Context, by string, rows []Row) error {
	ids := map[string][]int64{}
	for _, r := range rows {
		switch {
		case by == ByDay:
		case r.Key == Freight:
		case by == BySku && strings.HasPrefix(r.Key, "g"):
			ids[ByGoods] = append(ids[ByGoods], atoi(r.Key[1:]))
		default:
			ids[by] = append(ids[by], atoi(r.Key))
		}
	}
	names, err := s.names(ctx, ids)
	if err != nil {
		return err
	}
	for i := range rows {
		r := &rows[i]
		switch {
		case by == ByDay:
			r.Label = r.Key
		case r.Key == Freight:
			r.Label = "运费"
		case by == BySku && strings.HasPrefix(r.Key, "g"):
			r.Label = or(names[ByGoods][atoi(r.Key[1:])], "商品#"+r.Key[1:])
		case by == ByAgency && r.Key == "0":
			r.Label = "自营"
		case by == ByCategory && r.Key == "0":
			r.Label = "未分类"
		default:
			r.Label = or(names[by][atoi(r.Key)], map[string]string{ByGoods: "商品#", BySku: "SKU#", ByCategory: "分类#", ByAgency: "渠道#"}[by]+r.Key)
		}
	}
	return nil
}

// names reads the names of the ids of each dimension; a goods or SKU deleted since is named as
// its last order line named it.
func (s *Service) names(ctx context.Context, ids map[string][]int64) (map[string]map[int64]string, error) {
	out := map[string]map[int64]string{}
	g := s.db.WithContext(ctx)
	type named struct {
		ID   int64
		Name string
	}
	read := func(dim, q string, list []int64) error {
		var got []named
		if err := g.Raw(q, list).Scan(&got).Error; err != nil {
			return err
		}
		if out[dim] == nil {
			out[dim] = map[int64]string{}
		}
		for _, n := range got {
			if _, ok := out[dim][n.ID]; !ok && n.Name != "" {
				out[dim][n.ID] = n.Name
			}
		}
		return nil
	}
	missing := func(dim string, list []int64) []int64 {
		var m []int64
		for _, id := range list {
			if _, ok := out[dim][id]; !ok {
				m = append(m, id)
			}
		}
		return m
	}
	for dim, list := range ids {
		for chunk := range slices.Chunk(list, 2000) {
			var err error
			switch dim {
			case ByGoods:
				err = read(dim, "SELECT id, name FROM goods WHERE id IN ?", chunk)
				if m := missing(dim, chunk); err == nil && len(m) > 0 {
					err = read(dim, "SELECT goods_id AS id, MAX(goods_name) AS name FROM order_items WHERE goods_id IN ? GROUP BY goods_id", m)
				}
			case BySku:
				err = s.skuNames(ctx, chunk, out)
				if m := missing(dim, chunk); err == nil && len(m) > 0 {
					err = s.lineSkuNames(ctx, m, out)
				}
			case ByCategory:
				err = read(dim, "SELECT id, name FROM goods_categories WHERE id IN ?", chunk)
			case ByAgency:
				err = read(dim, "SELECT id, name FROM agencies WHERE id IN ?", chunk)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// skuNames names SKUs "code 颜色: 红 / 尺码: M" as an order line would; each goods' dimensions
// are read once for all its SKUs.
func (s *Service) skuNames(ctx context.Context, ids []int64, out map[string]map[int64]string) error {
	var skus []struct {
		ID, GoodsID int64
		Code, Specs string
	}
	g := s.db.WithContext(ctx)
	if err := g.Raw("SELECT id, goods_id, code, specs FROM goods_skus WHERE id IN ?", ids).Scan(&skus).Error; err != nil {
		return err
	}
	goodsIDs := make([]int64, 0, len(skus))
	for _, k := range skus {
		goodsIDs = append(goodsIDs, k.GoodsID)
	}
	var specs []struct {
		ID    int64
		Specs string
	}
	if err := g.Raw("SELECT id, specs FROM goods WHERE id IN ?", slices.Compact(slices.Sorted(slices.Values(goodsIDs)))).
		Scan(&specs).Error; err != nil {
		return err
	}
	dims := make(map[int64]*[]goods.Spec, len(specs)) // nil: dimensions that do not read
	for _, gs := range specs {
		var d []goods.Spec
		dims[gs.ID] = nil
		if json.Unmarshal([]byte(gs.Specs), &d) == nil {
			dims[gs.ID] = &d
		}
	}
	if out[BySku] == nil {
		out[BySku] = map[int64]string{}
	}
	for _, k := range skus {
		d, ok := dims[k.GoodsID]
		if !ok {
			continue // a SKU whose goods is gone is named by its order lines
		}
		text := ""
		if d != nil {
			text = order.DimsText(*d, k.Specs)
		}
		out[BySku][k.ID] = strings.TrimSpace(k.Code + " " + text)
	}
	return nil
}

func atoi(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// lineSkuNames names SKUs deleted since as their last order line did.
func (s *Service) lineSkuNames(ctx context.Context, ids []int64, out map[string]map[int64]string) error {
	var got []struct {
		SkuID             int64
		SkuCode, SpecText string
	}
	err := s.db.WithContext(ctx).Raw(`SELECT sku_id, sku_code, spec_text FROM order_items WHERE id IN
		(SELECT MAX(id) FROM order_items WHERE sku_id IN ? GROUP BY sku_id)`, ids).Scan(&got).Error
	for _, k := range got {
		out[BySku][k.SkuID] = strings.TrimSpace(k.SkuCode + " " + k.SpecText)
	}
	return err
}
