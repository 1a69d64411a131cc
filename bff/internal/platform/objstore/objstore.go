// Package objstore keeps files in an S3-compatible bucket (AWS S3, MinIO, versitygw, Ceph…): the
// uploads' Storage when BFF_STORAGE=s3://bucket, so that every BFF instance serves the same files.
// Files stream both ways; none is held whole in memory.
package objstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// ErrNotFound is what Open and Delete return for a key that holds nothing.
var ErrNotFound = errors.New("objstore: no such object")

// Config says which bucket to use and how to reach it.
type Config struct {
	Endpoint  string // http(s)://host[:port]
	Region    string
	Bucket    string
	AccessKey string
	SecretKey string
}

// Bucket is one bucket of an S3-compatible service.
type Bucket struct {
	c    *minio.Client
	name string
}

// Sizes of an upload's pieces. A file that fits in smallMax goes up in one PUT; a larger one as a
// multipart upload of partSize parts (the S3 minimum), one part in memory at a time. minio-go's own
// part size for an unknown length is ~537 MiB, which would be held in memory per upload.
const (
	smallMax = 1 << 20
	partSize = 5 << 20
)

// New builds the client; it does not reach the service (Check does).
func New(cfg Config) (*Bucket, error) {
	u, err := url.Parse(cfg.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("objstore: endpoint must be http(s)://host[:port], got %q", cfg.Endpoint)
	}
	c, err := minio.New(u.Host, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: u.Scheme == "https",
		Region: cfg.Region, // known, so no GetBucketLocation round trip before each call
		// path-style: the bucket need not be a DNS name of the endpoint (loopback, MinIO, versitygw)
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		return nil, fmt.Errorf("objstore: %w", err)
	}
	return &Bucket{c: c, name: cfg.Bucket}, nil
}

// Check makes sure the bucket exists and the credentials reach it: a wrong setting fails the
// start rather than the first upload.
func (b *Bucket) Check(ctx context.Context) error {
	ok, err := b.c.BucketExists(ctx, b.name)
	if err != nil {
		return fmt.Errorf("objstore: bucket %q: %w", b.name, err)
	}
	if !ok {
		return fmt.Errorf("objstore: bucket %q does not exist", b.name)
	}
	return nil
}

// Put streams r to key. A failed multipart upload is aborted and a failed PUT stores nothing, so
// on error nothing is left under key; a read error of r is returned as it is.
func (b *Bucket) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	head := make([]byte, smallMax)
	n, err := io.ReadFull(r, head)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		info, err := b.c.PutObject(ctx, b.name, key, bytes.NewReader(head[:n]), int64(n), minio.PutObjectOptions{})
		return info.Size, err
	case err != nil:
		return int64(n), err
	}
	body := io.MultiReader(bytes.NewReader(head), r)
	info, err := b.c.PutObject(ctx, b.name, key, body, -1, minio.PutObjectOptions{PartSize: partSize})
	if err != nil {
		return 0, err
	}
	return info.Size, nil
}

// Open streams key's object; seeking (ranges) asks for the rest from the new offset.
func (b *Bucket) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	o, err := b.c.GetObject(ctx, b.name, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, notFound(err)
	}
	info, err := o.Stat() // the GET itself: its body is what the first Read returns
	if err != nil {
		_ = o.Close()
		return nil, notFound(err)
	}
	return &object{o: o, size: info.Size}, nil
}

// Delete removes key's object. S3 deletes a missing key without complaint, so it is looked up first.
func (b *Bucket) Delete(ctx context.Context, key string) error {
	if _, err := b.c.StatObject(ctx, b.name, key, minio.StatObjectOptions{}); err != nil {
		return notFound(err)
	}
	return b.c.RemoveObject(ctx, b.name, key, minio.RemoveObjectOptions{})
}

func notFound(err error) error {
	if r := minio.ToErrorResponse(err); r.Code == minio.NoSuchKey || r.StatusCode == http.StatusNotFound {
		return ErrNotFound
	}
	return err
}

// object answers Seek from the known size without a request: http.ServeContent seeks to the end
// and back before every read, which would otherwise drop the open GET and start another.
type object struct {
	o        *minio.Object
	size     int64
	pos, got int64 // where the caller is; where the open GET is
}

func (f *object) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += f.pos
	case io.SeekEnd:
		offset += f.size
	case io.SeekStart:
	default:
		return 0, fmt.Errorf("objstore: bad whence %d", whence)
	}
	if offset < 0 {
		return 0, errors.New("objstore: negative offset")
	}
	f.pos = offset
	return offset, nil
}

func (f *object) Read(p []byte) (int, error) {
	if f.pos >= f.size {
		return 0, io.EOF
	}
	if f.pos != f.got {
		if _, err := f.o.Seek(f.pos, io.SeekStart); err != nil {
			return 0, err
		}
		f.got = f.pos
	}
	n, err := f.o.Read(p)
	f.pos += int64(n)
	f.got = f.pos
	return n, err
}

func (f *object) Close() error { return f.o.Close() }

// Policy is a presigned POST: the form fields a browser posts, with the file last, to URL.
type Policy struct {
	URL    string
	Fields map[string]string
}

// PostRules narrow what a presigned POST may store.
type PostRules struct {
	Key         string    // the one key it may write
	ContentType string    // the one Content-Type it may carry
	MaxBytes    int64     // largest body accepted (content-length-range 1..MaxBytes)
	Expires     time.Time // after this the service refuses it
}

// PresignPost signs a POST policy of the rules; the service itself enforces them.
func (b *Bucket) PresignPost(ctx context.Context, r PostRules) (Policy, error) {
	p := minio.NewPostPolicy()
	err := errors.Join(p.SetBucket(b.name), p.SetKey(r.Key), p.SetExpires(r.Expires),
		p.SetContentType(r.ContentType), p.SetContentLengthRange(1, r.MaxBytes))
	if err != nil {
		return Policy{}, fmt.Errorf("objstore: post policy: %w", err)
	}
	u, fields, err := b.c.PresignedPostPolicy(ctx, p)
	if err != nil {
		return Policy{}, fmt.Errorf("objstore: post policy: %w", err)
	}
	return Policy{URL: u.String(), Fields: fields}, nil
}

// MakeBucket creates the bucket (tests and first set-ups; a deployment's bucket is made by its operator).
func (b *Bucket) MakeBucket(ctx context.Context) error {
	return b.c.MakeBucket(ctx, b.name, minio.MakeBucketOptions{})
}

// Keys lists every key in the bucket and every multipart upload still open (tests: a failed
// upload must leave neither).
func (b *Bucket) Keys(ctx context.Context) ([]string, error) {
	var keys []string
	for o := range b.c.ListObjects(ctx, b.name, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			return nil, o.Err
		}
		keys = append(keys, o.Key)
	}
	for u := range b.c.ListIncompleteUploads(ctx, b.name, "", true) {
		if u.Err != nil {
			return nil, u.Err
		}
		keys = append(keys, "(unfinished) "+u.Key)
	}
	return keys, nil
}
