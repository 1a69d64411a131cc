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
// status, its Message is shown to the user as is. Code is a stable machine word a client
// translates or branches on (empty: the status's default, see CodeOf); Fields names every input
// that failed, so a form can mark each one.
type Error struct {
	Status  int
	Code    string
	Message string
	Fields  []FieldError
}

// FieldError is one failed input: the field's JSON name, a machine code (required, too_long,
// format, choice, range, conflict, invalid …) and the Chinese reason without the field name.
type FieldError struct {
	Field   string `json:"field"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Message) }

// Errorf makes an Error with a formatted message.
func Errorf(status int, format string, args ...any) *Error {
	return &Error{Status: status, Message: fmt.Sprintf(format, args...)}
}

// BadRequest is a 400 naming the field and what is wrong with it ("username: 不能为空").
func BadRequest(field, reason string) *Error {
	return Invalid(FieldError{Field: field, Code: FieldInvalid, Message: reason})
}

// Invalid is a 400 listing every failed field; its message is the first one's "field: reason",
// the message clients showed before fields were listed.
func Invalid(fields ...FieldError) *Error {
	msg := ""
	if len(fields) > 0 {
		msg = fields[0].Field + ": " + fields[0].Message
	}
	return &Error{Status: http.StatusBadRequest, Code: CodeValidation, Message: msg, Fields: fields}
}

// Common reasons, so that every feature words them the same way.
const (
	ReasonRequired = "不能为空"
	ReasonTooLong  = "太长"
	ReasonNotUTF8  = "不是有效的UTF-8文本"
)

// Codes of whole answers. They never change once published: clients translate them.
const (
	CodeValidation     = "validation"      // 400 with errors[]
	CodeBadRequest     = "bad_request"     // 400 not about one field (bad body)
	CodeUnauthorized   = "unauthorized"    // 401
	CodeForbidden      = "forbidden"       // 403
	CodeNotFound       = "not_found"       // 404
	CodeSessionExpired = "session_expired" // 405, a channel operator must sign in again
	CodeConflict       = "conflict"        // 409
	CodeTooLarge       = "too_large"       // 413
	CodeRateLimited    = "rate_limited"    // 429
	CodeInternal       = "internal"        // 500
	CodeUnavailable    = "unavailable"     // 503
	CodeStorageFull    = "storage_full"    // 507
)

// Codes of field errors.
const (
	FieldRequired = "required"
	FieldTooLong  = "too_long"
	FieldFormat   = "format"
	FieldChoice   = "choice"
	FieldRange    = "range"
	FieldConflict = "conflict"
	FieldInvalid  = "invalid"
)

// CodeOf is the default code of a status, for errors made without one.
func CodeOf(status int) string {
	switch status {
	case http.StatusBadRequest:
		return CodeBadRequest
	case http.StatusUnauthorized:
		return CodeUnauthorized
	case http.StatusForbidden:
		return CodeForbidden
	case http.StatusNotFound:
		return CodeNotFound
	case http.StatusMethodNotAllowed:
		return CodeSessionExpired
	case http.StatusConflict:
		return CodeConflict
	case http.StatusRequestEntityTooLarge:
		return CodeTooLarge
	case http.StatusTooManyRequests:
		return CodeRateLimited
	case http.StatusServiceUnavailable:
		return CodeUnavailable
	case http.StatusInsufficientStorage:
		return CodeStorageFull
	}
	if status >= 500 {
		return CodeInternal
	}
	return CodeBadRequest
}

// Envelope is the body of every error answer: eladmin's {status, message, timestamp} plus a
// code and, for bad input, every failed field.
type Envelope struct {
	Status    int          `json:"status"`
	Code      string       `json:"code"`
	Message   string       `json:"message"`
	Errors    []FieldError `json:"errors,omitempty"`
	Timestamp int64        `json:"timestamp"`
}

// ErrorHandler turns any error a handler returns into the envelope. Internals (error texts of
// anything but *Error) are logged, never sent.
func ErrorHandler(log *slog.Logger, now func() time.Time) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		e := classify(err)
		if e.Status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed", "method", c.Request().Method, "path", c.Request().URL.Path,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", err)
		}
		write(c, e, now)
	}
}

// WriteError writes the envelope directly (for middleware that answers without an error value).
func WriteError(c echo.Context, status int, msg string, now func() time.Time) {
	write(c, &Error{Status: status, Message: msg}, now)
}

func write(c echo.Context, e *Error, now func() time.Time) {
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(e.Status)
		return
	}
	code := e.Code
	if code == "" {
		code = CodeOf(e.Status)
	}
	_ = c.JSON(e.Status, Envelope{Status: e.Status, Code: code, Message: e.Message, Errors: e.Fields,
		Timestamp: now().UnixMilli()})
}

func classify(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		switch he.Code {
		case http.StatusNotFound, http.StatusMethodNotAllowed:
			// A wrong method is reported as "no such API": in this API 405 means "channel
			// operator must sign in again", which a wrong method must never trigger.
			return &Error{Status: http.StatusNotFound, Message: "接口不存在"}
		case http.StatusRequestEntityTooLarge:
			return &Error{Status: he.Code, Message: "请求体过大"}
		case http.StatusBadRequest:
			return &Error{Status: he.Code, Message: "body: 格式错误"}
		case http.StatusUnauthorized:
			return &Error{Status: he.Code, Message: "未登录"}
		case http.StatusForbidden:
			return &Error{Status: he.Code, Message: "没有权限"}
		case http.StatusServiceUnavailable:
			return &Error{Status: he.Code, Message: "服务暂不可用"}
		case http.StatusTooManyRequests:
			return &Error{Status: he.Code, Message: "请求过于频繁"}
		}
		if he.Code >= 400 && he.Code < 500 {
			return &Error{Status: he.Code, Message: http.StatusText(he.Code)}
		}
	}
	if d := dependencyError(err); d != nil {
		return d
	}
	return &Error{Status: http.StatusInternalServerError, Message: "服务器内部错误"}
}
