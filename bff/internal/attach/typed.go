package attach

import (
	"bytes"
	"context"
	"errors"

	"mallconsole/bff/internal/platform/authz"
)

// Rule narrows the uploads of one type (the form's type field, e.g. "contract"): the kinds and
// size accepted, who may attach a file to which record, and who may delete one. The feature
// that owns the type registers it (Service.Typed). The registered types are the only ones the
// form may name, byte for byte (known): a spelling the rule was not registered under would
// escape it, and MySQL's collation would still find the row under the rule's own spelling.
// An upload without a type keeps the default limits and the owner-only delete.
type Rule struct {
	Types    []string // accepted kinds; nil: the service's
	MaxBytes int64    // 0: the service's; never above it (the body limit)
	// Attach decides whether p may attach a file to the record businessID names; its error is
	// the answer (an *httpx.Error), and the stored file is removed again.
	Attach func(ctx context.Context, p *authz.Principal, a Attachment) error
	// Delete decides whether p may delete a; nil: the owner, or a holder of attach:del.
	Delete func(ctx context.Context, p *authz.Principal, a Attachment) error
	// Claimed: the record lists its files by their businessId (a contract's scans), so an upload
	// Attach let through is taken as it is stored and never swept as an orphan.
	Claimed bool
}

// Typed registers the rule of an upload type. Call it while wiring, before serving.
func (s *Service) Typed(kind string, r Rule) {
	if s.typed == nil {
		s.typed = map[string]Rule{}
	}
	s.typed[kind] = r
}

// known tells whether the form may name kind: no type, or a registered one, compared exactly.
func (s *Service) known(kind string) bool {
	_, ok := s.typed[kind]
	return ok || kind == ""
}

// narrowed are the limits of an upload of type kind: the rule's, inside the service's.
func (s *Service) narrowed(lim limits, kind string) limits {
	r, ok := s.typed[kind]
	if !ok || lim.kind != "" {
		return lim
	}
	if r.Types != nil {
		lim.types = r.Types
	}
	if r.MaxBytes > 0 && r.MaxBytes < lim.maxBytes {
		lim.maxBytes = r.MaxBytes
	}
	return lim
}

// checkTyped runs the type's rule on a stored upload: its kind and size (the type field may
// come after the file, so the file was streamed under the service's limits) and Attach.
func (s *Service) checkTyped(ctx context.Context, p *authz.Principal, a Attachment, lim limits) error {
	r, ok := s.typed[a.Type]
	if !ok || lim.kind != "" {
		return nil
	}
	n := s.narrowed(lim, a.Type)
	if k, ok := sniffKey(a.Key); !ok || !allowed(k, n.types) {
		return unsupported(n)
	}
	if a.Size > n.maxBytes {
		return tooBig(n)
	}
	if r.Attach != nil {
		return r.Attach(ctx, p, a)
	}
	return nil
}

// sniffKey is the kind recorded in a stored key's extension (the key was named after the sniffed kind).
func sniffKey(key string) (Kind, bool) {
	ext := extOf(key)
	if ext == "" {
		return Kind{}, false
	}
	return Kind{Ext: ext[1:]}, true
}

// ByBusiness lists the attachments of one record (type and businessId of their upload), oldest first.
func (s *Service) ByBusiness(ctx context.Context, kind, businessID string) ([]Attachment, error) {
	var out []Attachment
	err := s.db.WithContext(ctx).Where("type = ? AND business_id = ? AND swept_at IS NULL", kind, businessID).Order("id").Find(&out).Error
	return out, err
}

// CountByBusiness counts the attachments of type kind of each record in businessIDs (a list's
// "has a scan"), one query for the page; a record without any is absent from the map.
func (s *Service) CountByBusiness(ctx context.Context, kind string, businessIDs []string) (map[string]int, error) {
	out := map[string]int{}
	if len(businessIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		BusinessID string
		N          int
	}
	err := s.db.WithContext(ctx).Model(&Attachment{}).Select("business_id, COUNT(*) AS n").
		Where("type = ? AND business_id IN ?", kind, businessIDs).Group("business_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.BusinessID] = r.N
	}
	return out, err
}

// Get returns the attachment with id, found = false when there is none.
func (s *Service) Get(ctx context.Context, id int64) (Attachment, bool, error) {
	return s.byID(ctx, id)
}

// Put stores body as owner's attachment of the given type under name (files the program makes
// itself, e.g. the demo contract template); the kind is sniffed as for an upload. The caller
// claims it where its record takes it (Claim).
func (s *Service) Put(ctx context.Context, owner int64, kind, name string, body []byte) (Attachment, error) {
	k, ok := sniff(body[:min(len(body), sniffLen)], name)
	if !ok {
		return Attachment{}, errors.New("attach: unknown kind of file")
	}
	a := Attachment{Key: newKey(k.Ext), OriginalName: cleanName(name), ContentType: k.ContentType, OwnerID: owner,
		Type: kind, CreateTime: s.opt.Now()}
	size, err := s.store.Put(ctx, a.Key, bytes.NewReader(body))
	if err != nil {
		return Attachment{}, err
	}
	a.Size = size
	if err := s.db.WithContext(ctx).Create(&a).Error; err != nil {
		_ = s.store.Delete(ctx, a.Key)
		return Attachment{}, err
	}
	return a, nil
}

// Answer is the upload answer of a stored attachment (its read and download paths).
func Answer(a Attachment) Uploaded { return answer(a) }
