package cert

import (
	"context"
	"io"

	"mallconsole/bff/internal/attach"
)

// Uploads are the attach package's files as the certification sees them.
type Uploads struct{ Attach *attach.Service }

// Describe tells the owner, type and address of each existing file of ids.
func (u Uploads) Describe(ctx context.Context, ids []int64) (map[int64]File, error) {
	as, err := u.Attach.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]File, len(as))
	for _, a := range as {
		out[a.ID] = File{Owner: a.OwnerID, ContentType: a.ContentType, URL: attach.ReadPath(a)}
	}
	return out, nil
}

// ReadAll reads the file's content, ErrReadLimit past max bytes.
func (u Uploads) ReadAll(ctx context.Context, id int64, max int64) ([]byte, error) {
	as, err := u.Attach.Lookup(ctx, []int64{id})
	if err != nil {
		return nil, err
	}
	if len(as) == 0 {
		return nil, ErrNoFile
	}
	r, err := u.Attach.Open(ctx, as[0])
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err == nil && int64(len(b)) > max {
		return nil, ErrReadLimit
	}
	return b, err
}
