package contract

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/db"
)

// Store reads and writes templates, contracts and receipts. It knows gorm and nothing of HTTP.
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// TemplateQuery selects templates. Offerable: only what an operator may receive (published and
// enabled).
type TemplateQuery struct {
	Blurry        string // name contains
	Enabled       *bool
	Offerable     bool
	Offset, Limit int
}

func (s *Store) templates(ctx context.Context, q TemplateQuery) *gorm.DB {
	tx := s.db.WithContext(ctx).Model(&Template{})
	if q.Blurry != "" {
		tx = db.AnyLike(tx, q.Blurry, "name", "version")
	}
	if q.Enabled != nil {
		tx = tx.Where("enabled = ?", *q.Enabled)
	}
	if q.Offerable {
		tx = tx.Where("published = ? AND enabled = ?", true, true)
	}
	return tx
}

// Templates returns a page of templates, newest first, and how many match.
func (s *Store) Templates(ctx context.Context, q TemplateQuery) ([]Template, int64, error) {
	return db.Paged[Template](s.templates(ctx, q), "create_time DESC, id DESC", q.Offset, q.Limit)
}

// Template returns one template, or ErrTemplateNotFound.
func (s *Store) Template(ctx context.Context, id int64) (Template, error) {
	var t Template
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return t, ErrTemplateNotFound
	}
	return t, err
}

// SaveTemplate creates t (ID 0) or writes its editable fields, and runs within (the file's claim) in the same transaction.
func (s *Store) SaveTemplate(ctx context.Context, t *Template, within func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if t.ID == 0 {
			if err := tx.Create(t).Error; err != nil {
				return err
			}
			return within(tx)
		}
		res := tx.Model(&Template{}).Where("id = ?", t.ID).Select("name", "version", "file_id", "file_key", "file_name",
			"variables", "valid_months", "enabled", "update_time").Updates(t)
		if res.Error == nil && res.RowsAffected == 0 {
			return ErrTemplateNotFound
		}
		if res.Error != nil {
			return res.Error
		}
		return within(tx)
	})
}

// Publish marks a template published (once; publishing again changes nothing).
func (s *Store) Publish(ctx context.Context, id int64, now time.Time) error {
	return s.db.WithContext(ctx).Model(&Template{}).Where("id = ? AND published = ?", id, false).
		Updates(map[string]any{"published": true, "publish_time": now, "update_time": now}).Error
}

// DeleteTemplates removes templates no contract was made from, all or none.
func (s *Store) DeleteTemplates(ctx context.Context, ids []int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&Contract{}).Where("template_id IN ?", ids).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return ErrTemplateInUse
		}
		return tx.Where("id IN ?", ids).Delete(&Template{}).Error
	})
}

// Received returns which of the templates the agency has received.
func (s *Store) Received(ctx context.Context, agencyID int64, templateIDs []int64) (map[int64]bool, error) {
	var ids []int64
	err := s.db.WithContext(ctx).Model(&Receipt{}).Where("agency_id = ? AND template_id IN ?", agencyID, templateIDs).
		Pluck("template_id", &ids).Error
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// Receive writes the receipt and the contract in one transaction; a second receipt of the same
// template by the same agency is refused by the unique key (ErrAlreadyReceived).
func (s *Store) Receive(ctx context.Context, c *Contract, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r := Receipt{TemplateID: *c.TemplateID, AgencyID: c.AgencyID, CreateTime: now}
		if err := tx.Create(&r).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return ErrAlreadyReceived
			}
			return err
		}
		if err := tx.Create(c).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return ErrNoConflict
			}
			return err
		}
		return tx.Model(&Receipt{}).Where("id = ?", r.ID).Update("contract_id", c.ID).Error
	})
	return err
}

// Query selects contracts for the list and the export. Empty fields do not filter. Statuses
// are effective ones, compared with Today.
type Query struct {
	Scope      *int64 // only this agency's contracts (a channel session); nil: every row
	ContractNo string // prefix
	AgencyID   *int64
	Status     string
	From, To   string // the term overlaps [From, To] (dates)
	Expiring   bool   // signed, ending within ExpiringDays of Today
	Today      string
	Soon       string // Today + ExpiringDays
	IDs        []int64
	Order      string
	Offset     int
	Limit      int
}

