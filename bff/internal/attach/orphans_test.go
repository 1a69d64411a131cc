package attach_test

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/dbtest"
)

var png1x1 = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

// flaky is a Storage whose deletes fail while broken.
type flaky struct {
	attach.Storage
	broken bool
}

func (f *flaky) Delete(ctx context.Context, key string) error {
	if f.broken {
		return errors.New("storage unavailable")
	}
	return f.Storage.Delete(ctx, key)
}

func noFence(*gorm.DB) error { return nil }

var errLost = errors.New("lease lost")

func lostFence(*gorm.DB) error { return errLost }

// TestSweepOrphans: an upload no record claimed is removed (row and object) once older than the
// grace period, not before; a claimed one (by ID, by read path, or held by a record) stays; a
// run that lost its lease removes nothing; an object that cannot be deleted keeps its row, which
// reads as gone, and the next run finishes it.
func TestSweepOrphans(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		disk, err := attach.NewDisk(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		store := &flaky{Storage: disk}
		s := attach.New(g, store, attach.Options{MaxBytes: 1 << 20, Now: clock})
		put := func() attach.Attachment {
			a, err := s.Put(ctx, 1, "", "p.png", png1x1)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		exists := func(a attach.Attachment) bool {
			_, found, err := s.Get(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			r, err := disk.Open(ctx, a.Key)
			if err == nil {
				_, _ = io.Copy(io.Discard, r)
				r.Close()
			}
			if found != (err == nil) && found {
				t.Fatalf("upload %d: row without its object", a.ID)
			}
			return found
		}
		orphan, byID, byPath, held := put(), put(), put(), put()
		s.Hold(func(_ context.Context, a attach.Attachment) error {
			if a.ID == held.ID {
				return errors.New("a record keeps it")
			}
			return nil
		})
		must(t, g.Transaction(func(tx *gorm.DB) error { return s.Claim(tx, byID.ID) }))
		must(t, g.Transaction(func(tx *gorm.DB) error {
			return s.ClaimIn(tx, `<p><img src="/monomer/api/files/`+byPath.Key+`"></p>`)
		}))
		now = now.Add(attach.Grace - time.Minute)
		fresh := put()
		if n, err := s.SweepOrphans(ctx, 500, attach.Grace, noFence); n != 0 || err != nil {
			t.Fatalf("within the grace period: %d removed, %v", n, err)
		}
		now = now.Add(2 * time.Minute)
		if n, err := s.SweepOrphans(ctx, 500, attach.Grace, lostFence); n != 0 || !errors.Is(err, errLost) {
			t.Fatalf("a run that lost its lease: %d removed, %v", n, err)
		}
		if !exists(orphan) {
			t.Fatal("a run that lost its lease removed the orphan")
		}
		store.broken = true
		if n, err := s.SweepOrphans(ctx, 500, attach.Grace, noFence); n != 0 || err == nil {
			t.Fatalf("storage down: %d removed, %v", n, err)
		}
		if _, found, _ := s.Get(ctx, orphan.ID); found {
			t.Fatal("a swept upload is still read while its object waits")
		}
		var left int64
		must(t, g.Model(&attach.Attachment{}).Where("id = ?", orphan.ID).Count(&left).Error)
		if left != 1 {
			t.Fatal("the row went although its object could not be deleted")
		}
		store.broken = false
		if n, err := s.SweepOrphans(ctx, 500, attach.Grace, noFence); n != 1 || err != nil {
			t.Fatalf("the next run: %d removed, %v", n, err)
		}
		if exists(orphan) {
			t.Fatal("the orphan is still there")
		}
		if _, err := disk.Open(ctx, orphan.Key); !errors.Is(err, attach.ErrNotFound) {
			t.Fatalf("the orphan's object: %v", err)
		}
		for name, a := range map[string]attach.Attachment{"by ID": byID, "by path": byPath, "held": held, "fresh": fresh} {
			if !exists(a) {
				t.Fatalf("the upload claimed %s was removed", name)
			}
		}
		var claimed int64
		must(t, g.Model(&attach.Attachment{}).Where("id = ? AND claimed_at IS NOT NULL", held.ID).Count(&claimed).Error)
		if claimed != 1 {
			t.Fatal("a held upload was not claimed by the sweep")
		}
		now = now.Add(attach.Grace)
		if n, err := s.SweepOrphans(ctx, 500, attach.Grace, noFence); n != 1 || err != nil || exists(fresh) {
			t.Fatalf("the once-fresh upload past the grace: %d removed, %v", n, err)
		}
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
