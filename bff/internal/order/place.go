package order

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// An order placed by a buyer (the storefront) takes its units from stock as it is made; paying
// changes no stock; closing or cancelling it unpaid gives them back, as does a refund before
// shipment (docs/decisions.md "Stock").
var (
	// ErrUnknownSku: a line's code is not a SKU on sale of the seller (a *UnknownSkuError names it).
	ErrUnknownSku = errors.New("order: no such SKU on sale")
	// ErrAmountMismatch: a payment's amount is not the order's.
	ErrAmountMismatch = errors.New("order: paid amount is not the order amount")
)

// UnknownSkuError is ErrUnknownSku naming the code.
type UnknownSkuError struct{ SkuCode string }

func (e *UnknownSkuError) Error() string        { return fmt.Sprintf("order: no SKU %q on sale", e.SkuCode) }
func (e *UnknownSkuError) Is(target error) bool { return target == ErrUnknownSku }

// PlaceInput is an order as a buyer places it: what, by SKU code, from which seller.
type PlaceInput struct {
	AgencyID                     *int64 // the seller: a channel client's agency, nil for the shop
	CustomerName, Phone, Address string
	Freight                      money.Fen
	Items                        []PlaceItem
	Operator                     string // "open:<clientId>" for the storefront
	Remark                       string
}

// PlaceItem is one line: a SKU code of the seller and how many.
type PlaceItem struct {
	SkuCode  string
	Quantity int64
}

// retries is how many times a transaction InnoDB gave up for another's (a deadlock) runs again.
const retries = 5

// placeNote is the history note of an order's creation.
const placeNote = "下单"

// sellable is a SKU on sale of a goods item on sale, as a line copies it.
type sellable struct {
	ID        int64
	GoodsID   int64
	Code      string
	Specs     string // JSON []string, one value per dimension
	Price     money.Fen
	GoodsName string
	GoodsSpec string // JSON []goods.Spec
}

// Place records a new unpaid order and takes its units from stock, every line or none: a line
// short of stock is a *stock.ShortError and nothing is written. Name, unit price and spec text
// are copied from the SKU as it is now. A deadlock (MariaDB) runs the whole again.
func (s *Service) Place(ctx context.Context, in PlaceInput) (Order, error) {
	if len(in.Items) == 0 {
		return Order{}, ErrNoItems
	}
	for _, it := range in.Items {
		if it.Quantity <= 0 {
			return Order{}, ErrNoItems
		}
	}
	if in.Freight < 0 {
		return Order{}, ErrAmount
	}
	var o Order
	var err error
	// a new number that another order took in the same second is drawn again
	for try := 0; try < retries; try++ {
		if o, err = s.place(ctx, in); !errors.Is(err, ErrOrderNoConflict) {
			break
		}
	}
	s.store.invalidate()
	return o, err
}

func (s *Service) place(ctx context.Context, in PlaceInput) (Order, error) {
	var o Order
	st, err := s.settings(ctx)
	if err != nil {
		return o, err
	}
	err = db.Retry(ctx, retries, func() error {
		now := s.stamp()
		no, err := newOrderNo(now)
		if err != nil {
			return err
		}
		err = s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			items, amount, err := lines(tx, in)
			if err != nil {
				return err
			}
			o = Order{OrderNo: no, CustomerName: in.CustomerName, Phone: in.Phone, Address: in.Address,
				Amount: amount, Freight: in.Freight, AgencyID: in.AgencyID, Status: Unpaid, Remark: in.Remark,
				PayDeadline: st.payDeadline(now), CreateTime: now, UpdateTime: now}
			h := History{ToStatus: Unpaid, Operator: in.Operator, Note: placeNote, CreateTime: now}
			return s.store.create(tx, &o, items, h, func(tx *gorm.DB, o Order, items []Item) error {
				_, err := stock.Apply(tx, now, lineMoves(o, items, stock.OrderReserve, in.Operator))
				return err
			})
		})
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return ErrOrderNoConflict
		}
		return err
	})
	return o, err
}

