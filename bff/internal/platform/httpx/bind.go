package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
)

// Form returns the request's fields from a form body (urlencoded or multipart) or a flat JSON
// object, so a caller can post either. Scalars of a JSON body become their text form.
func Form(c echo.Context) (url.Values, error) {
	ct, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	if ct == echo.MIMEApplicationJSON {
		var m map[string]any
		if err := DecodeJSON(c, &m, true); err != nil {
			return nil, BodyError(err, "不是有效的JSON对象")
		}
		v := url.Values{}
		for k, x := range m {
			switch x := x.(type) {
			case string:
				v.Set(k, x)
			case json.Number:
				v.Set(k, x.String())
			case bool:
				v.Set(k, strconv.FormatBool(x))
			case nil:
			default:
				return nil, BadRequest(k, "必须是文本或数字")
			}
		}
		return v, nil
	}
	v, err := c.FormParams()
	if err != nil {
		return nil, BodyError(err, "格式错误")
	}
	for k, vs := range v {
		for _, x := range vs {
			if !utf8.ValidString(x) {
				return nil, BadRequest(k, reasonNotUTF8)
			}
		}
	}
	return v, nil
}

// Fields reads named text fields with checks; Err lists every failed field (see Check).
type Fields struct {
	Values url.Values
	Check
}

// Required returns the trimmed field, recording "field: 不能为空" when it is missing and
// "field: 太长" when it has more than max characters.
func (f *Fields) Required(name string, max int) string {
	v := f.Values.Get(name)
	f.Text(name, &v, max, true)
	return v
}

// RequiredBytes is Required with the limit counted in bytes: for values that become keys of
// indexes or stores, whose limits are bytes.
func (f *Fields) RequiredBytes(name string, max int) string {
	if len(strings.TrimSpace(f.Values.Get(name))) > max {
		f.fail(name, FieldTooLong, fmt.Sprintf("%s（最多%d字节）", ReasonTooLong, max))
	}
	return f.Required(name, max)
}

// Raw returns the field untrimmed (passwords), with the same checks as Required (max in bytes).
func (f *Fields) Raw(name string, max int) string {
	v := f.Values.Get(name)
	if v == "" {
		f.fail(name, FieldRequired, ReasonRequired)
	} else if len(v) > max {
		f.fail(name, FieldTooLong, fmt.Sprintf("%s（最多%d个字符）", ReasonTooLong, max))
	}
	return v
}

// TimeLayout is how dates travel in JSON: yyyy-MM-dd HH:mm:ss in the server's zone.
const TimeLayout = "2006-01-02 15:04:05"

// ReasonTimeFormat is the reason a date-time is refused.
const ReasonTimeFormat = "时间格式必须是yyyy-MM-dd HH:mm:ss"

// ParseTime reads a date-time as the API takes it (DECISIONS §3): yyyy-MM-dd HH:mm:ss in the
// server's zone, or ten digits of Unix seconds; with dates allowed, also yyyy-MM-dd (dateOnly
// tells the caller, which may make it the end of that day).
func ParseTime(v string, dates bool) (t time.Time, dateOnly bool, err error) {
	v = strings.TrimSpace(v)
	if len(v) == 10 && strings.Trim(v, "0123456789") == "" {
		n, _ := strconv.ParseInt(v, 10, 64) // ten digits always fit
		return time.Unix(n, 0).In(time.Local), false, nil
	}
	if t, err = time.ParseInLocation(TimeLayout, v, time.Local); err == nil {
		return t, false, nil
	}
	if dates {
		if t, err = time.ParseInLocation(time.DateOnly, v, time.Local); err == nil {
			return t, true, nil
		}
	}
	return time.Time{}, false, errors.New(ReasonTimeFormat)
}

// FormatTime renders t in the server's zone, "" for the zero time.
func FormatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(time.Local).Format(TimeLayout)
}
