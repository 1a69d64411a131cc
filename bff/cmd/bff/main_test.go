package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/objstore/s3test"
)

// running is a started `run`: its stdout lines and its result.
type running struct {
	base   string
	lines  []string
	cancel context.CancelFunc
	done   chan error
}

// start runs the program until "listening on" is printed.
func start(t *testing.T, args, env []string) *running {
	t.Helper()
	return startLogging(t, args, env, io.Discard)
}

// startLogging is start with the logs written to stderr.
func startLogging(t *testing.T, args, env []string, stderr io.Writer) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	r := &running{cancel: cancel, done: make(chan error, 1)}
	go func() {
		err := run(ctx, args, env, pw, stderr)
		pw.Close()
		r.done <- err
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-r.done:
			if err != nil {
				t.Errorf("the server stopped with %v", err)
			}
		case <-time.After(15 * time.Second):
			t.Error("the server did not stop")
		}
	})
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		line := sc.Text()
		r.lines = append(r.lines, line)
		if addr, ok := strings.CutPrefix(line, "listening on "); ok {
			r.base = addr
			go func() { _, _ = io.Copy(io.Discard, pr) }() // keep the pipe drained
			return r
		}
	}
	t.Fatalf("the server stopped before listening: %v (output %q)", <-r.done, r.lines)
	return nil
}

func (r *running) stop(t *testing.T) {
	t.Helper()
	r.cancel()
	select {
	case err := <-r.done:
		if err != nil {
			t.Fatalf("run returned %v on shutdown", err)
		}
		r.done <- nil // for the cleanup
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop")
	}
}

func getJSON(t *testing.T, url, token string, v any) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if v != nil {
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			t.Fatalf("%s %s: decoding the answer: %v", req.Method, req.URL.Path, err)
		}
	}
	return res.StatusCode
}

func loginAdmin(t testing.TB, base, password string) string {
	t.Helper()
	res, err := http.PostForm(base+"/api/auth/login", url.Values{"username": {"admin"}, "password": {password}})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != 200 || out.Token == "" {
		t.Fatalf("admin sign-in: %d", res.StatusCode)
	}
	return out.Token
}

func TestRunServesRestartsAndStops(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	args := []string{"--addr", "127.0.0.1:0", "--captcha=off", "--demo=on", "--admin-password=first-admin-pw"}
	env := []string{"BFF_DATA_DIR=" + data, "BFF_LOG_LEVEL=warn"}

	r := start(t, args, env)
	out := strings.Join(r.lines, "\n")
	if strings.Contains(out, "admin password") || !strings.Contains(out, "demo password (staff, lead, channel): ") {
		t.Fatalf("first start printed %q", out)
	}
	var health map[string]string
	if code := getJSON(t, r.base+"/healthz", "", &health); code != 200 || health["status"] != "ok" {
		t.Fatalf("healthz: %d %v", code, health)
	}
	token := loginAdmin(t, r.base, "first-admin-pw")
	st, err := os.Stat(filepath.Join(data, "jwt-secret"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secret file: %v %v", st, err)
	}
	if st, err := os.Stat(filepath.Join(data, "bff.db")); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("database file: %v %v", st, err)
	}
	r.stop(t)

	// Second start on the same data: nothing printed but the address, the same key, the session kept.
	r = start(t, args, env)
	if len(r.lines) != 1 {
		t.Fatalf("second start printed %q", r.lines)
	}
	if code := getJSON(t, r.base+"/api/auth/info", token, nil); code != 200 {
		t.Fatalf("token after restart: %d", code)
	}
	r.stop(t)
}

func TestRunRejectsBadConfig(t *testing.T) {
	err := run(context.Background(), []string{"--session-ttl=soon"}, []string{"BFF_DATA_DIR=" + t.TempDir()}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "BFF_SESSION_TTL") {
		t.Fatalf("err = %v", err)
	}
	err = run(context.Background(), nil, []string{"BFF_DB=sqlite:/proc/nope/x.db", "BFF_DATA_DIR=" + t.TempDir()}, io.Discard, io.Discard)
	if err == nil {
		t.Fatal("an unusable database path was accepted")
	}
}

