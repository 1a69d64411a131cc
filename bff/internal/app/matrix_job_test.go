package app_test

import (
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// jobSamples: the matrix samples of 定时任务's routes, on the trivial test job.
func jobSamples() map[string]sample {
	on := func(method, path string) sample {
		return func(t *testing.T, m *matrix) apptest.Request {
			addTestJob(t, m.s)
			return apptest.Request{Method: method, Path: path}
		}
	}
	return map[string]sample{
		"GET /api/jobs":              on(http.MethodGet, "/api/jobs"),
		"POST /api/jobs/:name/run":   on(http.MethodPost, "/api/jobs/test.noop/run"),
		"PUT /api/jobs/:name/pause":  on(http.MethodPut, "/api/jobs/test.noop/pause"),
		"PUT /api/jobs/:name/resume": on(http.MethodPut, "/api/jobs/test.noop/resume"),
		"GET /api/jobs/:name/runs":   on(http.MethodGet, "/api/jobs/test.noop/runs?page=0&size=10"),
	}
}
