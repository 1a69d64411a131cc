package cert

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/gate"
)

// The service's errors.
var (
	ErrNotFound  = errors.New("cert: no such certification")
	ErrState     = errors.New("cert: not allowed in this state")
	ErrNoAgency  = errors.New("cert: the caller has no agency to certify")
	ErrFile      = errors.New("cert: a file is missing, not the caller's, or not an image")
	ErrNoFile    = errors.New("cert: no such file")
	ErrNoReason  = errors.New("cert: a rejection needs a reason")
	ErrReadLimit = errors.New("cert: the file is too large to read")
)

// File is what the certification needs to know of an upload.
type File struct {
	Owner       int64
	ContentType string
	URL         string // where the browser reads it (/api/files/{key})
}

// Files are the uploads (package attach): described by ID, and read (at most max bytes).
type Files interface {
	Describe(ctx context.Context, ids []int64) (map[int64]File, error)
	ReadAll(ctx context.Context, id int64, max int64) ([]byte, error)
	// Claim marks the pictures as taken inside the submission's transaction, so the orphan
	// sweep never removes them (docs/decisions.md "Orphaned uploads").
	Claim(tx *gorm.DB, ids ...int64) error
}

// Agencies records an agency's certification state (the agency feature's agencies.cert_status).
type Agencies interface {
	SetCertStatus(ctx context.Context, agencyID int64, status string) error
}

// Input is a submission, checked for shape by http.go.
type Input struct {
	AgencyID    int64 // staff only: the agency submitted for; a channel session's own agency wins
	CompanyName string
	CreditCode  string
	LegalPerson string
	IDNumber    string
	IDFront     int64
	IDBack      int64
	License     int64
}

// Service holds the rules.
type Service struct {
	store    *Store
	files    Files
	agencies Agencies // nil: no agency table to keep in step
	reader   ocr.Provider
	reading  *gate.Gate // the card reads of this process, whichever the provider
	now      func() time.Time
	log      *slog.Logger
}

// NewService builds the service; agencies may be nil.
func NewService(store *Store, files Files, agencies Agencies, reader ocr.Provider, now func() time.Time, log *slog.Logger) *Service {
	if reader == nil {
		reader = ocr.Off{}
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{store: store, files: files, agencies: agencies, reader: reader, now: now, log: log,
		reading: gate.New(readSlots, readWait)}
}

// agencyOf is the agency a submission is for: a channel operator's own, or the one staff named.
func agencyOf(p *authz.Principal, asked int64) (int64, error) {
	if sc := agency.Scope(p); sc != nil {
		asked = *sc
	}
	if asked <= 0 {
		return 0, ErrNoAgency
	}
	return asked, nil
}

// checkFiles: every file exists and is a picture; a channel operator's are their own uploads
// (an operator cannot attach another agency's files, whose IDs are guessable).
func (s *Service) checkFiles(ctx context.Context, p *authz.Principal, ids ...int64) (map[int64]File, error) {
	fs, err := s.files.Describe(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		f, ok := fs[id]
		if !ok || !strings.HasPrefix(f.ContentType, "image/") || (p.Kind == authz.KindChannel && f.Owner != p.UserID) {
			return nil, ErrFile
		}
	}
	return fs, nil
}

// Submit records a certification as pending: the agency's first, or a new try after a
// rejection. A pending or approved one cannot be submitted again (ErrState).
func (s *Service) Submit(ctx context.Context, p *authz.Principal, in Input) (int64, error) {
	agencyID, err := agencyOf(p, in.AgencyID)
	if err != nil {
		return 0, err
	}
	if name, err := s.store.AgencyName(ctx, agencyID); err != nil {
		return 0, err
	} else if name == "" {
		return 0, ErrNoAgency
	}
	if _, err := s.checkFiles(ctx, p, in.IDFront, in.IDBack, in.License); err != nil {
		return 0, err
	}
	now := s.now()
	c := Cert{AgencyID: agencyID, CompanyName: in.CompanyName, CreditCode: in.CreditCode, LegalPerson: in.LegalPerson,
		IDNumber: in.IDNumber, IDFront: in.IDFront, IDBack: in.IDBack, License: in.License, Status: Pending,
		SubmitterID: p.UserID, SubmitTime: now}
	claim := func(tx *gorm.DB) error { return s.files.Claim(tx, in.IDFront, in.IDBack, in.License) }
	old, found, err := s.store.ByAgency(ctx, agencyID)
	switch {
	case err != nil:
		return 0, err
	case !found:
		if err := s.store.Create(ctx, &c, claim); err != nil {
			return 0, err
		}
	case old.Status != Rejected:
		return 0, ErrState
	default:
		c.ID = old.ID
		if ok, err := s.store.Resubmit(ctx, c, claim); err != nil {
			return 0, err
		} else if !ok {
			return 0, ErrState
		}
	}
	s.log.InfoContext(ctx, "certification submitted", "agency", agencyID, "cert", c.ID, "idNumber", MaskID(c.IDNumber))
	return c.ID, s.mark(ctx, agencyID, Pending)
}

func (s *Service) mark(ctx context.Context, agencyID int64, status string) error {
	if s.agencies == nil {
		return nil
	}
	return s.agencies.SetCertStatus(ctx, agencyID, status)
}

// Audit approves or rejects (with a reason) a pending certification. Reviewing is staff's: a
// channel session finds nothing to decide, even granted cert:audit (it would approve itself).
func (s *Service) Audit(ctx context.Context, p *authz.Principal, id int64, approve bool, reason string) error {
	c, found, err := s.store.ByID(ctx, id)
	if err != nil {
		return err
	}
	if !found || agency.Scope(p) != nil {
		return ErrNotFound
	}
	status := Approved
	if !approve {
		status = Rejected
		if strings.TrimSpace(reason) == "" {
			return ErrNoReason
		}
	} else {
		reason = ""
	}
	if ok, err := s.store.Decide(ctx, id, status, reason, p.UserID, s.now()); err != nil {
		return err
	} else if !ok {
		return ErrState
	}
	s.log.InfoContext(ctx, "certification decided", "agency", c.AgencyID, "cert", id, "status", status)
	return s.mark(ctx, c.AgencyID, status)
}

// Mine is the caller's agency's certification; found = false when there is none (or the
// caller has no agency).
func (s *Service) Mine(ctx context.Context, p *authz.Principal) (Cert, bool, error) {
	sc := agency.Scope(p)
	if sc == nil || *sc == 0 {
		return Cert{}, false, nil
	}
	return s.store.ByAgency(ctx, *sc)
}

// Get is one certification; another agency's is ErrNotFound to a channel session.
func (s *Service) Get(ctx context.Context, p *authz.Principal, id int64) (Cert, error) {
	c, found, err := s.store.ByID(ctx, id)
	if err != nil {
		return c, err
	}
	if sc := agency.Scope(p); !found || (sc != nil && *sc != c.AgencyID) {
		return Cert{}, ErrNotFound
	}
	return c, nil
}

// List is a page of certifications (a channel session's own only).
func (s *Service) List(ctx context.Context, p *authz.Principal, q Query) ([]Listed, int64, error) {
	q.Agency = agency.Scope(p)
	return s.store.List(ctx, q)
}

// URLs are where the browser reads the certification's images.
func (s *Service) URLs(ctx context.Context, c Cert) (map[int64]File, error) {
	return s.files.Describe(ctx, []int64{c.IDFront, c.IDBack, c.License})
}
