package contract

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/money"
)

// The service's answers other than success (ErrIllegalMove is in machine.go).
var (
	ErrNotFound         = errors.New("contract: no such contract")
	ErrTemplateNotFound = errors.New("contract: no such template")
	ErrTemplateInUse    = errors.New("contract: contracts were made from the template")
	ErrAlreadyReceived  = errors.New("contract: the agency already received the template")
	ErrNotOffered       = errors.New("contract: the template is not published and enabled")
	ErrNoConflict       = errors.New("contract: contract number taken")
	ErrUnknownAgency    = errors.New("contract: no such agency")
	ErrFile             = errors.New("contract: the file is not an uploaded template PDF")
	ErrNoScan           = errors.New("contract: signing needs the signed scan attached")
	ErrDates            = errors.New("contract: the end date is before the start date")
)

// Upload types of the files (the form's type field of POST /api/contract/upload).
const (
	TemplateFile = "contractTemplate"
	ContractFile = "contract"
)

// ExpiringDays: a signed contract ending within this many days is flagged (即将到期).
const ExpiringDays = 30

// Files is what the service needs of uploads.
type Files interface {
	Get(ctx context.Context, id int64) (attach.Attachment, bool, error)
	ByBusiness(ctx context.Context, kind, businessID string) ([]attach.Attachment, error)
	CountByBusiness(ctx context.Context, kind string, businessIDs []string) (map[string]int, error)
	// Claim marks files as taken by a record inside its transaction (docs/decisions.md
	// "Orphaned uploads"); the scans are taken as they are uploaded (FileRules).
	Claim(tx *gorm.DB, ids ...int64) error
}

// Service holds the rules of templates and contracts.
type Service struct {
	store *Store
	db    *gorm.DB // the agencies, read only (names and the variables a receipt fills in)
	files Files
	now   func() time.Time
	loc   *time.Location
}

// NewService uses store, the agencies in g, files for attachments, now and the dates of loc.
func NewService(store *Store, g *gorm.DB, files Files, now func() time.Time, loc *time.Location) *Service {
	return &Service{store: store, db: g, files: files, now: now, loc: loc}
}

func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// Today is the date of now where the console runs (yyyy-MM-dd).
func (s *Service) Today() string { return s.now().In(s.loc).Format(time.DateOnly) }

func (s *Service) soon() string {
	return s.now().In(s.loc).AddDate(0, 0, ExpiringDays).Format(time.DateOnly)
}

// Expiring tells whether a contract is flagged 即将到期 today.
func (s *Service) Expiring(c Contract) bool {
	return Effective(c, s.Today()) == Signed && c.EndDate <= s.soon()
}

// dated fills the query's dates.
func (s *Service) dated(q Query) Query {
	q.Today, q.Soon = s.Today(), s.soon()
	return q
}

// agencyOf reads one agency (nil scope: any; else only the scope's).
func (s *Service) agencyOf(ctx context.Context, id int64) (agency.Agency, error) {
	var a agency.Agency
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return a, ErrUnknownAgency
	}
	return a, err
}

// AgencyNames returns the names of the agencies ids.
func (s *Service) AgencyNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	return agency.Names(ctx, s.db, ids)
}

// newNo is HT, the date and six random digits; the unique key refuses the rare collision.
func newNo(now time.Time) (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("HT%s%06d", now.Format("20060102"), n.Int64()), nil
}

// create adds c with a new number, trying again on the rare collision of numbers.
func (s *Service) create(ctx context.Context, c *Contract, write func(*Contract) error) error {
	var err error
	for range 3 {
		if c.ContractNo, err = newNo(s.now().In(s.loc)); err != nil {
			return err
		}
		c.ID = 0
		if err = write(c); !errors.Is(err, ErrNoConflict) {
			return err
		}
	}
	return err
}

// systemVars are the variables fill gives values from the agency and the contract (the template
// dialog shows them as 系统填写: frontend/src/features/contract/templateFill.ts).
var systemVars = []string{"agencyName", "agencyCode", "contactPerson", "phone", "startDate", "endDate", "contractNo", "amount"}

// SystemVar tells whether the system fills the variable key when a contract is made.
func SystemVar(key string) bool { return slices.Contains(systemVars, key) }

// fill gives the template's variables their values for agency a and the contract c; a variable
// the console does not know keeps the template's value (a rate, say).
func fill(vars []Var, a agency.Agency, c Contract) []Var {
	known := map[string]string{"agencyName": a.Name, "agencyCode": a.Code, "contactPerson": a.Contact,
		"phone": a.Phone, "startDate": c.StartDate, "endDate": c.EndDate, "contractNo": c.ContractNo,
		"amount": c.Amount.String()}
	out := make([]Var, len(vars))
	for i, v := range vars {
		if k, ok := known[v.Key]; ok {
			v.Value = k
		}
		out[i] = v
	}
	return out
}

// Receive makes the agency's contract from a published, enabled template, in pending_sign,
// once per agency and template (ErrAlreadyReceived).
func (s *Service) Receive(ctx context.Context, agencyID, templateID int64) (Contract, error) {
	t, err := s.store.Template(ctx, templateID)
	if err != nil {
		return Contract{}, err
	}
	if !t.Published || !t.Enabled {
		return Contract{}, ErrNotOffered
	}
	a, err := s.agencyOf(ctx, agencyID)
	if err != nil {
		return Contract{}, err
	}
	start := s.now().In(s.loc)
	months := max(t.ValidMonths, 1)
	now := s.stamp()
	c := Contract{Name: t.Name, AgencyID: a.ID, TemplateID: &t.ID, StartDate: start.Format(time.DateOnly),
		EndDate: start.AddDate(0, months, -1).Format(time.DateOnly), Status: PendingSign, CreateTime: now, UpdateTime: now}
	err = s.create(ctx, &c, func(c *Contract) error {
		c.Variables = fill(t.Variables, a, *c)
		return s.store.Receive(ctx, c, now)
	})
	return c, err
}