func TestRunOnMySQL(t *testing.T) {
	dsn := dbtest.NewMySQLDatabase(t)
	r := start(t, []string{"--addr=127.0.0.1:0"}, []string{"BFF_DB=mysql://" + dsn, "BFF_DATA_DIR=" + t.TempDir(),
		"BFF_CAPTCHA=off", "BFF_ADMIN_PASSWORD=mysql-admin-pw", "BFF_LOG_LEVEL=error"})
	if code := getJSON(t, r.base+"/healthz", "", nil); code != 200 {
		t.Fatalf("healthz: %d", code)
	}
	token := loginAdmin(t, r.base, "mysql-admin-pw")
	var tree []map[string]any
	if code := getJSON(t, r.base+"/api/menus/build", token, &tree); code != 200 || len(tree) != 5 || tree[0]["path"] != "/system" || tree[1]["path"] != "/workflow" ||
		tree[2]["path"] != "/mall" || tree[2]["hidden"] != false || tree[3]["path"] != "/channel" ||
		tree[4]["path"] != "/mine" || tree[4]["hidden"] != true { // hidden: the administrator has no agency
		t.Fatalf("menus: %d %v", code, tree)
	}
	var check map[string]bool
	if getJSON(t, r.base+"/api/init/check", "", &check); check["initialized"] {
		t.Fatal("initialised without demo data")
	}
	setUp(t, r)
	r.stop(t)
}

// setUp finishes the first-run set-up with the token the start printed: the only way in.
func setUp(t *testing.T, r *running) {
	t.Helper()
	tok := ""
	for _, l := range r.lines {
		if _, v, ok := strings.Cut(l, "setup token (enter it at /init, valid until the system is set up): "); ok {
			tok = v
		}
	}
	if len(tok) < 32 {
		t.Fatalf("no setup token printed: %q", r.lines)
	}
	post := func(tok string) int {
		b, _ := json.Marshal(map[string]string{"setupToken": tok, "username": "boss", "nickName": "店长",
			"email": "boss@example.com", "password": "boss-pass-1", "shopName": "好物商城", "shopPhone": "13800000009"})
		res, err := http.Post(r.base+"/api/init", "application/json", strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if code := post(tok + "x"); code != 400 {
		t.Fatalf("a wrong token: %d", code)
	}
	if code := post(tok); code != 201 {
		t.Fatalf("setup with the printed token: %d", code)
	}
	if code := post(tok); code != 409 {
		t.Fatalf("the token used again: %d", code)
	}
}

func TestRunPrintsSetupToken(t *testing.T) {
	r := start(t, []string{"--addr=127.0.0.1:0", "--demo=off", "--captcha=off"},
		[]string{"BFF_DATA_DIR=" + t.TempDir(), "BFF_LOG_LEVEL=error", "BFF_ADMIN_PASSWORD=first-admin-pw"})
	setUp(t, r)
	r.stop(t)
}

// With BFF_METRICS_ADDR the metrics have a listener of their own, with the requests the API
// answered by route; the API's listener does not serve them, and a stop ends both.
func TestRunServesMetricsOnTheirOwnListener(t *testing.T) {
	r := start(t, []string{"--addr=127.0.0.1:0", "--metrics-addr=127.0.0.1:0", "--captcha=off"},
		[]string{"BFF_DATA_DIR=" + t.TempDir(), "BFF_LOG_LEVEL=error", "BFF_ADMIN_PASSWORD=first-admin-pw"})
	murl := ""
	for _, l := range r.lines {
		if u, ok := strings.CutPrefix(l, "metrics on "); ok {
			murl = u
		}
	}
	if murl == "" {
		t.Fatalf("no metrics address printed: %q", r.lines)
	}
	token := loginAdmin(t, r.base, "first-admin-pw")
	if code := getJSON(t, r.base+"/api/menus/build", token, nil); code != 200 {
		t.Fatalf("menus: %d", code)
	}
	// an export: its bytes are counted apart
	req, _ := http.NewRequest(http.MethodPost, r.base+"/api/auth/online/downloadAll",
		strings.NewReader(`{"headers":["用户名"],"fields":["username"]}`))
	req.Header.Set("Authorization", token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	xlsx, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || len(xlsx) == 0 {
		t.Fatalf("export: %d", res.StatusCode)
	}
	wants := []string{
		`bff_http_requests_total{method="GET",route="/api/menus/build",status="200"} 1`,
		`bff_http_requests_total{method="POST",route="/api/auth/login",status="200"} 1`,
		`go_sql_max_open_connections{db_name="main"}`,
		"bff_sessions_active 1\n",
		`bff_transfers_in_flight{kind="upload"} 0`,
		fmt.Sprintf(`bff_transfer_bytes_total{kind="export"} %d`+"\n", len(xlsx)),
		// admission control (BFF_ADMIT, on by default): nothing refused at this load, the limit
		// where it starts (5 per core, at least 10)
		fmt.Sprintf("bff_admit_limit %d\n", max(10, 5*runtime.GOMAXPROCS(0))),
		`bff_admit_shed_total{class="normal"} 0`,
		`bff_admit_shed_total{class="priority"} 0`,
	}
	// A request is counted after its answer is written (its duration includes the write), so the
	// client can hold the answer a moment before the count moves: scrape until it has, bounded.
	var missing string
	var body []byte
	for range 100 {
		res, err = http.Get(murl)
		if err != nil {
			t.Fatal(err)
		}
		body, _ = io.ReadAll(res.Body)
		res.Body.Close()
		missing = ""
		for _, want := range wants {
			if res.StatusCode != 200 || !strings.Contains(string(body), want) {
				missing = want
				break
			}
		}
		if missing == "" {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if missing != "" {
		t.Fatalf("metrics lack %q after 2 s:\n%s", missing, body)
	}
	if code := getJSON(t, r.base+"/metrics", "", nil); code == 200 {
		t.Fatal("the API's listener serves the metrics")
	}
	r.stop(t)
	if _, err := http.Get(murl); err == nil {
		t.Fatal("the metrics listener is still open after the stop")
	}
}

// lockedBuffer is a log the server writes while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// With BFF_LOG_FORMAT=json every line is a JSON object, and a request's lines name its id.
func TestRunLogsJSON(t *testing.T) {
	var logs lockedBuffer
	r := startLogging(t, []string{"--addr=127.0.0.1:0", "--captcha=off", "--log-format=json"},
		[]string{"BFF_DATA_DIR=" + t.TempDir(), "BFF_LOG_LEVEL=debug", "BFF_ADMIN_PASSWORD=first-admin-pw"}, &logs)
	req, _ := http.NewRequest(http.MethodGet, r.base+"/healthz", nil)
	req.Header.Set("X-Request-Id", "probe-42")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	r.stop(t)
	found := false
	for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		if m["msg"] == "request" && m["path"] == "/healthz" {
			found = m["request_id"] == "probe-42" && strings.Count(l, "request_id") == 1
		}
	}
	if !found {
		t.Fatalf("no request line naming probe-42 once:\n%s", logs.String())
	}
}

// The upstream counters are served with the rest of the metrics.
func TestRunServesUpstreamMetrics(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	}))
	defer origin.Close()
	r := start(t, []string{"--addr=127.0.0.1:0", "--metrics-addr=127.0.0.1:0", "--captcha=off"},
		[]string{"BFF_DATA_DIR=" + t.TempDir(), "BFF_LOG_LEVEL=error", "BFF_ADMIN_PASSWORD=first-admin-pw",
			"BFF_UPSTREAMS=/api/erp=" + origin.URL, "BFF_UPSTREAM_SECRET=" + strings.Repeat("s", 32)})
	murl := ""
	for _, l := range r.lines {
		if u, ok := strings.CutPrefix(l, "metrics on "); ok {
			murl = u
		}
	}
	token := loginAdmin(t, r.base, "first-admin-pw")
	if code := getJSON(t, r.base+"/api/erp/stock", token, nil); code != 200 {
		t.Fatalf("through the upstream: %d", code)
	}
	res, err := http.Get(murl)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), `bff_upstream_requests_total{prefix="/api/erp",status="200"} 1`) {
		t.Fatalf("no upstream counter in:\n%s", body)
	}
	r.stop(t)
}

