package attach

import (
	"context"
	"io"
)

// Lookup returns the attachments of ids that exist (a feature that refers to uploads checks
// their owner and type).
func (s *Service) Lookup(ctx context.Context, ids []int64) ([]Attachment, error) {
	as := []Attachment{}
	if len(ids) == 0 {
		return as, nil
	}
	err := s.db.WithContext(ctx).Where("id IN ? AND swept_at IS NULL", ids).Find(&as).Error
	return as, err
}

// ReadPath is where the browser reads a (/api/files/{key}).
func ReadPath(a Attachment) string { return answer(a).ReadURL }

// Open opens a's stored content.
func (s *Service) Open(ctx context.Context, a Attachment) (io.ReadCloser, error) {
	return s.store.Open(ctx, a.Key)
}