// Input is a contract as staff write it.
type Input struct {
	ID         int64
	Name       string
	AgencyID   int64
	TemplateID *int64
	StartDate  string
	EndDate    string
	Amount     money.Fen
	Remark     string
}

// Save creates a draft (ID 0) or edits a contract inside the scope while it is editable. An
// operator's contract is always their agency's.
func (s *Service) Save(ctx context.Context, scope *int64, in Input) (int64, error) {
	if in.EndDate < in.StartDate {
		return 0, ErrDates
	}
	if scope != nil {
		in.AgencyID = *scope
	}
	a, err := s.agencyOf(ctx, in.AgencyID)
	if err != nil {
		return 0, err
	}
	var vars []Var
	if in.TemplateID != nil {
		t, err := s.store.Template(ctx, *in.TemplateID)
		if err != nil {
			return 0, err
		}
		vars = t.Variables
	}
	now := s.stamp()
	if in.ID == 0 {
		c := Contract{Name: in.Name, AgencyID: a.ID, TemplateID: in.TemplateID, StartDate: in.StartDate,
			EndDate: in.EndDate, Amount: in.Amount, Status: Draft, Remark: in.Remark, CreateTime: now, UpdateTime: now}
		err := s.create(ctx, &c, func(c *Contract) error {
			c.Variables = fill(vars, a, *c)
			return s.store.Create(ctx, c)
		})
		return c.ID, err
	}
	today := s.Today()
	return in.ID, s.store.Change(ctx, scope, in.ID, func(c Contract) (map[string]any, error) {
		if st := Effective(c, today); !Editable(st) {
			return nil, &MoveError{From: st, To: "edited"}
		}
		c.Name, c.AgencyID, c.TemplateID, c.StartDate, c.EndDate, c.Amount = in.Name, a.ID, in.TemplateID,
			in.StartDate, in.EndDate, in.Amount
		if in.TemplateID != nil {
			c.Variables = fill(vars, a, c)
		}
		return map[string]any{"name": c.Name, "agency_id": c.AgencyID, "template_id": c.TemplateID,
			"start_date": c.StartDate, "end_date": c.EndDate, "amount": c.Amount, "remark": in.Remark,
			"variables": c.Variables, "update_time": now}, nil
	})
}

// Move applies a status action to a contract inside the scope. Signing needs a scan attached.
func (s *Service) Move(ctx context.Context, scope *int64, id int64, action string) error {
	today, now := s.Today(), s.stamp()
	return s.store.Change(ctx, scope, id, func(c Contract) (map[string]any, error) {
		to, err := Next(Effective(c, today), action)
		if err != nil {
			return nil, err
		}
		up := map[string]any{"status": to, "update_time": now}
		if action == Sign {
			scans, err := s.files.ByBusiness(ctx, ContractFile, strconv.FormatInt(id, 10))
			if err != nil {
				return nil, err
			}
			if len(scans) == 0 {
				return nil, ErrNoScan
			}
			up["sign_time"] = now
		}
		return up, nil
	})
}

// ScanCounts is how many signed scans each of the contracts has (the list offers 标记已签署 only
// with one, as Move requires).
func (s *Service) ScanCounts(ctx context.Context, cs []Contract) (map[int64]int, error) {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = strconv.FormatInt(c.ID, 10)
	}
	n, err := s.files.CountByBusiness(ctx, ContractFile, ids)
	out := make(map[int64]int, len(n))
	for _, c := range cs {
		out[c.ID] = n[strconv.FormatInt(c.ID, 10)]
	}
	return out, err
}

// Detail is a contract with its attachments and its template's file (whose text the detail
// shows with the contract's variables filled in).
type Detail struct {
	Contract
	AgencyName string
	Files      []attach.Attachment
	Template   *Template // nil without one
}

// Get returns one contract inside the scope with its attachments.
func (s *Service) Get(ctx context.Context, scope *int64, id int64) (Detail, error) {
	c, err := s.store.Get(ctx, scope, id)
	if err != nil {
		return Detail{}, err
	}
	a, err := s.agencyOf(ctx, c.AgencyID)
	if err != nil && !errors.Is(err, ErrUnknownAgency) {
		return Detail{}, err
	}
	d := Detail{Contract: c, AgencyName: a.Name}
	if c.TemplateID != nil {
		t, err := s.store.Template(ctx, *c.TemplateID)
		if err != nil && !errors.Is(err, ErrTemplateNotFound) {
			return Detail{}, err
		}
		if err == nil {
			d.Template = &t
		}
	}
	d.Files, err = s.files.ByBusiness(ctx, ContractFile, strconv.FormatInt(id, 10))
	return d, err
}

// List returns a page of the contracts q selects.
func (s *Service) List(ctx context.Context, q Query) ([]Contract, int64, error) {
	return s.store.Search(ctx, s.dated(q))
}

// Each hands every contract q selects to fn (the export).
func (s *Service) Each(ctx context.Context, q Query, fn func(Contract) error) error {
	return s.store.Each(ctx, s.dated(q), fn)
}

// ExpiringCount is how many contracts inside the scope are flagged 即将到期 (the dashboard).
func (s *Service) ExpiringCount(ctx context.Context, scope *int64) (int64, error) {
	return s.store.Count(ctx, s.dated(Query{Scope: scope, Expiring: true}))
}

// Delete removes drafts inside the scope.
func (s *Service) Delete(ctx context.Context, scope *int64, ids []int64) error {
	return s.store.Delete(ctx, scope, ids)
}
