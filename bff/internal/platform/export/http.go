package export

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// Source produces the rows of a query (values in q.Fields order). It gets the request so that it
// can apply the caller's data scope.
type Source func(c echo.Context, q Query, emit Emit) error

// Resource is the one declaration a list resource makes to be exportable.
type Resource struct {
	Title    string   // file name {Title}数据.xlsx
	Fields   []string // exportable fields
	Filters  []string // accepted filters (date ranges already split: startTime, endTime, …)
	Sortable []string
	Rows     Source
	Labels   Labels // the dictionaries of Label columns; nil when there are none
}

// maxBody bounds the request: headers, fields, up to maxIDs ids and filters.
const maxBody = 1 << 20

// Routes registers POST {prefix}/download (the rows named by ids) and {prefix}/downloadAll
// (every row that matches the filters), both under rule.
func Routes(r *authz.Router, prefix string, rule authz.Rule, res Resource) {
	r.POST(prefix+"/download", rule, handler(res, false)).
		Doc(authz.Doc{Summary: "export the rows named by ids as " + xlsx, Body: Body{}, RespType: xlsx})
	r.POST(prefix+"/downloadAll", rule, handler(res, true)).
		Doc(authz.Doc{Summary: "export every row the filters match as " + xlsx, Body: Body{}, RespType: xlsx})
}

// xlsx is the content type of an export.
const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Body is an export request; the list's filters come as further keys (see parse).
type Body struct {
	Headers []string `json:"headers" description:"column titles, one per field"`
	Fields  []string `json:"fields"`
	IDs     []string `json:"ids,omitempty" description:"download only: the rows"`
	Sort    []string `json:"sort,omitempty" description:"field,asc|desc"`
}

func handler(res Resource, all bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxBody+1))
		if err != nil {
			return httpx.BodyError(err, "读取失败")
		}
		if len(body) > maxBody {
			return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Message: "请求体过大"}
		}
		q, err := parse(body, &res, all)
		if err != nil {
			return err
		}
		h := c.Response().Header()
		h.Set(echo.HeaderContentType, xlsx)
		h.Set(echo.HeaderContentDisposition, httpx.Disposition("attachment", res.Title+"数据.xlsx"))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set(echo.HeaderCacheControl, "no-store")
		w := &lazyWriter{c: c}
		if err := Write(w, q.Headers, func(emit Emit) error { return res.Rows(c, q, labelled(c.Request().Context(), res.Labels, emit)) }); err != nil {
			if w.started {
				return nil // the status is sent; the client sees a truncated file
			}
			return err
		}
		return nil
	}
}

// lazyWriter sends the status line with the first byte, so that an error before it is still an
// error answer.
type lazyWriter struct {
	c       echo.Context
	started bool
}

func (w *lazyWriter) Write(p []byte) (int, error) {
	if !w.started {
		w.started = true
		w.c.Response().WriteHeader(http.StatusOK)
	}
	return w.c.Response().Write(p)
}
