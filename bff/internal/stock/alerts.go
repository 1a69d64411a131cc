package stock

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/perm"
)

// Low-stock alerts (库存预警): a SKU on sale that falls to or under its threshold is alerted
// once; the flag goods_skus.low_alerted remembers it until a move lifts the SKU above the
// threshold again (Apply clears it), after which the next fall is alerted again. A SKU whose
// threshold is changed around its stock is judged by the stock and threshold the run sees.

// Notifier sends a message to an audience (notify.Service).
type Notifier interface {
	Send(ctx context.Context, to notify.Audience, m notify.Message) error
}

// Alerts finds SKUs that fell under their threshold and tells those who adjust stock.
type Alerts struct {
	db     *gorm.DB
	notify Notifier // nil: the SKUs are flagged, nobody is told
	log    *slog.Logger
}

// NewAlerts reads g and tells n (nil: nobody); log nil: the default.
func NewAlerts(g *gorm.DB, n Notifier, log *slog.Logger) *Alerts {
	if log == nil {
		log = slog.Default()
	}
	return &Alerts{db: g, notify: n, log: log}
}

// lowSku is a SKU to alert, with what the message names.
type lowSku struct {
	ID        int64
	GoodsID   int64
	Code      string
	Stock     int64
	LowStock  int64
	Specs     string
	GoodsName string
	GoodsSpec string
	AgencyID  *int64
}

// Run flags up to batch SKUs on sale at or under their threshold and not yet alerted, in one
// transaction in which fence (the job run's lease) is checked, and after it committed sends one
// message per SKU. The answer is how many were flagged. A failed send is logged: the SKU stays
// flagged (a message lost is better than one repeated every minute).
func (a *Alerts) Run(ctx context.Context, batch int, fence func(tx *gorm.DB) error) (int, error) {
	var low []lowSku
	err := a.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := fence(tx); err != nil {
			return err
		}
		err := tx.Table("goods_skus AS s").Joins("JOIN goods AS g ON g.id = s.goods_id").
			Select("s.id, s.goods_id, s.code, s.stock, s.low_stock, s.specs, g.name AS goods_name, g.specs AS goods_spec, g.agency_id").
			Where("s.on_sale = ? AND s.low_alerted = ? AND s.stock <= s.low_stock", true, false).
			Order("s.id").Limit(max(batch, 0)).Clauses(clause.Locking{Strength: "UPDATE"}).Scan(&low).Error
		if err != nil || len(low) == 0 {
			return err
		}
		ids := make([]int64, len(low))
		for i, k := range low {
			ids[i] = k.ID
		}
		return tx.Exec("UPDATE goods_skus SET low_alerted = ? WHERE id IN ?", true, ids).Error
	})
	if err != nil {
		return 0, err
	}
	for _, k := range low {
		a.send(ctx, k)
	}
	return len(low), nil
}

func (a *Alerts) send(ctx context.Context, k lowSku) {
	if a.notify == nil {
		return
	}
	title := strings.TrimSpace("库存预警：" + k.GoodsName + " " + namedSpecText(k.GoodsSpec, k.Specs))
	m := notify.Message{Type: notify.LowStock, Title: title, Body: fmt.Sprintf("库存 %d，预警值 %d", k.Stock, k.LowStock),
		Link: fmt.Sprintf("/look?type=goods&id=%d", k.GoodsID)}
	if err := a.notify.Send(ctx, notify.Audience{Permission: perm.StockAdjust, AgencyID: k.AgencyID}, m); err != nil {
		a.log.Error("stock: sending a low-stock alert", "sku", k.Code, "err", err)
	}
}

// namedSpecText is a SKU's values named by the goods' dimensions (颜色: 红 / 尺码: M), as order
// lines show them (order.SpecText; stock cannot import order or goods, which import it).
func namedSpecText(goodsSpecs, skuSpecs string) string {
	var dims []struct{ Name string }
	var values []string
	if json.Unmarshal([]byte(goodsSpecs), &dims) != nil || json.Unmarshal([]byte(skuSpecs), &values) != nil {
		return ""
	}
	parts := make([]string, 0, len(values))
	for i, v := range values {
		if i < len(dims) && dims[i].Name != "" {
			v = dims[i].Name + ": " + v
		}
		parts = append(parts, v)
	}
	return strings.Join(parts, " / ")
}
