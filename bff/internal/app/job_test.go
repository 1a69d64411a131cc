package app_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/seed"
)

// addTestJob declares a trivial job on the server (the features add theirs in app.New); adding
// it again is harmless.
func addTestJob(t *testing.T, s *apptest.Server) {
	t.Helper()
	err := s.App.Jobs.Add(job.Job{Name: "test.noop", Title: "测试任务", Schedule: "@every 1m", Batch: 1,
		Run: func(context.Context, *job.Run) (int, error) { return 2, nil }})
	if err != nil && !errors.Is(err, job.ErrInvalid) {
		t.Fatal(err)
	}
}

// TestJobsPage: 定时任务's routes — the list with its never-run job, 立即执行 and its run log,
// 暂停/恢复, 404 for a job nobody declared, 403 without the permissions.
func TestJobsPage(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		addTestJob(t, s)
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		type item struct {
			Name, Title, Schedule, NextRun string
			Paused                         bool
			LastRun                        *struct {
				Start, Result, Error string
				DurationMs, Rows     int64
			}
		}
		list := func() item {
			var items []item
			admin.do(http.MethodGet, "/api/jobs", nil).JSON(t, &items)
			for _, it := range items {
				if it.Name == "test.noop" {
					return it
				}
			}
			t.Fatalf("jobs = %+v", items)
			return item{}
		}
		if it := list(); it.Title != "测试任务" || it.Schedule != "@every 1m" || it.LastRun != nil || it.NextRun == "" || it.Paused {
			t.Fatalf("before any run: %+v", it)
		}
		for _, r := range []struct{ method, path string }{{http.MethodPost, "/api/jobs/nope/run"}, {http.MethodPut, "/api/jobs/nope/pause"},
			{http.MethodPut, "/api/jobs/nope/resume"}, {http.MethodGet, "/api/jobs/nope/runs"}} {
			want(t, admin.do(r.method, r.path, nil), http.StatusNotFound, "任务不存在")
		}
		var run struct {
			ID                               int64
			Result, Trigger, Operator, Start string
			Rows                             int64
		}
		res := admin.do(http.MethodPost, "/api/jobs/test.noop/run", nil)
		want(t, res, http.StatusOK, "")
		res.JSON(t, &run)
		if run.Result != "ok" || run.Trigger != "manual" || run.Operator != "admin" || run.Rows != 2 || run.Start == "" {
			t.Fatalf("run = %+v", run)
		}
		if it := list(); it.LastRun == nil || it.LastRun.Result != "ok" || it.LastRun.Rows != 2 {
			t.Fatalf("after the run: %+v", it)
		}
		var runs struct {
			Content []struct {
				ID                   int64
				Result, Trigger, End string
			}
			TotalElements int
		}
		admin.do(http.MethodGet, "/api/jobs/test.noop/runs?page=0&size=10", nil).JSON(t, &runs)
		if runs.TotalElements != 1 || runs.Content[0].ID != run.ID || runs.Content[0].End == "" {
			t.Fatalf("runs = %+v", runs)
		}
		want(t, admin.do(http.MethodGet, "/api/jobs/test.noop/runs?size=0", nil), http.StatusBadRequest, "")
		want(t, admin.do(http.MethodPut, "/api/jobs/test.noop/pause", nil), http.StatusNoContent, "")
		if !list().Paused {
			t.Fatal("not paused")
		}
		want(t, admin.do(http.MethodPut, "/api/jobs/test.noop/resume", nil), http.StatusNoContent, "")
		if list().Paused {
			t.Fatal("still paused")
		}
		staff := client{t, s, s.Login(t, seed.StaffUser, apptest.DemoPassword)}
		for _, r := range []struct{ method, path string }{{http.MethodGet, "/api/jobs"}, {http.MethodPost, "/api/jobs/test.noop/run"},
			{http.MethodPut, "/api/jobs/test.noop/pause"}, {http.MethodGet, "/api/jobs/test.noop/runs"}} {
			if got := staff.do(r.method, r.path, nil).Status; got != http.StatusForbidden {
				t.Fatalf("%s %s without the permission: %d", r.method, r.path, got)
			}
		}
	})
}
