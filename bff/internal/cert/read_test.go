package cert_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/cert"
	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/cert/ocr/specimen"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/gate"
)

// oneFile is every upload: a picture of user 7's.
type oneFile []byte

func (f oneFile) Describe(_ context.Context, ids []int64) (map[int64]cert.File, error) {
	return map[int64]cert.File{ids[0]: {Owner: 7, ContentType: "image/png"}}, nil
}

func (f oneFile) ReadAll(context.Context, int64, int64) ([]byte, error) { return f, nil }

func (f oneFile) Claim(*gorm.DB, ...int64) error { return nil }

// heldReader holds every read until released, saying when one has started.
type heldReader struct{ started, release chan struct{} }

func (r heldReader) Read(context.Context, []byte, ocr.Side) (ocr.Card, error) {
	r.started <- struct{}{}
	<-r.release
	return ocr.Card{}, ocr.ErrUnreadable
}

func (heldReader) Name() string { return "held" }

// TestCardReadsShareTwoSlots: two reads run at once whatever the provider; a third waits no
// longer than its request and is told the reader is busy (503), and a picture out of bounds is
// refused without taking the provider's time.
func TestCardReadsShareTwoSlots(t *testing.T) {
	blank, err := specimen.BlankPNG()
	if err != nil {
		t.Fatal(err)
	}
	r := heldReader{started: make(chan struct{}), release: make(chan struct{})}
	s := cert.NewService(nil, oneFile(blank), nil, r, time.Now, nil)
	op := &authz.Principal{UserID: 7, Kind: authz.KindChannel}
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if _, err := s.ReadCard(context.Background(), op, 1, ocr.Front); !errors.Is(err, ocr.ErrUnreadable) {
				t.Errorf("a held read: %v", err)
			}
		})
		<-r.started
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := s.ReadCard(ctx, op, 1, ocr.Front); !errors.Is(err, gate.ErrBusy) {
		t.Errorf("a third read: %v, want gate.ErrBusy", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the third read waited %s past its request", d)
	}
	close(r.release)
	wg.Wait()

	// ocr.Off would answer ErrOff had it been asked
	strip := cert.NewService(nil, oneFile(specimen.ZeroPNG(1, 40_000_000, false)), nil, ocr.Off{}, time.Now, nil)
	if _, err := strip.ReadCard(context.Background(), op, 1, ocr.Front); !errors.Is(err, ocr.ErrImageSize) {
		t.Errorf("a 1 × 40,000,000 strip: %v, want ocr.ErrImageSize", err)
	}
}
