package audit

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// Middleware records the request after it ran, whatever its result.
func (s *Service) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := s.now()
		err := next(c)
		status := c.Response().Status
		if err != nil || !c.Response().Committed {
			status = httpx.StatusOf(err)
		}
		req := c.Request()
		e := &Entry{Method: req.Method, Path: req.URL.Path, Route: c.Path(), IP: c.RealIP(),
			Browser: s.browser(req.UserAgent()), Status: status, Success: status < 400,
			Millis: s.now().Sub(start).Milliseconds(), CreateTime: start, Changes: changesOf(c)}
		if a, ok := ActionOf(req.Method, e.Route, !e.Success); ok {
			e.Action = a.Zh
		}
		if err != nil && !e.Success {
			e.Reason = httpx.MessageOf(err)
		}
		if p := authz.From(c); p != nil {
			e.Username = p.Username
		} else if name := authz.Attempt(c); name != "" {
			e.Username = name // a sign-in attempt
		} else if req.PostForm != nil {
			e.Username = req.PostForm.Get("username")
		}
		s.Record(req.Context(), e)
		return err
	}
}

// Routes registers the log's API.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/logs", authz.Perm(perm.LogList), s.handleList).
		Doc(authz.Doc{Summary: "the operation log", Params: ListParams{}, Resp: httpx.List[Row]{}})
	export.Routes(r, "/api/logs", authz.Perm(perm.LogList), s.exportResource())
}

// ListParams filter the operation log.
type ListParams struct {
	httpx.PageParams
	httpx.BlurryParams
	httpx.CreateTimeParams
	Username string `query:"username"`
	Success  bool   `query:"success"`
	Action   string `query:"action"` // part of the action's name (用户: 新增用户, 删除用户 …)
}

// Row is an entry as the log lists it.
type Row struct {
	Entry
	ActionEn   string `json:"actionEn"` // the action in English ("" when it has no name)
	CreateTime string `json:"createTime"`
}

// rowOf is e as the list and the export show it: an entry written before actions were kept
// gets its name from its route.
func rowOf(e Entry) Row {
	a, ok := ActionOf(e.Method, e.Route, !e.Success)
	if e.Action == "" && ok {
		e.Action = a.Zh
	}
	return Row{Entry: e, ActionEn: a.En, CreateTime: httpx.FormatTime(e.CreateTime)}
}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	q := Query{Offset: page.Offset(), Limit: page.Size, Blurry: blurry, Username: strings.TrimSpace(c.QueryParam("username"))}
	if q.Action, err = filter.Text(c.QueryParam, "action", actionMax); err != nil {
		return err
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
	es, n, err := s.Search(c.Request().Context(), q)
	if err != nil {
		return err
	}
	rows := make([]Row, len(es))
	for i, e := range es {
		rows[i] = rowOf(e)
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}
