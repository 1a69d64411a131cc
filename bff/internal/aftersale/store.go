package aftersale

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
)

// Store reads and writes cases with their lines and history. It knows gorm and nothing of HTTP;
// the moves' transactions are the service's (they span orders and stock too).
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Query selects cases for the list, the tab counts and the export. Empty fields do not filter.
type Query struct {
	Scope         *int64 // only this agency's cases (a channel session); nil: every case
	Status        string
	Type          string
	CaseNo        string // prefix
	OrderNo       string // prefix
	Phone         string // prefix
	From, To      *time.Time
	IDs           []int64
	Offset, Limit int
}

// scoped narrows tx to one agency's rows when scope is set.
func scoped(tx *gorm.DB, scope *int64) *gorm.DB {
	if scope != nil {
		return tx.Where("agency_id = ?", *scope)
	}
	return tx
}

// where applies every filter but the status (the tabs count over the others).
func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := scoped(s.db.WithContext(ctx).Model(&Case{}), q.Scope)
	for col, v := range map[string]string{"case_no": q.CaseNo, "order_no": q.OrderNo, "phone": q.Phone} {
		if v != "" {
			tx = tx.Where(db.LikeSQL(col), db.StartsWith(v))
		}
	}
	if q.Type != "" {
		tx = tx.Where("type = ?", q.Type)
	}
	if q.From != nil {
		tx = tx.Where("create_time >= ?", *q.From)
	}
	if q.To != nil {
		tx = tx.Where("create_time <= ?", *q.To)
	}
	if len(q.IDs) > 0 {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return tx
}

func withStatus(tx *gorm.DB, status string) *gorm.DB {
	if status != "" {
		return tx.Where("status = ?", status)
	}
	return tx
}

const newestFirst = "create_time DESC, id DESC"

// Search returns a page of cases, newest first, and how many match.
func (s *Store) Search(ctx context.Context, q Query) ([]Case, int64, error) {
	var n int64
	if err := withStatus(s.where(ctx, q), q.Status).Count(&n).Error; err != nil || n == 0 {
		return []Case{}, n, err
	}
	rows, err := db.PageByIDs[Case](withStatus(s.where(ctx, q), q.Status), newestFirst, q.Offset, q.Limit)
	return rows, n, err
}

// Counts returns how many cases match q (its status aside) in each status.
func (s *Store) Counts(ctx context.Context, q Query) (map[string]int64, error) {
	var rows []struct {
		Status string
		N      int64
	}
	err := s.where(ctx, q).Select("status, COUNT(*) AS n").Group("status").Scan(&rows).Error
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Status] = r.N
	}
	return out, err
}

// Each hands every case q selects to fn, newest first, through one cursor.
func (s *Store) Each(ctx context.Context, q Query, fn func(Case) error) error {
	return db.Each(withStatus(s.where(ctx, q), q.Status), newestFirst, fn)
}

// get returns one case inside the scope with its lines, history and its order's money.
func (s *Store) get(ctx context.Context, scope *int64, cond string, key any) (Detail, error) {
	var d Detail
	tx := s.db.WithContext(ctx)
	err := scoped(tx, scope).Where(cond, key).Take(&d.Case).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return d, ErrNotFound
	}
	if err == nil {
		err = tx.Where("case_id = ?", d.ID).Order("id").Find(&d.Items).Error
	}
	if err == nil {
		err = tx.Where("case_id = ?", d.ID).Order("create_time, id").Find(&d.History).Error
	}
	if err == nil {
		var o order.Order
		if err = tx.Select("amount", "refunded").Where("id = ?", d.OrderID).Take(&o).Error; err == nil {
			d.OrderAmount, d.OrderRefunded = o.Amount, o.Refunded
		}
	}
	return d, err
}

// lock reads one case inside the scope and locks its row for tx (SQLite: the transaction holds
// the write lock already).
func lock(tx *gorm.DB, scope *int64, cond string, key any) (Case, error) {
	var c Case
	err := scoped(tx, scope).Clauses(clause.Locking{Strength: "UPDATE"}).Where(cond, key).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, ErrNotFound
	}
	return c, err
}

// save writes the case's changed columns and a history row of the move from → to.
func save(tx *gorm.DB, c Case, up map[string]any, from, to, operator, note string, now time.Time) error {
	up["update_time"] = now
	if err := tx.Model(&Case{}).Where("id = ?", c.ID).Updates(up).Error; err != nil {
		return err
	}
	return tx.Create(&History{CaseID: c.ID, FromStatus: from, ToStatus: to, Operator: operator, Note: note, CreateTime: now}).Error
}

// OrderCases are the cases of one order, oldest first.
func (s *Store) OrderCases(ctx context.Context, orderID int64) ([]Case, error) {
	out := []Case{}
	err := s.db.WithContext(ctx).Where("order_id = ?", orderID).Order("id").Find(&out).Error
	return out, err
}
