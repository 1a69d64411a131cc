package attach

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"gorm.io/gorm"
)

// Options are the upload rules.
type Options struct {
	MaxBytes int64    // largest file accepted
	Types    []string // accepted kinds (extensions of DefaultTypes); nil = DefaultTypes
	Now      func() time.Time
	// Presign, when files are in object storage, signs the editor's direct picture uploads,
	// valid for PolicyTTL; nil: pictures go through the BFF (ImagePolicyRoute says so).
	Presign   Presigner
	PolicyTTL time.Duration
	// Provider names the Presign's kind for the editor (StorageS3, StorageQiniu, StorageOSS).
	Provider string
	// ReadBase, for a vendor bucket that is not the BFF's storage, is the public address its
	// pictures are read from; empty: they are read through the BFF.
	ReadBase string
}

// Service stores, serves and deletes uploaded files.
type Service struct {
	db      *gorm.DB
	store   Storage
	opt     Options
	typed   map[string]Rule // upload types with their own rules (typed.go)
	holders []Holder        // records that keep the files they refer to (hold.go)
}

// New builds the service.
func New(db *gorm.DB, store Storage, opt Options) *Service {
	if opt.Types == nil {
		opt.Types = DefaultTypes
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	opt.ReadBase = strings.TrimSuffix(opt.ReadBase, "/")
	if opt.Provider == "" {
		opt.Provider = StorageS3
	}
	if opt.PolicyTTL <= 0 {
		opt.PolicyTTL = time.Hour
	}
	return &Service{db: db, store: store, opt: opt}
}

// newKey is a random stored name: 128 bits, unguessable, so a file's address is its capability.
func newKey(ext string) string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b) + "." + ext
}

func (s *Service) byKey(ctx context.Context, key string) (Attachment, bool, error) {
	return s.find(ctx, "stored_name = ?", key)
}

func (s *Service) byID(ctx context.Context, id int64) (Attachment, bool, error) {
	return s.find(ctx, "id = ?", id)
}

func (s *Service) find(ctx context.Context, where string, arg any) (Attachment, bool, error) {
	var a Attachment
	// a swept row is on its way out: its file reads as gone
	err := s.db.WithContext(ctx).Where(where, arg).Where("swept_at IS NULL").Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return a, false, nil
	}
	return a, err == nil, err
}

// Image limits of ReceiveImage: the raster kinds a browser shows in an <img>; never SVG, which
// can carry script.
var imageTypes = []string{"png", "jpg", "gif", "webp", "bmp"}

// Image is a stored picture: its key and the path it is read at.
type Image struct {
	Key  string
	Path string
}

// ReceiveImage stores the one picture of a multipart upload, found under field, recognised as an
// image by its content and no larger than maxBytes, as the caller's attachment of the given
// type; nothing is kept when it is refused.
func (s *Service) ReceiveImage(c echo.Context, field string, maxBytes int64, kind string) (Image, error) {
	a, err := s.receive(c, limits{field: field, types: imageTypes, maxBytes: maxBytes, kind: kind})
	if err != nil {
		return Image{}, err
	}
	return Image{Key: a.Key, Path: answer(a).ReadURL}, nil
}

// KeyOf is the stored key behind a read path (/api/files/{key}), "" for anything else.
func KeyOf(path string) string {
	key, ok := strings.CutPrefix(path, "/api/files/")
	if !ok || !keyPattern.MatchString(key) {
		return ""
	}
	return key
}

// Remove deletes the attachment stored under key when it belongs to owner and has the type:
// replacing a picture removes the old one, and nothing else. A file a record holds (Hold) is
// kept, and the holder's answer returned.
func (s *Service) Remove(ctx context.Context, key string, owner int64, kind string) error {
	a, found, err := s.byKey(ctx, key)
	if err != nil || !found || a.OwnerID != owner || a.Type != kind {
		return err
	}
	if err := s.held(ctx, a); err != nil {
		return err
	}
	if err := s.db.WithContext(ctx).Delete(&Attachment{}, a.ID).Error; err != nil {
		return err
	}
	if err := s.store.Delete(ctx, key); err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	return nil
}

// Owns tells whether every one of ids is an attachment that owner uploaded (forms that refer
// to uploads accept only the caller's own).
func (s *Service) Owns(ctx context.Context, owner int64, ids []int64) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	var n int64
	err := s.db.WithContext(ctx).Model(&Attachment{}).Where("id IN ? AND owner_id = ?", ids, owner).Count(&n).Error
	return n == int64(len(ids)), err
}
