// Package health answers the orchestrator's two questions: is the process alive (/healthz: it
// answers at all) and may it take traffic (/readyz: what it depends on answers in time). A
// database outage makes the instance unready, never dead: restarting it would not bring the
// database back.
package health

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

// Check is one part the instance needs to serve.
type Check struct {
	Part    string // the name in the answer's fields and the log: "database", "redis"
	Message string // the Chinese reason shown when it fails: "数据库不可用"
	Ping    func(context.Context) error
}

// Answer is the body of a 200 from either check.
type Answer struct {
	Status string `json:"status" enum:"ok"`
}

// Live answers 200 as long as the process serves requests.
func Live(c echo.Context) error {
	return c.JSON(http.StatusOK, Answer{Status: "ok"})
}

// Ready answers 200 when every check passes within timeout, else 503 naming each part that
// failed (in the message and as a field with code "unavailable"). The checks run at once, so a
// slow part does not hide another's failure.
func Ready(timeout time.Duration, log *slog.Logger, checks ...Check) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), timeout)
		defer cancel()
		errs := make([]error, len(checks))
		var wg sync.WaitGroup
		for i, ch := range checks {
			wg.Go(func() { errs[i] = ch.Ping(ctx) })
		}
		wg.Wait()
		var fields []httpx.FieldError
		var msgs []string
		for i, err := range errs {
			if err == nil {
				continue
			}
			log.WarnContext(c.Request().Context(), "not ready", "part", checks[i].Part, "err", err)
			fields = append(fields, httpx.FieldError{Field: checks[i].Part, Code: "unavailable", Message: checks[i].Message})
			msgs = append(msgs, checks[i].Message)
		}
		if len(fields) > 0 {
			return &httpx.Error{Status: http.StatusServiceUnavailable, Message: strings.Join(msgs, "；"), Fields: fields}
		}
		return c.JSON(http.StatusOK, Answer{Status: "ok"})
	}
}
