package stock

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/db"
)

// Store reads the ledger and the SKUs a person adjusts. It knows gorm and nothing of HTTP;
// every write goes through Apply.
type Store struct {
	db *gorm.DB
}

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Query selects ledger rows for the list and the export. Empty fields do not filter.
type Query struct {
	Scope    *int64 // only this seller's rows (a channel session); nil: every row
	SkuID    *int64
	SkuCode  string // the SKUs of this code (one per seller)
	Reason   string
	OrderNo  string
	Operator string // prefix
	From, To *time.Time
	IDs      []int64 // only these rows (export of the selection)
	Offset   int
	Limit    int
}

// newestFirst is the ledger's order: the indexes end in create_time, the id breaks ties.
const newestFirst = "create_time DESC, id DESC"

func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := s.db.WithContext(ctx).Model(&Entry{})
	if q.Scope != nil {
		tx = tx.Where("scope_id = ?", *q.Scope)
	}
	if q.SkuID != nil {
		tx = tx.Where("sku_id = ?", *q.SkuID)
	}
	if q.SkuCode != "" {
		// a code names one SKU per seller: through goods_skus, the ledger's SKU index serves
		tx = tx.Where("sku_id IN (?)", s.db.WithContext(ctx).Table("goods_skus").Select("id").Where("code = ?", q.SkuCode))
	}
	if q.Reason != "" {
		tx = tx.Where("reason = ?", q.Reason)
	}
	if q.OrderNo != "" {
		tx = tx.Where("order_no = ?", q.OrderNo)
	}
	if q.Operator != "" {
		tx = tx.Where(db.LikeSQL("operator"), db.StartsWith(q.Operator))
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

// Search returns a page of the rows q selects, newest first, and how many match.
func (s *Store) Search(ctx context.Context, q Query) ([]Entry, int64, error) {
	var n int64
	if err := s.where(ctx, q).Count(&n).Error; err != nil || n == 0 {
		return []Entry{}, n, err
	}
	rows, err := db.PageByIDs[Entry](s.where(ctx, q), newestFirst, q.Offset, q.Limit)
	return rows, n, err
}

// Each hands every row q selects to fn, newest first, through one cursor (the export).
func (s *Store) Each(ctx context.Context, q Query, fn func(Entry) error) error {
	rows, err := s.where(ctx, q).Order(newestFirst).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var e Entry
		if err := s.db.ScanRows(rows, &e); err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Sku is a SKU as the adjust dialog picks it: its code, the goods' name, its spec values and
// its stock now.
type Sku struct {
	ID        int64
	GoodsID   int64
	ScopeID   int64
	Code      string
	GoodsName string
	Specs     string // JSON []string
	Stock     int64
}

// skuColumns are Sku's columns from goods_skus AS s JOIN goods AS g.
const skuColumns = "s.id, s.goods_id, s.scope_id, s.code, g.name AS goods_name, s.specs, s.stock"

func (s *Store) skus(tx *gorm.DB, scope *int64) *gorm.DB {
	tx = tx.Table("goods_skus AS s").Joins("JOIN goods AS g ON g.id = s.goods_id").Select(skuColumns)
	if scope != nil {
		tx = tx.Where("s.scope_id = ?", *scope)
	}
	return tx
}

// FindSkus returns up to limit SKUs inside the scope whose code or goods name starts with or
// contains blurry, codes first in code order.
func (s *Store) FindSkus(ctx context.Context, scope *int64, blurry string, limit int) ([]Sku, error) {
	tx := s.skus(s.db.WithContext(ctx), scope)
	if blurry != "" {
		tx = tx.Where(db.LikeSQL("s.code")+" OR "+db.LikeSQL("g.name"), db.StartsWith(blurry), db.Contains(blurry))
	}
	out := []Sku{}
	err := tx.Order("s.code, s.id").Limit(limit).Scan(&out).Error
	return out, err
}

// Adjust runs move inside one transaction on the SKU id inside the scope, locked: move decides
// the Move from the SKU as it is now (a stocktake needs its stock), and Apply makes it.
// ErrNoSku for a SKU outside the scope.
func (s *Store) Adjust(ctx context.Context, scope *int64, id int64, now time.Time, move func(Sku) (Move, error)) (Entry, error) {
	var out Entry
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// the SKU's row alone is locked (not its goods'): SKUs before goods, as Apply takes them
		var locked []int64
		if err := tx.Table("goods_skus").Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("id = ?", id).Pluck("id", &locked).Error; err != nil {
			return err
		}
		var sku Sku
		err := s.skus(tx, scope).Where("s.id = ?", id).Take(&sku).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNoSku
		}
		if err != nil {
			return err
		}
		m, err := move(sku)
		if err != nil {
			return err
		}
		entries, err := Apply(tx, now, []Move{m})
		if err != nil {
			return err
		}
		out = entries[0]
		return nil
	})
	return out, err
}