// With BFF_STORAGE=s3://… the uploads go to the bucket, which must exist when the BFF starts;
// a missing secret stops the start before anything is opened.
func TestRunOnS3(t *testing.T) {
	b := s3test.Start(t)
	env := []string{"BFF_DATA_DIR=" + t.TempDir(), "BFF_LOG_LEVEL=warn", "BFF_S3_ENDPOINT=" + b.Endpoint,
		"BFF_S3_ACCESS_KEY=" + b.AccessKey, "BFF_S3_SECRET_KEY=" + b.SecretKey}
	noSecret := append(slices.Clone(env[:len(env)-1]), "BFF_STORAGE=s3://"+b.Bucket)
	err := run(context.Background(), nil, noSecret, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "BFF_S3_SECRET_KEY (--s3-secret-key): required") {
		t.Fatalf("no secret: %v", err)
	}
	err = run(context.Background(), []string{"--addr=127.0.0.1:0"}, append(env, "BFF_STORAGE=s3://no-such-bucket", "BFF_DATA_DIR="+t.TempDir()), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `BFF_STORAGE: objstore: bucket "no-such-bucket" does not exist`) {
		t.Fatalf("missing bucket: %v", err)
	}
	r := start(t, []string{"--addr=127.0.0.1:0", "--captcha=off", "--demo=on", "--admin-password=first-admin-pw"}, append(env, "BFF_STORAGE=s3://"+b.Bucket))
	token := loginAdmin(t, r.base, "first-admin-pw")
	req, _ := http.NewRequest(http.MethodPost, r.base+"/api/files/imagePolicy", strings.NewReader(`{"contentType":"image/webp"}`))
	req.Header.Set("Authorization", token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var p struct{ Storage, URL string }
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil || res.StatusCode != 200 || p.Storage != "s3" || !strings.HasPrefix(p.URL, b.Endpoint+"/"+b.Bucket) {
		t.Fatalf("policy: %d %+v %v", res.StatusCode, p, err)
	}
	r.stop(t)
}
