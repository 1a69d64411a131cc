package attach

import "context"

// Holder tells whether a record still needs a file: a non-nil answer (an *httpx.Error, 409)
// refuses deleting it. Records refer to files by ID whatever type they were uploaded under (a
// certification's pictures and an application's attachments are plain uploads), so a holder is
// asked about every file, not only those of one type.
type Holder func(ctx context.Context, a Attachment) error

// Hold registers a holder. Call it while wiring, before serving.
func (s *Service) Hold(h Holder) { s.holders = append(s.holders, h) }

// held asks every holder about a before it goes: the owner's delete, 存储管理's, and the removal
// of a replaced picture all pass here, so no path deletes evidence a record rests on.
func (s *Service) held(ctx context.Context, a Attachment) error {
	for _, h := range s.holders {
		if err := h(ctx, a); err != nil {
			return err
		}
	}
	return nil
}
