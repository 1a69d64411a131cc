package statement

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/money"
)

// Store reads and writes statements, and reads the orders and refunds they are made of through
// plain queries on those tables.
type Store struct {
	db *gorm.DB
}

// NewStore is the statements' store.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Query is a list's filter and page; Agency nil is every agency.
type Query struct {
	Agency        *int64
	Month         string
	Offset, Limit int
}

// Row is a statement with its agency's name.
type Row struct {
	Statement
	AgencyName string
}

func (s *Store) rows(ctx context.Context) *gorm.DB {
	return s.db.WithContext(ctx).Table("statements s").
		Select("s.*, COALESCE(a.name, '') AS agency_name").Joins("LEFT JOIN agencies a ON a.id = s.agency_id")
}

// Search pages the statements, newest month first.
func (s *Store) Search(ctx context.Context, q Query) ([]Row, int64, error) {
	tx := s.rows(ctx)
	if q.Agency != nil {
		tx = tx.Where("s.agency_id = ?", *q.Agency)
	}
	if q.Month != "" {
		tx = tx.Where("s.month = ?", q.Month)
	}
	return db.Paged[Row](tx, "s.month DESC, s.agency_id, s.id", q.Offset, q.Limit)
}

// ByID reads one statement within the agency scope (nil: any).
func (s *Store) ByID(ctx context.Context, id int64, scope *int64) (Row, error) {
	tx := s.rows(ctx).Where("s.id = ?", id)
	if scope != nil {
		tx = tx.Where("s.agency_id = ?", *scope)
	}
	var r Row
	err := tx.Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return r, ErrNotFound
	}
	return r, err
}

// Lines are a statement's lines by date, sales before refunds before adjustments on a day.
func (s *Store) Lines(ctx context.Context, id int64) ([]Line, error) {
	out := []Line{}
	err := s.db.WithContext(ctx).Where("statement_id = ?", id).
		Order("date, CASE kind WHEN 'order' THEN 0 WHEN 'refund' THEN 1 ELSE 2 END, id").Find(&out).Error
	return out, err
}

// AgencyIDs are every agency's id.
func (s *Store) AgencyIDs(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := s.db.WithContext(ctx).Table("agencies").Order("id").Pluck("id", &ids).Error
	return ids, err
}

// AgencyExists tells whether the agency is there.
func (s *Store) AgencyExists(ctx context.Context, id int64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Table("agencies").Where("id = ?", id).Count(&n).Error
	return n > 0, err
}

// lock reads the agency's statement of month under a row lock, adding an open one first when
// there is none (the unique key settles two adding it at once: the loser reads the winner's).
func lock(tx *gorm.DB, agencyID int64, month string, now time.Time) (Statement, error) {
	var st Statement
	find := func() error {
		return tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("agency_id = ? AND month = ?", agencyID, month).Take(&st).Error
	}
	err := find()
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return st, err
	}
	st = Statement{AgencyID: agencyID, Month: month, State: Open, MadeAt: now}
	err = tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&st).Error
	if err != nil {
		return st, err
	}
	return st, find()
}

// lockID reads a statement under a row lock.
func lockID(tx *gorm.DB, id int64) (Statement, error) {
	var st Statement
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&st).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return st, ErrNotFound
	}
	return st, err
}

// source is one order or refund of the month as the queries read it.
type source struct {
	OrderNo    string
	CaseNo     string
	PayTime    *time.Time
	CreateTime time.Time
	RefundTime *time.Time
	Amount     money.Fen
	Whole      bool
}

// sources are the lines the agency's orders and refunds make for [from, to), by the shop's
// rules (the dashboard's and the sales report's, report.parts): an order paid — paid, shipped,
// completed, or refunded — is sold on its pay day for its amount (items and freight); an order
// refunded whole (退款 from 已支付, no after-sales case) is refunded on that same day; an
// after-sales refund counts on the day the money went back, for what its items gave back plus
// its freight.
func sources(tx *gorm.DB, agencyID int64, from, to time.Time) ([]Line, error) {
	var sold []source
	err := tx.Raw(`SELECT o.order_no, o.pay_time, o.create_time, o.amount,
			CASE WHEN o.status = @refunded AND o.refunded = 0 THEN 1 ELSE 0 END AS whole
		FROM orders o WHERE o.agency_id = @agency AND (o.status IN @selling OR o.status = @refunded)
			AND ((o.pay_time >= @from AND o.pay_time < @to) OR (o.pay_time IS NULL AND o.create_time >= @from AND o.create_time < @to))
		ORDER BY o.id`, map[string]any{"agency": agencyID, "from": from, "to": to, "refunded": order.Refunded,
		"selling": []string{order.Paid, order.Shipped, order.Completed}}).Scan(&sold).Error
	if err != nil {
		return nil, err
	}
	var back []source
	err = tx.Raw(`SELECT c.order_no, c.case_no, c.refund_time,
			c.freight + COALESCE((SELECT SUM(ci.refunded) FROM aftersale_items ci WHERE ci.case_id = c.id), 0) AS amount
		FROM aftersale_cases c WHERE c.agency_id = ? AND c.status = ? AND c.refund_time >= ? AND c.refund_time < ?
		ORDER BY c.id`, agencyID, aftersale.Refunded, from, to).Scan(&back).Error
	if err != nil {
		return nil, err
	}
	var out []Line
	for _, o := range sold {
		day := o.CreateTime
		if o.PayTime != nil {
			day = *o.PayTime
		}
		out = append(out, Line{Kind: KindOrder, OrderNo: o.OrderNo, Date: day, Amount: o.Amount})
		if o.Whole {
			out = append(out, Line{Kind: KindRefund, OrderNo: o.OrderNo, Date: day, Amount: o.Amount, Note: "整单退款"})
		}
	}
	for _, c := range back {
		out = append(out, Line{Kind: KindRefund, OrderNo: c.OrderNo, CaseNo: c.CaseNo, Date: *c.RefundTime, Amount: c.Amount, Note: "售后退款"})
	}
	return out, nil
}

// retotal sums the statement's lines into its totals and saves them with the other fields.
func retotal(tx *gorm.DB, st *Statement) error {
	var sums []struct {
		Kind string
		N    int64
		Sum  int64
	}
	err := tx.Model(&Line{}).Select("kind, COUNT(*) AS n, COALESCE(SUM(amount), 0) AS sum").
		Where("statement_id = ?", st.ID).Group("kind").Scan(&sums).Error
	if err != nil {
		return err
	}
	st.Sales, st.Refunds, st.Adjustments, st.OrderCount, st.RefundCount = 0, 0, 0, 0, 0
	for _, k := range sums {
		switch k.Kind {
		case KindOrder:
			st.Sales, st.OrderCount = money.Fen(k.Sum), k.N
		case KindRefund:
			st.Refunds, st.RefundCount = money.Fen(k.Sum), k.N
		case KindAdjustment:
			st.Adjustments = money.Fen(k.Sum)
		}
	}
	st.Net = st.Sales - st.Refunds + st.Adjustments
	return tx.Select("*").Save(st).Error
}
