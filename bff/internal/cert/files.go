package cert

import (
	"context"
	"io"
	"maps"
	"net/http"
	"slices"

	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/httpx"
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

// Claim marks the uploads ids as taken, inside tx.
func (u Uploads) Claim(tx *gorm.DB, ids ...int64) error { return u.Attach.Claim(tx, ids...) }

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

// Holds is where the certification says which files it keeps (attach.Service).
type Holds interface {
	Hold(h attach.Holder)
}

// keptBy are the states in which a certification keeps its pictures, with the answer to deleting
// one: under review and approved, they are what the reviewer checks or checked. A rejected
// certification's pictures may go: the operator replaces them and submits again.
var keptBy = map[string]string{Pending: "待审核的认证材料不能删除", Approved: "已审核通过的认证材料不能删除"}

// FileRules registers with the uploads that a certification pending review or approved keeps the
// pictures it shows (409 to deleting one, by whoever and through whichever route).
func (s *Service) FileRules(h Holds) {
	h.Hold(func(ctx context.Context, a attach.Attachment) error {
		status, err := s.store.StatusShowing(ctx, a.ID, slices.Collect(maps.Keys(keptBy)))
		if err != nil || status == "" {
			return err
		}
		return &httpx.Error{Status: http.StatusConflict, Message: keptBy[status]}
	})
}
