package statement

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/pdf"
)

// MonthLayout is how a month is written: 2026-11.
const MonthLayout = "2006-01"

var (
	ErrNotFound      = errors.New("statement: no such statement")
	ErrFrozen        = errors.New("statement: the month is frozen")
	ErrFutureMonth   = errors.New("statement: the month has not begun")
	ErrUnknownAgency = errors.New("statement: no such agency")
	ErrStaffOnly     = errors.New("statement: a channel session cannot make or adjust statements")
)

// Service makes, adjusts and reads statements.
type Service struct {
	store *Store
	pdfs  *pdf.Maker
	loc   *time.Location
	now   func() time.Time
}

// NewService counts months in loc, the server's zone, as the dashboard counts days.
func NewService(store *Store, pdfs *pdf.Maker, loc *time.Location, now func() time.Time) *Service {
	return &Service{store: store, pdfs: pdfs, loc: loc, now: now}
}

// Detail is a statement with its lines.
type Detail struct {
	Row
	Lines []Line
}

// List pages the statements the principal may see (an operator: their agency's).
func (s *Service) List(ctx context.Context, p *authz.Principal, q Query) ([]Row, int64, error) {
	if scope := agency.Scope(p); scope != nil {
		q.Agency = scope
	}
	return s.store.Search(ctx, q)
}

// Get reads one statement with its lines; another agency's is not found.
func (s *Service) Get(ctx context.Context, p *authz.Principal, id int64) (Detail, error) {
	r, err := s.store.ByID(ctx, id, agency.Scope(p))
	if err != nil {
		return Detail{}, err
	}
	lines, err := s.store.Lines(ctx, id)
	return Detail{Row: r, Lines: lines}, err
}

// span is month's first instant and the next month's, in the server's zone.
func (s *Service) span(month string) (time.Time, time.Time, error) {
	from, err := time.ParseInLocation(MonthLayout, month, s.loc)
	if err != nil {
		return from, from, err
	}
	return from, from.AddDate(0, 1, 0), nil
}

// Generate makes (again) the agency's statement of a month not yet frozen, as an open draft:
// its order and refund lines are read anew, its adjustments kept. A month not begun is refused.
func (s *Service) Generate(ctx context.Context, p *authz.Principal, agencyID int64, month string) (int64, error) {
	if agency.Scope(p) != nil {
		return 0, ErrStaffOnly
	}
	from, _, err := s.span(month)
	if err != nil {
		return 0, err
	}
	if from.After(s.now()) {
		return 0, ErrFutureMonth
	}
	if ok, err := s.store.AgencyExists(ctx, agencyID); err != nil {
		return 0, err
	} else if !ok {
		return 0, ErrUnknownAgency
	}
	var id int64
	err = s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		st, err := s.make(tx, agencyID, month, false)
		id = st.ID
		return err
	})
	return id, err
}

// make fills the statement's order and refund lines from the month's orders and refunds and
// totals it, freezing it when freeze. A frozen statement is left as it is: ErrFrozen.
func (s *Service) make(tx *gorm.DB, agencyID int64, month string, freeze bool) (Statement, error) {
	from, to, err := s.span(month)
	if err != nil {
		return Statement{}, err
	}
	now := s.now()
	st, err := lock(tx, agencyID, month, now)
	if err != nil {
		return st, err
	}
	if st.State == Frozen {
		return st, ErrFrozen
	}
	if err := tx.Where("statement_id = ? AND kind IN ?", st.ID, []string{KindOrder, KindRefund}).Delete(&Line{}).Error; err != nil {
		return st, err
	}
	lines, err := sources(tx, agencyID, from.UTC(), to.UTC())
	if err != nil {
		return st, err
	}
	for i := range lines {
		lines[i].StatementID = st.ID
	}
	if len(lines) > 0 {
		if err := tx.CreateInBatches(&lines, 200).Error; err != nil {
			return st, err
		}
	}
	st.MadeAt = now
	if freeze {
		st.State, st.FrozenAt = Frozen, &now
	}
	return st, retotal(tx, &st)
}

// Monthly makes and freezes every agency's statement of the month before now's, each in its own
// transaction that fence checks (the job run's lease). A statement frozen already is passed over,
// so a second run changes nothing. It returns the statements frozen.
func (s *Service) Monthly(ctx context.Context, fence func(*gorm.DB) error) (int, error) {
	month := s.now().In(s.loc).AddDate(0, 0, -s.now().In(s.loc).Day()).Format(MonthLayout)
	ids, err := s.store.AgencyIDs(ctx)
	if err != nil {
		return 0, err
	}
	made := 0
	for _, id := range ids {
		err := s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := fence(tx); err != nil {
				return err
			}
			_, err := s.make(tx, id, month, true)
			return err
		})
		switch {
		case errors.Is(err, ErrFrozen):
		case err != nil:
			return made, err
		default:
			made++
		}
	}
	return made, nil
}

// Adjustment is a correction of a statement: a signed amount and why.
type Adjustment struct {
	Amount money.Fen
	Reason string
}

// Adjust adds an adjustment line to a statement, frozen or not, and totals it again.
func (s *Service) Adjust(ctx context.Context, p *authz.Principal, id int64, in Adjustment) error {
	if agency.Scope(p) != nil {
		return ErrStaffOnly
	}
	by := ""
	if p != nil {
		by = p.Username
	}
	return s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		st, err := lockID(tx, id)
		if err != nil {
			return err
		}
		line := Line{StatementID: id, Kind: KindAdjustment, Date: s.now(), Amount: in.Amount, Note: in.Reason, CreateBy: by}
		if err := tx.Create(&line).Error; err != nil {
			return err
		}
		return retotal(tx, &st)
	})
}
