package httpx

import (
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/logx"
)

// Recover turns a panic into a 500 (logged with its stack; the client sees no internals).
func Recover(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				if r := recover(); r != nil {
					if r == http.ErrAbortHandler {
						panic(r)
					}
					log.ErrorContext(c.Request().Context(), "panic", "path", c.Request().URL.Path, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return next(c)
		}
	}
}

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// RequestID keeps a well-formed incoming X-Request-Id or makes one, echoes it back and puts it
// into the request's context.
func RequestID() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(echo.HeaderXRequestID)
			if !requestIDPattern.MatchString(id) {
				id = strconv.FormatUint(rand.Uint64(), 36)
			}
			c.Response().Header().Set(echo.HeaderXRequestID, id)
			// in the context, so that every line logged for the request names it (logx)
			c.SetRequest(c.Request().WithContext(logx.WithRequestID(c.Request().Context(), id)))
			return next(c)
		}
	}
}

// RequestLog writes one line per request. Successful requests are logged at debug level: at
// thousands of requests a second the line would cost more than the answer.
func RequestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err) // write the answer now so the status below is the real one
			}
			status := c.Response().Status
			level := slog.LevelDebug
			switch {
			case status == http.StatusServiceUnavailable && c.Response().Header().Get("Retry-After") != "":
				// Shed under load (platform/admit): counted by bff_admit_shed_total; a line at
				// error level each would add work, and noise, exactly when there is none to spare.
				level = slog.LevelDebug
			case status >= 500:
				level = slog.LevelError
			case status >= 400:
				level = slog.LevelInfo
			}
			if log.Enabled(c.Request().Context(), level) {
				log.LogAttrs(c.Request().Context(), level, "request",
					slog.String("method", c.Request().Method),
					slog.String("path", c.Request().URL.Path),
					slog.Int("status", status),
					slog.Duration("dur", time.Since(start)),
					slog.String("ip", c.RealIP()),
					slog.String("request_id", c.Response().Header().Get(echo.HeaderXRequestID)))
			}
			return nil
		}
	}
}

// CORS allows the listed origins (host portals) on every route, answering preflights itself.
// Content-Disposition is exposed so that a portal can read an export's file name.
func CORS(origins []string, now func() time.Time) echo.MiddlewareFunc {
	allowed := map[string]bool{}
	for _, o := range origins {
		allowed[strings.ToLower(o)] = true
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			h := c.Response().Header()
			if len(allowed) > 0 {
				// Answers differ by Origin: a shared cache must not hand one origin's to another.
				h.Add(echo.HeaderVary, echo.HeaderOrigin)
			}
			origin := req.Header.Get(echo.HeaderOrigin)
			if origin == "" {
				return next(c)
			}
			ok := allowed[strings.ToLower(origin)]
			if req.Method == http.MethodOptions && req.Header.Get(echo.HeaderAccessControlRequestMethod) != "" {
				h.Add(echo.HeaderVary, echo.HeaderAccessControlRequestMethod)
				h.Add(echo.HeaderVary, echo.HeaderAccessControlRequestHeaders)
				if !ok {
					WriteError(c, http.StatusForbidden, "不允许的来源", now)
					return nil
				}
				h.Set(echo.HeaderAccessControlAllowOrigin, origin)
				h.Set(echo.HeaderAccessControlAllowMethods, "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
				if rh := req.Header.Get(echo.HeaderAccessControlRequestHeaders); rh != "" {
					h.Set(echo.HeaderAccessControlAllowHeaders, rh)
				}
				h.Set(echo.HeaderAccessControlMaxAge, "600")
				return c.NoContent(http.StatusNoContent)
			}
			if ok {
				h.Set(echo.HeaderAccessControlAllowOrigin, origin)
				h.Set(echo.HeaderAccessControlExposeHeaders, "Content-Disposition")
			}
			return next(c)
		}
	}
}

// BodyLimit refuses request bodies over limit bytes with 413, before reading them when the
// length is declared and while reading them otherwise (see BodyError).
// Routes listed in own (echo route paths) set their own, larger limit.
func BodyLimit(limit int64, own ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if slices.Contains(own, c.Path()) {
				return next(c)
			}
			req := c.Request()
			if req.ContentLength > limit {
				return &Error{Status: http.StatusRequestEntityTooLarge, Message: "请求体过大"}
			}
			req.Body = http.MaxBytesReader(c.Response(), req.Body, limit)
			return next(c)
		}
	}
}

// BodyError is the answer for a failure to read or parse the body: 413 when the body was too
// large, else a 400 naming the body and the reason.
func BodyError(err error, reason string) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &Error{Status: http.StatusRequestEntityTooLarge, Message: "请求体过大"}
	}
	if errors.Is(err, errNotUTF8) {
		reason = reasonNotUTF8
	}
	// not a form field: a bad body is the client's fault, not the user's
	return &Error{Status: http.StatusBadRequest, Code: CodeBadRequest, Message: "body: " + reason}
}