// lines reads the SKUs of in's lines in the seller's scope and makes the order's items and
// amount (the items plus the freight).
func lines(tx *gorm.DB, in PlaceInput) ([]Item, money.Fen, error) {
	scope := int64(0)
	if in.AgencyID != nil {
		scope = *in.AgencyID
	}
	codes := make([]string, len(in.Items))
	for i, it := range in.Items {
		codes[i] = it.SkuCode
	}
	var found []sellable
	err := tx.Table("goods_skus AS s").Joins("JOIN goods AS g ON g.id = s.goods_id").
		Select("s.id, s.goods_id, s.code, s.specs, s.price, g.name AS goods_name, g.specs AS goods_spec").
		Where("s.scope_id = ? AND s.code IN ? AND s.on_sale = ? AND g.status = ?", scope, codes, true, goods.OnSale).
		Scan(&found).Error
	if err != nil {
		return nil, 0, err
	}
	byCode := make(map[string]sellable, len(found))
	for _, f := range found {
		byCode[f.Code] = f
	}
	items := make([]Item, len(in.Items))
	sums := []money.Fen{in.Freight}
	for i, it := range in.Items {
		f, ok := byCode[it.SkuCode]
		if !ok {
			return nil, 0, &UnknownSkuError{SkuCode: it.SkuCode}
		}
		sub, err := f.Price.Times(it.Quantity)
		if err != nil {
			return nil, 0, ErrAmount
		}
		sums = append(sums, sub)
		id := f.ID
		items[i] = Item{GoodsID: f.GoodsID, SkuID: &id, SkuCode: f.Code, SpecText: SpecText(f.GoodsSpec, f.Specs),
			GoodsName: f.GoodsName, UnitPrice: f.Price, Quantity: it.Quantity}
	}
	amount, err := money.Sum(sums...)
	if err != nil {
		return nil, 0, ErrAmount
	}
	return items, amount, nil
}

// SpecText is a SKU's values named by the goods' dimensions, as an order line keeps them:
// "颜色: 红 / 尺码: M" ("" for goods without specs, or specs that do not read). Both are the
// JSON of the columns: goods.specs ([]goods.Spec) and goods_skus.specs ([]string).
func SpecText(goodsSpecs, skuSpecs string) string {
	var dims []goods.Spec
	if json.Unmarshal([]byte(goodsSpecs), &dims) != nil {
		return ""
	}
	return DimsText(dims, skuSpecs)
}

