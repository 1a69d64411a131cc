package attach

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"mallconsole/bff/internal/platform/objstore"
)

// Storage keeps files under keys the caller generates: local disk (Disk), or an S3-compatible
// bucket (objstore.Bucket, BFF_STORAGE=s3://…) so that several BFF instances share the files
// (docs/decisions.md "Uploads").
type Storage interface {
	// Put stores r under key; on error nothing is left under key.
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	Delete(ctx context.Context, key string) error
}

// ErrNotFound is what Open and Delete return for a key that holds nothing (objstore's own, so a
// bucket is a Storage as it is).
var ErrNotFound = objstore.ErrNotFound

// keyPattern is every key this package generates; nothing else reaches the disk.
var keyPattern = regexp.MustCompile(`^[0-9a-f]{32}\.[a-z0-9]{1,5}$`)

// Disk stores files in one directory.
type Disk struct{ Dir string }

// NewDisk makes dir (0700) when missing and removes the temporary files a killed process left in
// it (an upload in flight when the BFF was killed, or still running at the end of its stop's
// grace period): a local upload directory belongs to one instance, and it has not started yet.
func NewDisk(dir string) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("upload directory: %w", err)
	}
	left, err := filepath.Glob(filepath.Join(dir, tmpPattern))
	if err != nil {
		return nil, err
	}
	for _, p := range left {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("upload directory: removing a partial upload: %w", err)
		}
	}
	return &Disk{Dir: dir}, nil
}

// tmpPattern names the files an upload writes before it is complete.
const tmpPattern = ".upload-*"

func (d *Disk) path(key string) (string, error) {
	if !keyPattern.MatchString(key) {
		return "", ErrNotFound
	}
	return filepath.Join(d.Dir, key), nil
}

// Put writes to a temporary file and renames it, so a reader never sees half a file.
func (d *Disk) Put(_ context.Context, key string, r io.Reader) (int64, error) {
	p, err := d.path(key)
	if err != nil {
		return 0, fmt.Errorf("attach: bad key %q", key)
	}
	tmp, err := os.CreateTemp(d.Dir, tmpPattern)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(tmp, r)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return n, err
	}
	return n, nil
}

// Open reads a stored file.
func (d *Disk) Open(_ context.Context, key string) (io.ReadSeekCloser, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return f, err
}

// Delete removes a stored file; a missing one is ErrNotFound.
func (d *Disk) Delete(_ context.Context, key string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	err = os.Remove(p)
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNotFound
	}
	return err
}
