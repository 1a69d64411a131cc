package storefront

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"regexp"
	"time"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/httpx"
)

// HeaderIdempotencyKey names the key every write carries.
const HeaderIdempotencyKey = "Idempotency-Key"

// HeaderReplayed marks an answer given again for a retried key.
const HeaderReplayed = "Idempotent-Replayed"

// Conflict codes of a key (409).
const (
	CodeKeyReused  = "idempotency_key_reused"
	CodeInProgress = "in_progress"
)

const (
	// idemTTL is how long a key's answer is kept and replayed.
	idemTTL = 24 * time.Hour
	// idemLease is how long a key stays "in progress" without an answer before another request
	// may take it over: the instance that took it died. Far above any request's duration (the
	// database's I/O timeout is 30 s), so a slow request is never done twice.
	idemLease = 2 * time.Minute
	// maxStoredBody bounds a kept answer (the open answers are a few hundred bytes).
	maxStoredBody = 60 << 10
)

var idemKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,64}$`)

var (
	errKeyReused  = errors.New("storefront: idempotency key used with another request")
	errInProgress = errors.New("storefront: idempotency key in progress")
)

// Idempotency makes a write happen once per client and key: the first request does the work
// and its answer (status and body) is kept; a retry with the same request gets that answer again
// without a second effect; the same key with another request is refused (409
// idempotency_key_reused); a retry while the first is still running is refused at once (409
// in_progress, Retry-After: 1) rather than held waiting on a connection.
type Idempotency struct {
	db  *gorm.DB
	now func() time.Time
}

// NewIdempotency keeps keys in g's open_idempotency table.
func NewIdempotency(g *gorm.DB, now func() time.Time) *Idempotency {
	return &Idempotency{db: g, now: now}
}

func (s *Idempotency) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// begin claims key for the request hash: owner (the row's id) when this request is to do the
// work, else the kept answer or errKeyReused / errInProgress.
func (s *Idempotency) begin(ctx context.Context, clientID int64, key, hash string) (owner int64, kept *Idem, err error) {
	g := s.db.WithContext(ctx)
	for range 3 {
		now := s.stamp()
		row := Idem{ClientID: clientID, IdemKey: key, RequestHash: hash, State: idemPending,
			LockedUntil: now.Add(idemLease), ExpiresAt: now.Add(idemTTL), CreateTime: now}
		err := g.Create(&row).Error
		if err == nil {
			return row.ID, nil, nil
		}
		if !errors.Is(err, gorm.ErrDuplicatedKey) {
			return 0, nil, err
		}
		var got Idem
		err = g.Where("client_id = ? AND idem_key = ?", clientID, key).Take(&got).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			continue // expired and swept meanwhile: insert again
		}
		if err != nil {
			return 0, nil, err
		}
		if !got.ExpiresAt.After(now) {
			// An expired key is free again; whoever deletes it inserts next.
			if err := g.Where("id = ? AND expires_at = ?", got.ID, got.ExpiresAt).Delete(&Idem{}).Error; err != nil {
				return 0, nil, err
			}
			continue
		}
		if got.RequestHash != hash {
			return 0, nil, errKeyReused
		}
		if got.State == idemDone {
			return 0, &got, nil
		}
		if got.LockedUntil.After(now) {
			return 0, nil, errInProgress
		}
		res := g.Model(&Idem{}).Where("id = ? AND state = ? AND locked_until = ?", got.ID, idemPending, got.LockedUntil).
			Update("locked_until", now.Add(idemLease))
		if res.Error != nil {
			return 0, nil, res.Error
		}
		if res.RowsAffected == 1 {
			return got.ID, nil, nil
		}
		return 0, nil, errInProgress
	}
	return 0, nil, errInProgress
}

// finish keeps the answer of the key's request.
func (s *Idempotency) finish(ctx context.Context, id int64, status int, body []byte) error {
	return s.db.WithContext(ctx).Model(&Idem{}).Where("id = ?", id).
		Updates(map[string]any{"state": idemDone, "status": status, "body": string(body)}).Error
}

// abandon frees the key of a request that failed on the server's side, so a retry does the
// work rather than replay a 500.
func (s *Idempotency) abandon(ctx context.Context, id int64) error {
	return s.db.WithContext(ctx).Where("id = ? AND state = ?", id, idemPending).Delete(&Idem{}).Error
}

// Sweep removes expired keys.
func (s *Idempotency) Sweep(ctx context.Context) error {
	return s.db.WithContext(ctx).Where("expires_at <= ?", s.stamp()).Delete(&Idem{}).Error
}

// RequestHash identifies a request for its key: the method, the path, the query and the body.
func RequestHash(method, path, query string, body []byte) string {
	sum := sha256.Sum256([]byte(method + "\n" + path + "\n" + query + "\n" + BodyHash(body)))
	return hex.EncodeToString(sum[:])
}

// capture keeps a copy of what the handler writes.
type capture struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *capture) Write(b []byte) (int, error) {
	if w.buf.Len() < maxStoredBody+1 {
		w.buf.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// Wrap makes h idempotent per the request's Idempotency-Key. It runs after the Verifier (the
// client is known).
func (s *Idempotency) Wrap(h echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		key := c.Request().Header.Get(HeaderIdempotencyKey)
		if key == "" {
			return httpx.BadRequest(HeaderIdempotencyKey, httpx.ReasonRequired)
		}
		if !idemKeyPattern.MatchString(key) {
			return httpx.BadRequest(HeaderIdempotencyKey, "应为1到64个字母、数字或 _ . : -")
		}
		req := c.Request()
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return httpx.BodyError(err, "读取失败")
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		path, query := target(req)
		ctx := req.Context()
		owner, kept, err := s.begin(ctx, ClientOf(c).ID, key, RequestHash(req.Method, path, query, body))
		switch {
		case errors.Is(err, errKeyReused):
			return &httpx.Error{Status: http.StatusConflict, Code: CodeKeyReused,
				Message: "Idempotency-Key: 已用于另一个请求"}
		case errors.Is(err, errInProgress):
			c.Response().Header().Set("Retry-After", "1")
			return &httpx.Error{Status: http.StatusConflict, Code: CodeInProgress,
				Message: "Idempotency-Key: 同一请求正在处理中，请稍后重试"}
		case err != nil:
			return err
		case kept != nil:
			c.Response().Header().Set(HeaderReplayed, "true")
			if kept.Body == "" {
				return c.NoContent(kept.Status)
			}
			return c.Blob(kept.Status, echo.MIMEApplicationJSON, []byte(kept.Body))
		}
		res := c.Response()
		w := &capture{ResponseWriter: res.Writer}
		res.Writer = w
		err = h(c)
		if err != nil {
			c.Error(err) // the envelope is written now, through the capture, so it is kept too
		}
		res.Writer = w.ResponseWriter
		// The answer is written: its keeping must not depend on the caller still listening.
		keep := context.WithoutCancel(ctx)
		if res.Status >= 500 || w.buf.Len() > maxStoredBody {
			return s.abandon(keep, owner)
		}
		return s.finish(keep, owner, res.Status, w.buf.Bytes())
	}
}