// DimsText is SpecText with the goods' dimensions already read: for naming many SKUs of few
// goods (the SKU report).
func DimsText(dims []goods.Spec, skuSpecs string) string {
	var values []string
	if json.Unmarshal([]byte(skuSpecs), &values) != nil {
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

// lineMoves are the stock moves of an order's lines for reason: reserving takes the units,
// releasing and refunding give them back. Lines sold before SKUs have none. Each line's key
// ("<kind>:<orderId>:<itemId>") lets it move once for that reason, ever.
func lineMoves(o Order, items []Item, reason, operator string) []stock.Move {
	kind, sign := map[string]string{stock.OrderReserve: "reserve", stock.OrderRelease: "release",
		stock.OrderRefund: "refund"}[reason], int64(1)
	if reason == stock.OrderReserve {
		sign = -1
	}
	moves := make([]stock.Move, 0, len(items))
	for _, it := range items {
		if it.SkuID == nil {
			continue
		}
		moves = append(moves, stock.Move{SkuID: *it.SkuID, Delta: sign * it.Quantity, Reason: reason, OrderNo: o.OrderNo,
			LineKey: fmt.Sprintf("%s:%d:%d", kind, o.ID, it.ID), Operator: operator})
	}
	return moves
}

// stockChange moves the stock a status move carries, inside its transaction: close gives an
// unpaid order's units back, refund restores a paid one's; the other moves change no stock.
func stockChange(tx *gorm.DB, o Order, action, operator string, now time.Time) error {
	reason := map[string]string{Close: stock.OrderRelease, Refund: stock.OrderRefund}[action]
	if reason == "" {
		return nil
	}
	var items []Item
	if err := tx.Where("order_id = ? AND sku_id IS NOT NULL", o.ID).Order("id").Find(&items).Error; err != nil {
		return err
	}
	// a SKU deleted since the sale (with its goods) has no stock to give back to
	var live []int64
	if len(items) > 0 {
		ids := make([]int64, len(items))
		for i, it := range items {
			ids[i] = *it.SkuID
		}
		if err := tx.Table("goods_skus").Where("id IN ?", ids).Pluck("id", &live).Error; err != nil {
			return err
		}
	}
	items = slices.DeleteFunc(items, func(it Item) bool { return !slices.Contains(live, *it.SkuID) })
	moves := lineMoves(o, items, reason, operator)
	if len(moves) == 0 {
		return nil
	}
	_, err := stock.Apply(tx, now, moves)
	return err
}

// MarkPaid records that the buyer paid amount for the order numbered orderNo: it must be the
// order's amount (else ErrAmountMismatch). An order already paid (or further on) for that
// amount is left as it is: a payment reported twice is one payment. An unpaid order moves to
// paid through the status machine (history, dashboard); a closed one is a *MoveError.
func (s *Service) MarkPaid(ctx context.Context, scope *int64, orderNo string, amount money.Fen, operator string) (Order, error) {
	var o Order
	var moved bool
	err := db.Retry(ctx, retries, func() (err error) {
		// paying starts no deadline: no rules needed
		step := s.moveChange(operator, Pay, MoveInput{Note: "支付成功"}, s.stamp(), Settings{})
		moved = false
		o, err = s.store.MoveByNo(ctx, scope, orderNo, func(_ *gorm.DB, o Order) (map[string]any, History, error) {
			if amount != o.Amount {
				return nil, History{}, ErrAmountMismatch
			}
			if o.Status != Unpaid && o.Status != Closed {
				return nil, History{}, nil // paid before: shipped, completed and refunded all were
			}
			up, h, err := step(o)
			moved = err == nil
			return up, h, err
		})
		return err
	})
	if err == nil && moved {
		s.paid(ctx, o)
	}
	return o, err
}

// CancelUnpaid closes the unpaid order numbered orderNo for the buyer and gives its units back
// in the same transaction; any other status is a *MoveError.
func (s *Service) CancelUnpaid(ctx context.Context, scope *int64, orderNo, operator string) (Order, error) {
	var o Order
	err := db.Retry(ctx, retries, func() (err error) {
		o, err = s.store.MoveByNo(ctx, scope, orderNo, s.stockedChange(operator, Close, MoveInput{Note: "买家取消"}, s.stamp(), Settings{}))
		return err
	})
	return o, err
}

// stockedChange is moveChange with the stock the move carries (stockChange).
func (s *Service) stockedChange(actor, action string, in MoveInput, now time.Time, st Settings) Change {
	step := s.moveChange(actor, action, in, now, st)
	return func(tx *gorm.DB, o Order) (map[string]any, History, error) {
		up, h, err := step(o)
		if err != nil {
			return nil, History{}, err
		}
		if action == Refund {
			if err := noCases(tx, o.ID); err != nil {
				return nil, History{}, err
			}
		}
		if err := stockChange(tx, o, action, actor, now); err != nil {
			return nil, History{}, err
		}
		return up, h, nil
	}
}

// GetByNo returns the order numbered orderNo inside the scope, as Get.
func (s *Service) GetByNo(ctx context.Context, scope *int64, orderNo string) (Detail, error) {
	return s.store.GetByNo(ctx, scope, orderNo)
}

// ErrHasAftersale: the whole-order refund of an order with an after-sales case (any not
// rejected or cancelled): its money goes back through the case, never twice.
var ErrHasAftersale = errors.New("order: the order has an after-sales case")

// noCases is ErrHasAftersale when the order has a case that is not rejected or cancelled. It
// reads aftersale's table by name: aftersale imports order, not the other way round. The order's
// row is locked by the move, and a case is opened under the same lock, so the two cannot cross.
func noCases(tx *gorm.DB, orderID int64) error {
	var n int64
	err := tx.Table("aftersale_cases").Where("order_id = ? AND status NOT IN ?", orderID, []string{"rejected", "cancelled"}).
		Count(&n).Error
	if err == nil && n > 0 {
		return ErrHasAftersale
	}
	return err
}
