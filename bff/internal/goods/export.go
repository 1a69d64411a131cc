package goods

import (
	"context"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/money"
)

// statusLabels are the statuses as the sheet shows them.
var statusLabels = map[string]string{Draft: "草稿", OnSale: "在售", OffSale: "已下架"}

// exported is one SKU as the sheet sees it: its goods row's columns (repeated on each of the
// item's SKUs) with its agency's name (or 自营), and the SKU's own. sku is nil for a goods row
// without SKUs (rows written around the store), which is still one line.
type exported struct {
	Goods
	agencyName string
	sku        *Sku
}

// skuColumn is a SKU's column: empty on a row without SKUs.
func skuColumn(f func(Sku) any) func(exported) any {
	return func(g exported) any {
		if g.sku == nil {
			return nil
		}
		return f(*g.sku)
	}
}

// categoryNames names the labels of the category column: the category tree's names by code.
const categoryNames = "goods_category"

// exportBatch is how many goods rows read their SKUs in one query.
const exportBatch = 500

// exportColumns: what each exportable field writes. Money is a number cell in yuan (export.Money)
// so that a sheet sums it; the category is its name (export.Label over the category tree).
var exportColumns = export.Columns[exported]{
	"id": func(g exported) any { return g.ID }, "name": func(g exported) any { return g.Name },
	"code": func(g exported) any { return g.Code }, "category": export.Label(categoryNames, func(g exported) string { return g.Category }),
	"price":  export.Money(func(g exported) money.Fen { return g.Price }),
	"cost":   export.Money(func(g exported) money.Fen { return g.Cost }),
	"stock":  func(g exported) any { return g.Stock },
	"status": func(g exported) any { return statusLabels[g.Status] },
	"groundingTime": func(g exported) any {
		if g.GroundingTime == nil {
			return nil
		}
		return g.GroundingTime.In(time.Local)
	},
	"agencyId": func(g exported) any {
		if g.AgencyID == nil {
			return nil
		}
		return *g.AgencyID
	},
	"agencyName":  func(g exported) any { return g.agencyName },
	"mainPicture": func(g exported) any { return g.MainPicture },
	"createTime":  func(g exported) any { return g.CreateTime.In(time.Local) },
	"updateTime":  func(g exported) any { return g.UpdateTime.In(time.Local) },
	"maxPrice":    export.Money(func(g exported) money.Fen { return g.MaxPrice }),
	"skuCode":     skuColumn(func(k Sku) any { return k.Code }),
	"skuSpecs":    skuColumn(func(k Sku) any { return SpecText(k.Specs) }), // 规格: 红色 / XL
	"barcode":     skuColumn(func(k Sku) any { return k.Barcode }),
	"skuPrice":    skuColumn(func(k Sku) any { return k.Price }),
	"skuCost":     skuColumn(func(k Sku) any { return k.Cost }),
	"skuStock":    skuColumn(func(k Sku) any { return k.Stock }),
	"lowStock":    skuColumn(func(k Sku) any { return k.LowStock }), // 预警值
	"skuOnSale": skuColumn(func(k Sku) any {
		if k.OnSale {
			return "是"
		}
		return "否"
	}),
}

// exportResource declares the goods export: the list's filters and sorts, the caller's scope.
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "商品", Fields: export.Keys(exportColumns), Sortable: export.Keys(sortable),
		Filters: []string{"blurry", "category", "status", "agencyId", "startTime", "endTime",
			"groundingStartTime", "groundingEndTime", "lowStock"},
		Rows: s.exportRows, Labels: func(ctx context.Context, _ string) (map[string]string, error) { return s.categories.Names(ctx) }}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs, q.Order = eq.Int64IDs(), eq.OrderBy(sortable)
	q.Scope = agency.Scope(authz.From(c))
	ctx := c.Request().Context()
	names, row := agency.NewNamer(ctx, s.store.db), exportColumns.Emitter(eq, emit)
	// One line per SKU: goods rows are read through one cursor and their SKUs a batch at a time.
	var batch []Goods
	flush := func() error {
		ids := make([]int64, len(batch))
		for i, g := range batch {
			ids[i] = g.ID
		}
		skus, err := s.store.Skus(ctx, ids)
		if err != nil {
			return err
		}
		of := map[int64][]Sku{}
		for _, k := range skus {
			of[k.GoodsID] = append(of[k.GoodsID], k)
		}
		for _, g := range batch {
			name, err := names.Label(g.AgencyID)
			if err != nil {
				return err
			}
			if len(of[g.ID]) == 0 {
				if err := row(exported{g, name, nil}); err != nil {
					return err
				}
			}
			for i := range of[g.ID] {
				if err := row(exported{g, name, &of[g.ID][i]}); err != nil {
					return err
				}
			}
		}
		batch = batch[:0]
		return nil
	}
	err = s.Each(ctx, q, func(g Goods) error {
		batch = append(batch, g)
		if len(batch) < exportBatch {
			return nil
		}
		return flush()
	})
	if err != nil || len(batch) == 0 {
		return err
	}
	return flush()
}
