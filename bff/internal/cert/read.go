package cert

import (
	"context"
	"errors"
	"time"

	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/platform/authz"
)

// maxCardBytes is the largest picture handed to OCR: a phone photo of a card is a few MB.
const maxCardBytes = 10 << 20

// Reads at once: a read holds its file (up to maxCardBytes), the decoded picture (up to
// ocr.MaxDecodeBytes) and a tesseract process or a vendor's connection, so the process holds
// at most readSlots of them; a further read waits up to readWait, then is told to retry.
const (
	readSlots = 2
	readWait  = 5 * time.Second
)

// ReadCard reads one side of an identity card from an uploaded file. A channel operator reads
// only their own uploads; staff any (the reviewer checking a submission). Failures: ErrNoFile,
// gate.ErrBusy, ocr.ErrNotImage, ocr.ErrImageSize, ocr.ErrUnreadable, ocr.ErrUnavailable,
// ocr.ErrOff.
func (s *Service) ReadCard(ctx context.Context, p *authz.Principal, fileID int64, side ocr.Side) (ocr.Card, error) {
	fs, err := s.files.Describe(ctx, []int64{fileID})
	if err != nil {
		return ocr.Card{}, err
	}
	f, ok := fs[fileID]
	if !ok || (p.Kind == authz.KindChannel && f.Owner != p.UserID) {
		return ocr.Card{}, ErrNoFile // another's file is no file at all: its existence is not told
	}
	release, err := s.reading.Enter(ctx)
	if err != nil {
		return ocr.Card{}, err
	}
	defer release()
	b, err := s.files.ReadAll(ctx, fileID, maxCardBytes)
	if errors.Is(err, ErrReadLimit) {
		return ocr.Card{}, ocr.ErrNotImage
	}
	if err != nil {
		return ocr.Card{}, err
	}
	if err := ocr.CheckImage(b); err != nil {
		return ocr.Card{}, err
	}
	start := s.now()
	card, err := s.reader.Read(ctx, b, side)
	s.log.InfoContext(ctx, "identity card read", "provider", s.reader.Name(), "side", string(side), "file", fileID,
		"millis", s.now().Sub(start)/time.Millisecond, "number", MaskID(card.Number), "error", errText(err))
	return card, err
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
