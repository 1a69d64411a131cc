package audit

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// Service records writes and serves the log.
type Service struct {
	store   *Store
	now     func() time.Time
	log     *slog.Logger
	browser func(userAgent string) string
}

// New builds the service; browser names the client from its User-Agent.
func New(store *Store, now func() time.Time, log *slog.Logger, browser func(string) string) *Service {
	return &Service{store: store, now: now, log: log, browser: browser}
}

// Middleware records the request after it ran, whatever its result. A failure to record is
// logged, never turned into the caller's failure: the write itself has happened.
func (s *Service) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := s.now()
		err := next(c)
		status := c.Response().Status
		if err != nil || !c.Response().Committed {
			status = httpx.StatusOf(err)
		}
		req := c.Request()
		e := &Entry{Method: req.Method, Path: truncate(req.URL.Path, 255), Route: c.Path(), IP: c.RealIP(),
			Browser: truncate(s.browser(req.UserAgent()), 128), Status: status, Success: status < 400,
			Millis: s.now().Sub(start).Milliseconds(), CreateTime: start}
		if p := authz.From(c); p != nil {
			e.Username = p.Username
		} else if req.PostForm != nil {
			e.Username = truncate(req.PostForm.Get("username"), 64) // a sign-in attempt
		}
		if aerr := s.store.Add(req.Context(), e); aerr != nil {
			s.log.Error("recording the operation log", "err", aerr, "path", e.Path)
		}
		return err
	}
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// Routes registers the log's API.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/logs", authz.Perm("log:list"), s.handleList)
}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	q := Query{Page: page, Blurry: strings.TrimSpace(c.QueryParam("blurry")),
		Username: strings.TrimSpace(c.QueryParam("username"))}
	if len([]rune(q.Blurry)) > 64 {
		return httpx.BadRequest("blurry", httpx.ReasonTooLong)
	}
	if v := c.QueryParam("success"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return httpx.BadRequest("success", "必须是true或false")
		}
		q.Success = &b
	}
	if q.From, q.To, err = httpx.TimeRange(c, "createTime"); err != nil {
		return err
	}
	es, n, err := s.store.Search(c.Request().Context(), q)
	if err != nil {
		return err
	}
	type row struct {
		Entry
		CreateTime string `json:"createTime"`
	}
	rows := make([]row, len(es))
	for i, e := range es {
		rows[i] = row{Entry: e, CreateTime: httpx.FormatTime(e.CreateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[row]{Content: rows, TotalElements: int(n)})
}

// Sweep removes entries past the retention (run now and then).
func (s *Service) Sweep(ctx context.Context) error { return s.store.Sweep(ctx, s.now()) }

// SignIns returns the user's last limit sign-in attempts, newest first.
func (s *Service) SignIns(ctx context.Context, username string, limit int) ([]SignIn, error) {
	return s.store.SignIns(ctx, username, limit)
}
