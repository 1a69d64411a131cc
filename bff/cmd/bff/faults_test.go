package main

// Issue 14, "Faults": each scenario breaks one part under a light load and checks what the
// callers get, then what is left. The figures are logged as "FIGURE …" lines (docs/figures.md).

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite" // reading the SQLite file of a BFF under test

	"mallconsole/bff/internal/platform/httpx"
)

// outage is how long the database stays down (the 20 s).
const outage = 20 * time.Second

// result is one request of a load.
type result struct {
	start, end time.Time
	status     int
	body       httpx.Envelope
	err        error
	write      string // the dictionary name a write created
}

func (r result) ok() bool            { return r.err == nil && r.status >= 200 && r.status < 300 }
func (r result) took() time.Duration { return r.end.Sub(r.start) }

// do sends one request and reads the answer's envelope (when it is one).
func do(client *http.Client, method, url, token string, body []byte) result {
	r := result{start: time.Now()}
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		r.err = err
		return r
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	res, err := client.Do(req)
	if err != nil {
		r.err, r.end = err, time.Now()
		return r
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	r.end, r.status, r.err = time.Now(), res.StatusCode, err
	if r.status >= 400 {
		_ = json.Unmarshal(b, &r.body)
	}
	return r
}

// load is a few clients creating dictionaries (each under a name of its own) and reading the list,
// 20 ms apart, until halted.
type load struct {
	mu      sync.Mutex
	results []result
	halted  chan struct{}
	wg      sync.WaitGroup
}

func runLoad(base, token string, clients int) *load {
	l := &load{halted: make(chan struct{})}
	client := &http.Client{Timeout: 10 * time.Second}
	for w := range clients {
		l.wg.Go(func() {
			for i := range 100000 { // bounded; halt ends it long before
				select {
				case <-l.halted:
					return
				default:
				}
				var r result
				if i%2 == 0 {
					name := fmt.Sprintf("flt%d_%d", w, i)
					r = do(client, http.MethodPost, base+"/api/dict", token, fmt.Appendf(nil, `{"name":%q,"description":"fault"}`, name))
					r.write = name
				} else {
					r = do(client, http.MethodGet, base+"/api/dict?page=0&size=5", token, nil)
				}
				l.mu.Lock()
				l.results = append(l.results, r)
				l.mu.Unlock()
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
	return l
}

func (l *load) snapshot() []result {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]result(nil), l.results...)
}

func (l *load) halt() []result {
	close(l.halted)
	l.wg.Wait()
	return l.snapshot()
}

// checkWrites compares the acknowledged writes with the rows: every acknowledged name is there
// exactly once, and no name is there twice. It returns the counts of the figures.
func checkWrites(t *testing.T, db *sql.DB, results []result) (acked, present, lost, doubled int) {
	t.Helper()
	rows := map[string]int{}
	q, err := db.Query("SELECT name, COUNT(*) FROM dict WHERE name LIKE 'flt%' GROUP BY name")
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	for q.Next() {
		var name string
		var n int
		if err := q.Scan(&name, &n); err != nil {
			t.Fatal(err)
		}
		rows[name] = n
		present++
		if n > 1 {
			doubled++
			t.Errorf("%s is there %d times", name, n)
		}
	}
	if err := q.Err(); err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.write == "" || !r.ok() {
			continue
		}
		acked++
		if rows[r.write] == 0 {
			lost++
			t.Errorf("the acknowledged write %s is missing", r.write)
		}
	}
	return acked, present, lost, doubled
}

// poll asks url until it answers status (every 100 ms, at most within d): the time it took.
func poll(t *testing.T, url string, status int, d time.Duration) time.Duration {
	t.Helper()
	client := &http.Client{Timeout: 3 * time.Second}
	start := time.Now()
	for time.Since(start) < d {
		if r := do(client, http.MethodGet, url, "", nil); r.err == nil && r.status == status {
			return time.Since(start)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s did not answer %d within %v", url, status, d)
	return 0
}

// MariaDB stopped for 20 s under load: every call answers at once, 503 with the envelope,
// /readyz turns 503, and the same process serves again within 5 s of the database's return,
// with every acknowledged write there once.
func TestFaultDatabaseStopped(t *testing.T) {
	m := startMariaDB(t)
	dsn, db := m.database(t, "faults")
	r := start(t, []string{"--addr=127.0.0.1:0"}, []string{"BFF_DB=mysql://" + dsn, "BFF_DATA_DIR=" + t.TempDir(),
		"BFF_CAPTCHA=off", "BFF_ADMIN_PASSWORD=fault-admin-pw", "BFF_LOG_LEVEL=error"})
	token := loginAdmin(t, r.base, "fault-admin-pw")
	l := runLoad(r.base, token, 4)
	time.Sleep(time.Second)

	stopAt := time.Now()
	m.stop(t, syscall.SIGTERM)
	unready := poll(t, r.base+"/readyz", http.StatusServiceUnavailable, 5*time.Second)
	time.Sleep(time.Until(stopAt.Add(outage)))
	// down means until the restart begins: MariaDB accepts connections a moment before m.start
	// has seen it ready, and requests answered in that moment are rightly 200
	restartAt := time.Now()
	m.start(t)
	backAt := time.Now()
	ready := poll(t, r.base+"/readyz", http.StatusOK, 10*time.Second)
	var recovered time.Duration
	for deadline := time.Now().Add(10 * time.Second); recovered == 0 && time.Now().Before(deadline); {
		for _, res := range l.snapshot() {
			if res.write != "" && res.ok() && res.start.After(backAt) {
				recovered = res.end.Sub(backAt)
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	results := l.halt()

	var firstUnavailable time.Duration
	var during, unavailable int
	var slowest time.Duration
	for _, res := range results {
		slowest = max(slowest, res.took())
		switch {
		case res.err != nil:
			t.Errorf("a request failed without an answer: %v", res.err)
		case res.took() > 2*time.Second:
			t.Errorf("a request took %v (answered %d)", res.took(), res.status)
		case res.ok():
		case res.status == http.StatusServiceUnavailable:
			unavailable++
			if res.body.Status != 503 || res.body.Code != httpx.CodeUnavailable || res.body.Message != httpx.MsgUnavailable {
				t.Errorf("a 503 came with %+v", res.body)
			}
			if d := res.end.Sub(stopAt); firstUnavailable == 0 || d < firstUnavailable {
				firstUnavailable = d
			}
		default:
			t.Errorf("a request answered %d %+v", res.status, res.body)
		}
		if res.start.After(stopAt.Add(5*time.Second)) && res.end.Before(restartAt) {
			during++
			if res.status != http.StatusServiceUnavailable {
				t.Errorf("with the database down a request answered %d", res.status)
			}
		}
	}
	if during == 0 || firstUnavailable == 0 {
		t.Fatalf("no request ran while the database was down (%d requests)", len(results))
	}
	if recovered == 0 || recovered > 5*time.Second {
		t.Errorf("writes succeeded again %v after the database came back, want within 5 s", recovered)
	}
	acked, present, lost, doubled := checkWrites(t, db, results)
	t.Logf("FIGURE database stopped %v: %d requests (%d answered 503), first 503 %v after the stop, slowest answer %v; /readyz 503 after %v, 200 %v after the database was back; writes again after %v; writes acknowledged %d, rows %d, lost %d, duplicated %d",
		outage, len(results), unavailable, firstUnavailable.Round(time.Millisecond), slowest.Round(time.Millisecond),
		unready.Round(time.Millisecond), ready.Round(time.Millisecond), recovered.Round(time.Millisecond), acked, present, lost, doubled)
}

// Redis restarted (it keeps nothing): while it is down a call is a 503, never a 500 (a session
// remembered a moment before is let in until the instance sees its subscription fail); after, the
// old session is gone (401, the console's re-login dialog) and signing in again works at once.
func TestFaultRedisRestarted(t *testing.T) {
	rs, addr := startRedis(t)
	r := start(t, []string{"--addr=127.0.0.1:0"}, []string{"BFF_REDIS=redis://" + addr + "/0", "BFF_DATA_DIR=" + t.TempDir(),
		"BFF_CAPTCHA=off", "BFF_ADMIN_PASSWORD=fault-admin-pw", "BFF_LOG_LEVEL=error"})
	client := &http.Client{Timeout: 10 * time.Second}
	token := loginAdmin(t, r.base, "fault-admin-pw")
	if res := do(client, http.MethodGet, r.base+"/api/auth/info", token, nil); res.status != http.StatusOK {
		t.Fatalf("before the restart: %d %v", res.status, res.err)
	}

	rs.stop(t, syscall.SIGTERM)
	// A session looked up just before may be let in from memory until the instance sees its
	// Redis subscription fail (auth.ListenEnded; microseconds after the close); from then on
	// every check reads Redis, and that is a 503.
	stoppedAt := time.Now()
	var down result
	for time.Since(stoppedAt) < 2*time.Second {
		if down = do(client, http.MethodGet, r.base+"/api/auth/info", token, nil); down.status != http.StatusOK {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if down.status != http.StatusServiceUnavailable || down.body.Message != httpx.MsgUnavailable || down.took() > 2*time.Second {
		t.Errorf("with Redis down: %d %+v in %v (%v after the stop), want 503 %s within 2 s", down.status, down.body,
			down.took(), time.Since(stoppedAt), httpx.MsgUnavailable)
	}
	rs.start(t)
	backAt := time.Now()
	old := do(client, http.MethodGet, r.base+"/api/auth/info", token, nil)
	if old.status != http.StatusUnauthorized || old.body.Code != httpx.CodeUnauthorized {
		t.Errorf("the session of before the restart: %d %+v, want 401", old.status, old.body)
	}
	token = loginAdmin(t, r.base, "fault-admin-pw")
	if res := do(client, http.MethodGet, r.base+"/api/auth/info", token, nil); res.status != http.StatusOK {
		t.Errorf("signed in again: %d %+v", res.status, res.body)
	}
	t.Logf("FIGURE redis restarted: down answered %d in %v; after the restart the old session answered %d, signed in again and served within %v",
		down.status, down.took().Round(time.Millisecond), old.status, time.Since(backAt).Round(time.Millisecond))
}

// upload posts a multipart file of size bytes (a PDF by its first bytes), written by write so that
// the caller can pace or cut it.
func upload(base, token string, size int, write func(w io.Writer, file []byte) error) (*http.Response, error) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		part, err := mw.CreateFormFile("file", "fault.pdf")
		if err == nil {
			file := make([]byte, size)
			copy(file, "%PDF-1.4\n")
			err = write(part, file)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequest(http.MethodPost, base+"/api/contract/upload", pr)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", token)
	return fresh().Do(req)
}

// fresh is a client on a connection of its own: a stop closes the idle connections of a keep-alive
// pool at once, and a request written on one of them at that moment is lost (an HTTP race no
// server avoids; a client retries it). The scenarios' requests in flight must be the server's.
func fresh() *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
}

func whole(w io.Writer, file []byte) error { _, err := w.Write(file); return err }

// paced writes the file 1 MB at a time, every pause, telling progress the bytes written so far.
func paced(pause time.Duration, progress func(int)) func(io.Writer, []byte) error {
	return func(w io.Writer, file []byte) error {
		for off := 0; off < len(file); off += 1 << 20 {
			if _, err := w.Write(file[off:min(off+1<<20, len(file))]); err != nil {
				return err
			}
			progress(min(off+1<<20, len(file)))
			time.Sleep(pause)
		}
		return nil
	}
}

// attachments counts the rows of uploads in the BFF's SQLite file.
func attachments(t *testing.T, dataDir string) int {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(dataDir, "bff.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM attachments").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// files lists a directory's entries (hidden partial uploads too).
func files(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// Upload storage full (a 2 MB tmpfs): the upload is refused with 507 and a clear message, and
// neither a partial file nor a row is kept; a file that fits is still accepted.
func TestFaultUploadStorageFull(t *testing.T) {
	if testing.Short() {
		t.Skip("fault scenario: not in -short runs")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", dir).CombinedOutput(); err != nil {
		if os.Getenv(envRequireFaults) == "1" {
			t.Fatalf("mounting a 2 MB tmpfs (%s=1): %v %s", envRequireFaults, err, out)
		}
		t.Skipf("mounting a 2 MB tmpfs is not permitted here: %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount: %v %s", err, out)
		}
	})
	data := t.TempDir()
	r := start(t, []string{"--addr=127.0.0.1:0"}, []string{"BFF_DATA_DIR=" + data, "BFF_UPLOAD_DIR=" + dir,
		"BFF_CAPTCHA=off", "BFF_ADMIN_PASSWORD=fault-admin-pw", "BFF_LOG_LEVEL=error"})
	token := loginAdmin(t, r.base, "fault-admin-pw")

	began := time.Now()
	res, err := upload(r.base, token, 3<<20, whole)
	if err != nil {
		t.Fatalf("the upload got no answer: %v", err)
	}
	var env httpx.Envelope
	_ = json.NewDecoder(res.Body).Decode(&env)
	res.Body.Close()
	took := time.Since(began)
	if res.StatusCode != http.StatusInsufficientStorage || env.Code != httpx.CodeStorageFull || env.Message != httpx.MsgStorageFull {
		t.Errorf("a 3 MB upload into 2 MB: %d %+v, want 507 %s", res.StatusCode, env, httpx.MsgStorageFull)
	}
	if left := files(t, dir); len(left) != 0 {
		t.Errorf("the refused upload left %v", left)
	}
	if n := attachments(t, data); n != 0 {
		t.Errorf("the refused upload left %d rows", n)
	}

	res, err = upload(r.base, token, 100<<10, whole)
	if err != nil {
		t.Fatal(err)
	}
	drain(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated || len(files(t, dir)) != 1 || attachments(t, data) != 1 {
		t.Errorf("a 100 KB upload after: %d, files %v, rows %d", res.StatusCode, files(t, dir), attachments(t, data))
	}
	t.Logf("FIGURE upload storage full: 507 %q in %v, nothing kept", env.Message, took.Round(time.Millisecond))
}

// SIGTERM: the requests in flight finish within the grace period (a 50 MB upload sent over
// about 3 s, an export of the 5000 demo orders) and the process ends cleanly; an upload the
// client cut short leaves neither file nor row.
func TestFaultGracefulStop(t *testing.T) {
	if testing.Short() {
		t.Skip("fault scenario: not in -short runs")
	}
	data := t.TempDir()
	c := startChild(t, []string{"BFF_ADDR=127.0.0.1:0", "BFF_DATA_DIR=" + data, "BFF_CAPTCHA=off", "BFF_DEMO=on",
		"BFF_ADMIN_PASSWORD=fault-admin-pw", "BFF_DEMO_PASSWORD=fault-demo-pw", "BFF_LOG_LEVEL=warn"})
	token := loginAdmin(t, c.base, "fault-admin-pw")

	// An upload the client gives up half-way: the server sees the body end too soon.
	res, err := upload(c.base, token, 10<<20, func(w io.Writer, file []byte) error {
		if _, err := w.Write(file[:2<<20]); err != nil {
			return err
		}
		return io.ErrUnexpectedEOF
	})
	if err == nil {
		drain(res.Body)
		res.Body.Close()
	}
	// The demo's contract files are uploads too: what the scenario adds is counted from here.
	// (The cut-short upload's partial file may still be on its way out: only whole files count.)
	filesBefore, rowsBefore := 0, attachments(t, data)
	for _, n := range files(t, filepath.Join(data, "uploads")) {
		if !strings.HasPrefix(n, ".") {
			filesBefore++
		}
	}

	const size = 50 << 20
	sent := make(chan struct{})
	var once sync.Once
	type answer struct {
		status int
		body   []byte
		err    error
	}
	uploaded := make(chan answer, 1)
	go func() {
		res, err := upload(c.base, token, size, paced(60*time.Millisecond, func(n int) {
			if n >= 5<<20 {
				once.Do(func() { close(sent) })
			}
		}))
		if err != nil {
			uploaded <- answer{err: err}
			return
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		uploaded <- answer{res.StatusCode, b, err}
	}()
	exported := make(chan answer, 1)
	written := make(chan struct{})
	go func() {
		body := `{"headers":["编号","订单号","客户","金额","状态","创建时间"],"fields":["id","orderNo","customerName","amount","status","createTime"]}`
		req, _ := http.NewRequest(http.MethodPost, c.base+"/api/orders/downloadAll", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", token)
		// The server answers "100 Continue" when the handler starts reading the body: from then
		// on the export is in flight for certain (a connection the server has not accepted yet
		// when it closes its listener is reset, as with any server).
		req.Header.Set("Expect", "100-continue")
		req = req.WithContext(httptrace.WithClientTrace(context.Background(),
			&httptrace.ClientTrace{Got100Continue: func() { close(written) }}))
		<-sent
		client := fresh()
		client.Transport.(*http.Transport).ExpectContinueTimeout = 20 * time.Second
		res, err := client.Do(req)
		if err != nil {
			exported <- answer{err: err}
			return
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		exported <- answer{res.StatusCode, b, err}
	}()
	select {
	case <-written:
	case <-time.After(20 * time.Second):
		t.Fatal("the upload and the export did not start")
	}
	termAt := time.Now()
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code := c.wait(t, shutdownGrace+5*time.Second)
	stopped := time.Since(termAt)
	if code != 0 {
		t.Errorf("the BFF ended with %d after SIGTERM\n%s", code, tail([]byte(c.logs.String())))
	}
	if stopped > shutdownGrace {
		t.Errorf("the stop took %v, more than the grace %v", stopped, shutdownGrace)
	}

	up := <-uploaded
	var got struct{ Size int64 }
	_ = json.Unmarshal(up.body, &got)
	if up.err != nil || up.status != http.StatusCreated || got.Size != size {
		t.Errorf("the 50 MB upload in flight: %d %s %v", up.status, up.body, up.err)
	}
	ex := <-exported
	if ex.err != nil || ex.status != http.StatusOK {
		t.Errorf("the export in flight: %d %v", ex.status, ex.err)
	} else if zr, err := zip.NewReader(bytes.NewReader(ex.body), int64(len(ex.body))); err != nil || len(zr.File) == 0 {
		t.Errorf("the export in flight is not a whole workbook (%d bytes): %v", len(ex.body), err)
	}
	left := files(t, filepath.Join(data, "uploads"))
	if len(left) != filesBefore+1 {
		t.Errorf("the upload directory holds %v, want the %d of before and the one finished upload", left, filesBefore)
	}
	for _, n := range left {
		if strings.HasPrefix(n, ".") {
			t.Errorf("a partial upload is left: %s", n)
		}
	}
	if n := attachments(t, data); n != rowsBefore+1 {
		t.Errorf("%d attachment rows, want the %d of before and the one finished upload", n, rowsBefore)
	}
	t.Logf("FIGURE SIGTERM: stopped %v after the signal with a 50 MB upload (answered %d) and a %d KB export (answered %d) in flight; cut-short upload left nothing",
		stopped.Round(time.Millisecond), up.status, len(ex.body)>>10, ex.status)
}

// SIGKILL of one of two BFF processes behind nginx: the other carries on; only the requests in
// flight on the killed one fail; every acknowledged write is there once. An upload in flight on
// the killed one leaves a partial file that the next start of that instance removes, and no row.
func TestFaultInstanceKilled(t *testing.T) {
	m := startMariaDB(t)
	dsn, db := m.database(t, "faults")
	tool(t, "nginx")
	pa, pb := freePort(t), freePort(t)
	dataA, dataB := t.TempDir(), t.TempDir()
	env := func(port int, data string) []string {
		return []string{fmt.Sprintf("BFF_ADDR=127.0.0.1:%d", port), "BFF_DATA_DIR=" + data, "BFF_DB=mysql://" + dsn,
			"BFF_JWT_SECRET=" + strings.Repeat("fault-key-", 4), "BFF_CAPTCHA=off",
			"BFF_ADMIN_PASSWORD=fault-admin-pw", "BFF_LOG_LEVEL=error"}
	}
	a := startChild(t, env(pa, dataA))
	startChild(t, env(pb, dataB))
	lb := startNginx(t, pa, pb)
	token := loginAdmin(t, lb, "fault-admin-pw")

	// An upload straight to A, still sending when A is killed.
	partial := make(chan struct{})
	var once sync.Once
	go func() {
		res, err := upload(a.base, token, 20<<20, paced(100*time.Millisecond, func(n int) {
			if n >= 3<<20 {
				once.Do(func() { close(partial) })
			}
		}))
		if err == nil {
			res.Body.Close()
		}
	}()
	const clients = 4
	l := runLoad(lb, token, clients)
	select {
	case <-partial:
	case <-time.After(20 * time.Second):
		t.Fatal("the upload to A did not start")
	}
	time.Sleep(500 * time.Millisecond)
	var leftover []string
	for _, n := range files(t, filepath.Join(dataA, "uploads")) {
		if strings.HasPrefix(n, ".upload-") {
			leftover = append(leftover, n)
		}
	}
	killAt := time.Now()
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	a.wait(t, 5*time.Second)
	time.Sleep(2 * time.Second)
	results := l.halt()

	failed, after := 0, 0
	for _, res := range results {
		if res.ok() {
			continue
		}
		failed++
		if res.start.After(killAt.Add(500 * time.Millisecond)) {
			after++
			t.Errorf("a request sent %v after the kill failed: %d %v", res.start.Sub(killAt), res.status, res.err)
		}
	}
	if failed > clients {
		t.Errorf("%d requests failed, more than the %d that can be in flight", failed, clients)
	}
	acked, present, lost, doubled := checkWrites(t, db, results)

	// A again, on the same data: the partial upload is gone at start, and there is no row.
	if len(leftover) == 0 {
		t.Error("the killed upload left no partial file: the scenario did not catch it in flight")
	}
	startChild(t, env(pa, dataA))
	for _, n := range files(t, filepath.Join(dataA, "uploads")) {
		t.Errorf("after the restart the upload directory still holds %s", n)
	}
	var rows int
	if err := db.QueryRow("SELECT COUNT(*) FROM attachments").Scan(&rows); err != nil || rows != 0 {
		t.Errorf("%d attachment rows (%v), want none", rows, err)
	}
	t.Logf("FIGURE SIGKILL one of two behind nginx: %d requests, %d failed (all in flight at the kill, %d after), writes acknowledged %d, rows %d, lost %d, duplicated %d; partial upload %v removed at restart",
		len(results), failed, after, acked, present, lost, doubled, leftover)
}

// SIGTERM with an upload that outlasts the grace period (its client stalls): the stop cuts it
// when the grace is over, the upload removes its partial file, and the process ends (non-zero:
// the stop was not clean) without leaving a file or a row.
func TestFaultStopPastTheGrace(t *testing.T) {
	if testing.Short() {
		t.Skip("fault scenario: not in -short runs")
	}
	data := t.TempDir()
	c := startChild(t, []string{"BFF_ADDR=127.0.0.1:0", "BFF_DATA_DIR=" + data, "BFF_CAPTCHA=off",
		"BFF_ADMIN_PASSWORD=fault-admin-pw", "BFF_LOG_LEVEL=error"})
	token := loginAdmin(t, c.base, "fault-admin-pw")
	rowsBefore := attachments(t, data)
	stalled := make(chan struct{})
	release := make(chan struct{})
	defer close(release)
	go func() {
		res, err := upload(c.base, token, 10<<20, func(w io.Writer, file []byte) error {
			if _, err := w.Write(file[:2<<20]); err != nil {
				return err
			}
			close(stalled)
			<-release // the client sends nothing more until the test ends
			return io.ErrUnexpectedEOF
		})
		if err == nil {
			res.Body.Close()
		}
	}()
	<-stalled
	partial := false
	for deadline := time.Now().Add(10 * time.Second); !partial && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, n := range files(t, filepath.Join(data, "uploads")) {
			partial = partial || strings.HasPrefix(n, ".upload-")
		}
	}
	if !partial {
		t.Fatal("the stalled upload wrote no partial file")
	}
	termAt := time.Now()
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code := c.wait(t, shutdownGrace+cleanupGrace+5*time.Second)
	stopped := time.Since(termAt)
	if code == 0 {
		t.Error("a stop that cut a request ended with 0")
	}
	if left := files(t, filepath.Join(data, "uploads")); len(left) != 0 {
		t.Errorf("the cut upload left %v", left)
	}
	if n := attachments(t, data); n != rowsBefore {
		t.Errorf("%d attachment rows, want %d", n, rowsBefore)
	}
	t.Logf("FIGURE SIGTERM past the grace: ended %v after the signal (exit %d), the stalled upload's partial file removed", stopped.Round(time.Millisecond), code)
}

// Two instances behind nginx, both shedding (a limit of 1, 1 ms of wait) under 64 clients: the
// shed answers reach the client as 503 + Retry-After, never as nginx's 502 (no instance is
// marked down for them: proxy_next_upstream has no http_503), and when the load stops both
// instances answer at once.
func TestFaultBothInstancesShed(t *testing.T) {
	tool(t, "nginx")
	pa, pb := freePort(t), freePort(t)
	env := func(port int) []string {
		return []string{fmt.Sprintf("BFF_ADDR=127.0.0.1:%d", port), "BFF_DATA_DIR=" + t.TempDir(),
			"BFF_JWT_SECRET=" + strings.Repeat("fault-key-", 4), "BFF_ADMIN_PASSWORD=fault-admin-pw",
			"BFF_LOG_LEVEL=error", "BFF_ADMIT=on", "BFF_ADMIT_MAX=1", "BFF_ADMIT_WAIT=1ms", "BFF_CAPTCHA_PER_MINUTE=10000"}
	}
	startChild(t, env(pa))
	startChild(t, env(pb))
	lb := startNginx(t, pa, pb)

	// A captcha is drawn for each request (a PNG, a millisecond or so): long enough for 64 clients
	// to overlap on a limit of 1.
	get := func(path string) (int, string) {
		res, err := http.Get(lb + path)
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		_, _ = io.Copy(io.Discard, res.Body)
		return res.StatusCode, res.Header.Get("Retry-After")
	}
	var mu sync.Mutex
	counts := map[int]int{}
	badRetryAfter := 0
	var wg sync.WaitGroup
	for range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 60 {
				st, ra := get("/api/auth/code")
				mu.Lock()
				counts[st]++
				if st == http.StatusServiceUnavailable && ra != "1" {
					badRetryAfter++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("FIGURE both instances shedding behind nginx: answers by status %v", counts)
	if counts[http.StatusServiceUnavailable] == 0 {
		t.Skipf("no request was shed (the machine was too slow to overlap 64 clients?): %v", counts)
	}
	if counts[http.StatusOK]+counts[http.StatusServiceUnavailable] != 64*60 || badRetryAfter != 0 {
		t.Fatalf("shedding turned into failures: %v, %d 503s without Retry-After: 1", counts, badRetryAfter)
	}
	// Load gone: both instances serve (round-robin: two requests in a row reach both).
	for i := range 10 {
		if st, _ := get("/api/auth/code"); st != http.StatusOK {
			t.Fatalf("request %d after the load: %d", i, st)
		}
	}
	for _, p := range []int{pa, pb} {
		res, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/readyz", p))
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("instance on %d after the load: %v %v", p, res, err)
		}
		res.Body.Close()
	}
}
