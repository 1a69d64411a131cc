package order

import (
	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/money"
)

// ItemExportPrefix is where 导出明细 is: {prefix}/download (the orders named by ids) and
// {prefix}/downloadAll (every order the list's filters match).
const ItemExportPrefix = "/api/orders/items"

// itemBatch is how many orders' lines one query reads.
const itemBatch = 500

// itemLine is one order item with its order, as the sheet sees it.
type itemLine struct {
	Item
	o Order
}

// itemColumns: one row per order item. Unlike the list's export the phone is whole and the
// address is there: the sheet is for whoever packs and ships, under its own permission
// (order:exportDetail). Money is a number cell in yuan, the express company its name.
var itemColumns = export.Columns[itemLine]{
	"orderNo":      func(l itemLine) any { return l.o.OrderNo },
	"status":       func(l itemLine) any { return StatusLabels[l.o.Status] },
	"skuCode":      func(l itemLine) any { return l.SkuCode },
	"specText":     func(l itemLine) any { return l.SpecText },
	"goodsName":    func(l itemLine) any { return l.GoodsName },
	"quantity":     func(l itemLine) any { return l.Quantity },
	"unitPrice":    export.Money(func(l itemLine) money.Fen { return l.UnitPrice }),
	"amount":       export.Money(func(l itemLine) money.Fen { return l.UnitPrice * money.Fen(l.Quantity) }),
	"customerName": func(l itemLine) any { return l.o.CustomerName },
	"phone":        func(l itemLine) any { return l.o.Phone },
	"address":      func(l itemLine) any { return l.o.Address },
	"expressCompany": export.Label(ExpressDict, func(l itemLine) string {
		return l.o.ExpressCompany
	}),
	"trackingNo": func(l itemLine) any { return l.o.TrackingNo },
}

// itemExportResource declares 导出明细: the list's filters and sorts, the caller's scope.
func (s *Service) itemExportResource() export.Resource {
	return export.Resource{Title: "订单明细", Fields: export.Keys(itemColumns), Sortable: export.Keys(sortable),
		Filters: []string{"orderNo", "phone", "status", "agencyId", "startTime", "endTime"}, Rows: s.itemRows,
		Labels: dict.LabelsOf(s.dicts)}
}

// itemRows walks the orders as the list's export does and reads their lines itemBatch orders
// at a time, so a sheet of many orders costs one query per batch, not one per order.
func (s *Service) itemRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs, q.Order = eq.Int64IDs(), eq.OrderBy(sortable)
	q.Scope = agency.Scope(authz.From(c))
	ctx := c.Request().Context()
	row := itemColumns.Emitter(eq, emit)
	batch := make([]Order, 0, itemBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		ids := make([]int64, len(batch))
		for i, o := range batch {
			ids[i] = o.ID
		}
		var items []Item
		if err := s.store.db.WithContext(ctx).Where("order_id IN ?", ids).Order("order_id, id").Find(&items).Error; err != nil {
			return err
		}
		byOrder := make(map[int64][]Item, len(batch))
		for _, it := range items {
			byOrder[it.OrderID] = append(byOrder[it.OrderID], it)
		}
		for _, o := range batch {
			for _, it := range byOrder[o.ID] {
				if err := row(itemLine{it, o}); err != nil {
					return err
				}
			}
		}
		batch = batch[:0]
		return nil
	}
	err = s.Each(ctx, q, func(o Order) error {
		batch = append(batch, o)
		if len(batch) == itemBatch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}
