// Package httpx holds the HTTP plumbing every feature shares: the error envelope, binding and
// paging helpers, and the middleware chain.
package httpx

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// Error is an answer that is not a success: its Status is both the HTTP status and the body's
// status, its Message is shown to the user as is.
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Message) }

// Errorf makes an Error with a formatted message.
func Errorf(status int, format string, args ...any) *Error {
	return &Error{Status: status, Message: fmt.Sprintf(format, args...)}
}

// BadRequest is a 400 naming the field and what is wrong with it ("username: 不能为空").
func BadRequest(field, reason string) *Error {
	return &Error{Status: http.StatusBadRequest, Message: field + ": " + reason}
}

// Common reasons, so that every feature words them the same way.
const (
	ReasonRequired = "不能为空"
	ReasonTooLong  = "太长"
)

// Envelope is the body of every error answer.
type Envelope struct {
	Status    int    `json:"status"`
	Message   string `json:"message"`
	Timestamp int64  `json:"timestamp"`
}

// ErrorHandler turns any error a handler returns into the envelope. Internals (error texts of
// anything but *Error) are logged, never sent.
func ErrorHandler(log *slog.Logger, now func() time.Time) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, msg := classify(err)
		if status >= 500 {
			log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", err)
		}
		WriteError(c, status, msg, now)
	}
}

// WriteError writes the envelope directly (for middleware that answers without an error value).
func WriteError(c echo.Context, status int, msg string, now func() time.Time) {
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	_ = c.JSON(status, Envelope{Status: status, Message: msg, Timestamp: now().UnixMilli()})
}

func classify(err error) (int, string) {
	var e *Error
	if errors.As(err, &e) {
		return e.Status, e.Message
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		switch he.Code {
		case http.StatusNotFound, http.StatusMethodNotAllowed:
			// A wrong method is reported as "no such API": in this API 405 means "channel
			// operator must sign in again", which a wrong method must never trigger.
			return http.StatusNotFound, "接口不存在"
		case http.StatusRequestEntityTooLarge:
			return he.Code, "请求体过大"
		case http.StatusBadRequest:
			return he.Code, "body: 格式错误"
		case http.StatusUnauthorized:
			return he.Code, "未登录"
		case http.StatusForbidden:
			return he.Code, "没有权限"
		case http.StatusServiceUnavailable:
			return he.Code, "服务暂不可用"
		case http.StatusTooManyRequests:
			return he.Code, "请求过于频繁"
		}
		if he.Code >= 400 && he.Code < 500 {
			return he.Code, http.StatusText(he.Code)
		}
	}
	return http.StatusInternalServerError, "服务器内部错误"
}
