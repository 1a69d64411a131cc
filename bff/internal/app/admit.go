package app

import (
	"net/http"
	"strings"

	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/admit"
)

// admitClass says how a request is admitted under load (platform/admit). Health checks are
// never counted, so that a busy instance is not taken for a dead one; nor is the message stream,
// which lives as long as the session; nor the front end's files (a disk read each). Sign-in, the
// session and the menus go first: without them nobody can use the console at all, however few
// pages answer. Writes go first among the rest: refusing a read costs the user one retry,
// refusing a save loses what they typed.
func admitClass(r *http.Request) admit.Class {
	path := r.URL.Path
	api := strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/open/") || strings.HasPrefix(path, "/background/")
	read := r.Method == http.MethodGet || r.Method == http.MethodHead
	switch {
	case path == "/healthz", path == "/readyz", path == notify.StreamRoute, r.Method == http.MethodOptions, read && !api:
		return admit.Exempt
	case path == "/api/auth/login", path == "/api/auth/loginAccount", path == "/background/common/tj/login",
		path == "/api/auth/code", path == "/api/auth/info", path == "/api/menus/build", !read:
		return admit.Priority
	}
	return admit.Normal
}