func scoped(tx *gorm.DB, scope *int64) *gorm.DB {
	if scope != nil {
		return tx.Where("agency_id = ?", *scope)
	}
	return tx
}

func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := scoped(s.db.WithContext(ctx).Model(&Contract{}), q.Scope)
	if q.ContractNo != "" {
		tx = tx.Where(db.LikeSQL("contract_no"), db.StartsWith(q.ContractNo))
	}
	if q.AgencyID != nil {
		tx = tx.Where("agency_id = ?", *q.AgencyID)
	}
	switch q.Status {
	case "":
	case Signed:
		tx = tx.Where("status = ? AND end_date >= ?", Signed, q.Today)
	case Expired:
		tx = tx.Where("status = ? OR (status = ? AND end_date < ?)", Expired, Signed, q.Today)
	default:
		tx = tx.Where("status = ?", q.Status)
	}
	if q.From != "" {
		tx = tx.Where("end_date >= ?", q.From)
	}
	if q.To != "" {
		tx = tx.Where("start_date <= ?", q.To)
	}
	if q.Expiring {
		tx = tx.Where("status = ? AND end_date >= ? AND end_date <= ?", Signed, q.Today, q.Soon)
	}
	if len(q.IDs) > 0 {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return tx
}

func order(q Query) string {
	if q.Order == "" {
		return "create_time DESC, id DESC"
	}
	return q.Order
}

// Search returns a page of contracts and how many match.
func (s *Store) Search(ctx context.Context, q Query) ([]Contract, int64, error) {
	return db.Paged[Contract](s.where(ctx, q), order(q), q.Offset, q.Limit)
}

// Count is how many contracts q selects (the dashboard's 即将到期).
func (s *Store) Count(ctx context.Context, q Query) (int64, error) {
	var n int64
	err := s.where(ctx, q).Count(&n).Error
	return n, err
}

// Each hands every contract q selects to fn (the export).
func (s *Store) Each(ctx context.Context, q Query, fn func(Contract) error) error {
	return db.Each(s.where(ctx, q), order(q), fn)
}

// Get returns one contract inside the scope, or ErrNotFound.
func (s *Store) Get(ctx context.Context, scope *int64, id int64) (Contract, error) {
	var c Contract
	err := scoped(s.db.WithContext(ctx), scope).Where("id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, ErrNotFound
	}
	return c, err
}

// Create adds a contract; a taken number is ErrNoConflict.
func (s *Store) Create(ctx context.Context, c *Contract) error {
	err := s.db.WithContext(ctx).Create(c).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrNoConflict
	}
	return err
}

// Change locks one contract inside the scope and lets change decide, from the row as it is now,
// what to write; an error from change writes nothing.
func (s *Store) Change(ctx context.Context, scope *int64, id int64, change func(c Contract) (map[string]any, error)) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var c Contract
		err := scoped(tx, scope).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&c).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		up, err := change(c)
		if err != nil || len(up) == 0 {
			return err
		}
		return tx.Model(&Contract{}).Where("id = ?", id).Updates(up).Error
	})
}

// Delete removes contracts inside the scope, all or none: each must exist and be a draft.
func (s *Store) Delete(ctx context.Context, scope *int64, ids []int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cs []Contract
		if err := scoped(tx, scope).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id IN ?", ids).Find(&cs).Error; err != nil {
			return err
		}
		if len(cs) != len(ids) {
			return ErrNotFound
		}
		for _, c := range cs {
			if c.Status != Draft {
				return &MoveError{From: c.Status, To: "deleted"}
			}
		}
		if err := tx.Where("contract_id IN ?", ids).Delete(&Receipt{}).Error; err != nil {
			return err
		}
		return tx.Where("id IN ?", ids).Delete(&Contract{}).Error
	})
}
