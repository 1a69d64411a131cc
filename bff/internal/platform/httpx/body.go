package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
)

// JSON decodes the request's JSON body into v. Unknown fields are ignored: eladmin-style
// clients send back whole rows (with createTime and the like) when they edit.
func JSON(c echo.Context, v any) error {
	if err := RequireJSON(c); err != nil {
		return err
	}
	if err := DecodeJSON(c, v, false); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return BadRequest(te.Field, "类型错误")
		}
		return BodyError(err, "不是有效的JSON")
	}
	return nil
}

// errNotUTF8 and errTrailing are why a body that encoding/json would take is still refused.
var (
	errNotUTF8    = errors.New("not UTF-8")
	errTrailing   = errors.New("data after the JSON value")
	reasonNotUTF8 = "不是有效的UTF-8文本"
)

// DecodeJSON reads the whole body and decodes one JSON value into v (numbers as json.Number
// when number is set). Bytes that are not UTF-8 are refused rather than decoded: encoding/json
// would quietly turn them into U+FFFD and store a name nobody typed. Data after the value is
// refused too, so that what is decoded is all that was sent.
func DecodeJSON(c echo.Context, v any, number bool) error {
	b, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	if !utf8.Valid(b) {
		return errNotUTF8
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if number {
		dec.UseNumber()
	}
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errTrailing
	}
	return nil
}

// RequireJSON refuses a body not declared as application/json (415). A page of another site
// can post text/plain or a form without asking the server first (no CORS preflight), but not
// application/json: so a JSON endpoint that insists on the type cannot be driven by such a page.
func RequireJSON(c echo.Context) error {
	ct, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	if ct != echo.MIMEApplicationJSON {
		return &Error{Status: http.StatusUnsupportedMediaType, Message: "Content-Type: 请求体必须是application/json"}
	}
	return nil
}

// MaxIDs bounds how many rows one delete or batch change may name.
const MaxIDs = 1000

// IDs reads a JSON array of positive IDs (eladmin's batch delete body), 1 to MaxIDs of them.
func IDs(c echo.Context) ([]int64, error) {
	var ids []int64
	if err := RequireJSON(c); err != nil {
		return nil, err
	}
	if err := DecodeJSON(c, &ids, false); err != nil {
		return nil, BodyError(err, "必须是ID的JSON数组")
	}
	return ids, CheckIDs("body", ids)
}

// CheckIDs requires 1 to MaxIDs positive IDs.
func CheckIDs(field string, ids []int64) error {
	if len(ids) == 0 || len(ids) > MaxIDs {
		return BadRequest(field, fmt.Sprintf("ID数量必须在1到%d之间", MaxIDs))
	}
	for _, id := range ids {
		if id <= 0 {
			return BadRequest(field, "ID必须是正整数")
		}
	}
	return nil
}

// TimeRange reads a query parameter given twice (name=from&name=to, yyyy-MM-dd HH:mm:ss or
// yyyy-MM-dd) as an inclusive range; absent gives nil bounds.
func TimeRange(c echo.Context, name string) (from, to *time.Time, err error) {
	vs := c.QueryParams()[name]
	if len(vs) == 0 {
		return nil, nil, nil
	}
	if len(vs) != 2 {
		return nil, nil, BadRequest(name, "必须给出开始和结束两个时间")
	}
	var ts [2]time.Time
	for i, v := range vs {
		t, dateOnly, err := ParseTime(v, true)
		if err != nil {
			return nil, nil, BadRequest(name, ReasonTimeFormat)
		}
		if dateOnly && i == 1 {
			t = t.Add(24*time.Hour - time.Second) // a whole end day
		}
		if !StorableYear(t) {
			return nil, nil, BadRequest(name, ReasonYear)
		}
		ts[i] = t
	}
	if ts[1].Before(ts[0]) {
		return nil, nil, BadRequest(name, "结束时间早于开始时间")
	}
	return &ts[0], &ts[1], nil
}

// ReasonYear is the answer to a date outside StorableYear.
const ReasonYear = "年份必须在1000到9999之间"

// StorableYear tells whether t's year fits every database's date column (MySQL DATETIME holds
// 1000 to 9999; year 0000 there is an error, not a date).
func StorableYear(t time.Time) bool { return t.Year() >= 1000 && t.Year() <= 9999 }

// StatusOf is the HTTP status an error answers with (the status of a nil error is 200).
func StatusOf(err error) int {
	if err == nil {
		return http.StatusOK
	}
	return classify(err).Status
}

// MessageOf is the message the caller of a failed request is shown (用户名或密码错误).
func MessageOf(err error) string { return classify(err).Message }

// Conflict is a 409 naming the field ("username: 已存在").
func Conflict(field, reason string) *Error {
	return &Error{Status: http.StatusConflict, Code: CodeConflict, Message: field + ": " + reason,
		Fields: []FieldError{{Field: field, Code: FieldConflict, Message: reason}}}
}

// NotFound is a 404 with a message.
func NotFound(msg string) *Error { return &Error{Status: http.StatusNotFound, Message: msg} }

// Forbidden is a 403 with a message.
func Forbidden(msg string) *Error { return &Error{Status: http.StatusForbidden, Message: msg} }

// Saved answers a create (201 with the new ID) or an update (204), eladmin style.
func Saved(c echo.Context, created bool, id int64) error {
	if created {
		return c.JSON(http.StatusCreated, map[string]int64{"id": id})
	}
	return c.NoContent(http.StatusNoContent)
}
