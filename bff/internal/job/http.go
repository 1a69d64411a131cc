package job

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers 定时任务: the jobs, their runs, 立即执行 and 暂停/恢复.
func (r *Runner) Routes(rt *authz.Router) {
	rt.GET("/api/jobs", authz.Perm(perm.JobList), r.handleList).
		Doc(authz.Doc{Summary: "the jobs declared in code with their schedule, last and next run", Resp: []ItemRow{}})
	rt.POST("/api/jobs/:name/run", authz.Perm(perm.JobRun), r.handleRun).
		Doc(authz.Doc{Summary: "run a job now and wait for it (409 while a run holds its lease)", Params: namePath{}, Resp: RunAnswer{}})
	rt.PUT("/api/jobs/:name/pause", authz.Perm(perm.JobEdit), r.handlePause(true)).
		Doc(authz.Doc{Summary: "stop a job's scheduled runs", Params: namePath{}})
	rt.PUT("/api/jobs/:name/resume", authz.Perm(perm.JobEdit), r.handlePause(false)).
		Doc(authz.Doc{Summary: "schedule a paused job again from now", Params: namePath{}})
	rt.GET("/api/jobs/:name/runs", authz.Perm(perm.JobList), r.handleRuns).
		Doc(authz.Doc{Summary: "a job's runs, newest first", Params: runsParams{}, Resp: httpx.List[RunAnswer]{}})
}

type namePath struct {
	Name string `path:"name" maxLength:"64" description:"the job's name (order.closeUnpaid)"`
}

type runsParams struct {
	namePath
	httpx.PageParams
}

// ItemRow is a job in GET /api/jobs.
type ItemRow struct {
	Name     string   `json:"name"`
	Title    string   `json:"title"`
	Schedule string   `json:"schedule" description:"cron (5 fields) or a descriptor: @every 1m, @daily"`
	Paused   bool     `json:"paused"`
	LastRun  *LastRun `json:"lastRun" description:"null: never run"`
	NextRun  string   `json:"nextRun"`
}

// LastRun is a job's last run in the list.
type LastRun struct {
	Start      string `json:"start"`
	DurationMs int64  `json:"durationMs"`
	Rows       int64  `json:"rows"`
	Result     string `json:"result" enum:"running,ok,failed,abandoned"`
	Error      string `json:"error"`
}

// RunAnswer is one run.
type RunAnswer struct {
	ID         int64  `json:"id"`
	Start      string `json:"start"`
	End        string `json:"end" description:"empty while running"`
	DurationMs int64  `json:"durationMs"`
	Rows       int64  `json:"rows"`
	Result     string `json:"result" enum:"running,ok,failed,abandoned"`
	Error      string `json:"error"`
	Trigger    string `json:"trigger" enum:"schedule,manual"`
	Operator   string `json:"operator" description:"who ran it by hand"`
}

func answerOf(w RunRow) RunAnswer {
	a := RunAnswer{ID: w.ID, Start: httpx.FormatTime(w.StartTime), DurationMs: w.DurationMs, Rows: w.Rows,
		Result: w.Result, Error: w.Error, Trigger: w.Trigger, Operator: w.Operator}
	if w.EndTime != nil {
		a.End = httpx.FormatTime(*w.EndTime)
	}
	return a
}

// httpError is the one place where the runner's errors become answers; any other error is the
// server's fault (500, logged).
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNoJob):
		return httpx.NotFound("任务不存在")
	case errors.Is(err, ErrBusy):
		return httpx.Conflict("name", "任务正在执行")
	}
	return err
}

func (r *Runner) handleList(c echo.Context) error {
	items, err := r.List(c.Request().Context())
	if err != nil {
		return httpError(err)
	}
	rows := make([]ItemRow, len(items))
	for i, it := range items {
		rows[i] = ItemRow{Name: it.Name, Title: it.Title, Schedule: it.Schedule, Paused: it.Paused, NextRun: httpx.FormatTime(it.NextRun)}
		if w := it.LastRun; w != nil {
			rows[i].LastRun = &LastRun{Start: httpx.FormatTime(w.StartTime), DurationMs: w.DurationMs, Rows: w.Rows, Result: w.Result, Error: w.Error}
		}
	}
	return c.JSON(http.StatusOK, rows)
}

func (r *Runner) handleRun(c echo.Context) error {
	operator := ""
	if p := authz.From(c); p != nil {
		operator = p.Username
	}
	run, err := r.RunNow(c.Request().Context(), c.Param("name"), operator)
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, answerOf(run))
}

func (r *Runner) handlePause(paused bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		if err := r.setPaused(c.Request().Context(), c.Param("name"), paused); err != nil {
			return httpError(err)
		}
		return c.NoContent(http.StatusNoContent)
	}
}

func (r *Runner) handleRuns(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	runs, n, err := r.Runs(c.Request().Context(), c.Param("name"), page.Index, page.Size)
	if err != nil {
		return httpError(err)
	}
	rows := make([]RunAnswer, len(runs))
	for i, w := range runs {
		rows[i] = answerOf(w)
	}
	return c.JSON(http.StatusOK, httpx.List[RunAnswer]{Content: rows, TotalElements: int(n)})
}
