package attach

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"time"

	"gorm.io/gorm"
)

// Orphaned uploads (docs/decisions.md "Orphaned uploads"). A file is uploaded before the record
// that uses it is saved, and many are never saved (a form abandoned, a picture replaced before
// saving). Each feature claims the files a record takes inside the record's own transaction;
// the sweep removes the files no record ever claimed once they are older than Grace.

// Grace is how long an unclaimed upload is kept: a form being filled in keeps its fresh upload.
const Grace = 24 * time.Hour

// readPath finds the stored keys of read paths (/api/files/{key}) anywhere in a text: a
// picture's path, a gallery, rich-text HTML, JSON, with or without an origin or a prefix.
var readPath = regexp.MustCompile(`/api/files/([0-9a-f]{32}\.[a-z0-9]{1,5})`)

// KeysIn are the stored keys of every read path in texts, each once.
func KeysIn(texts ...string) []string {
	var keys []string
	for _, t := range texts {
		for _, m := range readPath.FindAllStringSubmatch(t, -1) {
			keys = append(keys, m[1])
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// Claim marks the uploads ids as taken by a record, inside the record's own transaction tx, so
// that the sweep never removes them. IDs of no upload are ignored: the feature has checked the
// ones it accepts.
func (s *Service) Claim(tx *gorm.DB, ids ...int64) error {
	ids = slices.DeleteFunc(slices.Clone(ids), func(id int64) bool { return id <= 0 })
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	return tx.Model(&Attachment{}).Where("id IN ? AND claimed_at IS NULL", slices.Compact(ids)).
		Update("claimed_at", s.opt.Now()).Error
}

// ClaimIn claims, inside tx, every upload whose read path appears in texts (KeysIn): records
// that keep a picture's path or rich text rather than an ID.
func (s *Service) ClaimIn(tx *gorm.DB, texts ...string) error {
	keys := KeysIn(texts...)
	if len(keys) == 0 {
		return nil
	}
	return tx.Model(&Attachment{}).Where("stored_name IN ? AND claimed_at IS NULL", keys).
		Update("claimed_at", s.opt.Now()).Error
}

// SweepOrphans removes up to batch uploads never claimed and created before now − grace. It
// works in two steps so that no row is lost while its object lives: one transaction, checked by
// fence (the job's lease), marks the rows swept (a claim racing it wins: the mark re-checks
// claimed_at); after the commit each object is deleted and then its row. An object that cannot
// be deleted keeps its marked row, and the next sweep tries it again first. A file a record
// holds (Hold) although it was never claimed is claimed instead: a record that took it before
// claims existed, or a feature that forgot to claim. It answers the rows removed.
func (s *Service) SweepOrphans(ctx context.Context, batch int, grace time.Duration, fence func(*gorm.DB) error) (int, error) {
	cut := s.opt.Now().Add(-grace)
	var cands []Attachment
	err := s.db.WithContext(ctx).Where("claimed_at IS NULL AND swept_at IS NULL AND create_time < ?", cut).
		Order("id").Limit(batch).Find(&cands).Error
	if err != nil {
		return 0, err
	}
	var held, free []int64
	for _, a := range cands {
		if err := s.held(ctx, a); err != nil {
			held = append(held, a.ID)
		} else {
			free = append(free, a.ID)
		}
	}
	if len(cands) > 0 {
		err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := fence(tx); err != nil {
				return err
			}
			if err := s.Claim(tx, held...); err != nil {
				return err
			}
			if len(free) == 0 {
				return nil
			}
			return tx.Model(&Attachment{}).Where("id IN ? AND claimed_at IS NULL AND swept_at IS NULL", free).
				Update("swept_at", s.opt.Now()).Error
		})
		if err != nil {
			return 0, err
		}
	}
	return s.removeSwept(ctx, batch)
}

// removeSwept deletes the objects of up to batch swept rows, then those rows. Done twice it
// changes nothing more, so it needs no fence.
func (s *Service) removeSwept(ctx context.Context, batch int) (int, error) {
	var rows []Attachment
	if err := s.db.WithContext(ctx).Where("swept_at IS NOT NULL").Order("id").Limit(batch).Find(&rows).Error; err != nil {
		return 0, err
	}
	var done []int64
	var failed []error
	for _, a := range rows {
		if err := s.store.Delete(ctx, a.Key); err != nil && !errors.Is(err, ErrNotFound) {
			failed = append(failed, fmt.Errorf("deleting the object of upload %d: %w", a.ID, err))
			continue
		}
		done = append(done, a.ID)
	}
	if len(done) > 0 {
		if err := s.db.WithContext(ctx).Where("id IN ? AND swept_at IS NOT NULL", done).Delete(&Attachment{}).Error; err != nil {
			return 0, err
		}
	}
	// a failure is the run's error (logged, and the administrators told); the rows wait for the next run
	return len(done), errors.Join(failed...)
}
