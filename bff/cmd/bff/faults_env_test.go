package main

// The fault scenarios of issue 14 (faults_test.go) run against servers of their own, never the
// machine's shared MariaDB and Redis: they stop and restart them. This file starts those servers
// (private MariaDB and Redis on free loopback ports, nginx in front of two BFF processes) and
// the BFF as a separate process: the test binary itself, run again with envChild set.

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	gomysql "github.com/go-sql-driver/mysql"
)

const (
	// envChild makes the test binary the BFF itself (TestMain), for the scenarios that signal or
	// kill a BFF process.
	envChild = "BFF_FAULTS_CHILD"
	// envRequireFaults turns a missing MariaDB, Redis or nginx binary into a failure (CI sets it).
	envRequireFaults = "BFF_TEST_REQUIRE_FAULTS"
)

func TestMain(m *testing.M) {
	if os.Getenv(envChild) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// tool finds a server binary of a fault scenario: skipped without it (a failure when required),
// and skipped in -short runs, as the scenarios take seconds each.
func tool(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("fault scenario: not in -short runs")
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"} {
		if p := filepath.Join(dir, name); isExec(p) {
			return p
		}
	}
	if os.Getenv(envRequireFaults) == "1" {
		t.Fatalf("%s is not installed (%s=1)", name, envRequireFaults)
	}
	t.Skipf("%s is not installed: fault scenario skipped", name)
	return ""
}

func isExec(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// freePort is a loopback port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// server is a process the scenario starts, stops and starts again on the same port and files.
type server struct {
	name string
	argv []string
	log  string // its output, shown when it fails to come up
	up   func(context.Context) error
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has ended
}

// start runs the server and waits (at most 30 s) until up answers.
func (s *server) start(t *testing.T) {
	t.Helper()
	out, err := os.OpenFile(s.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	s.cmd = exec.Command(s.argv[0], s.argv[1:]...)
	s.cmd.Stdout, s.cmd.Stderr = out, out
	if err := s.cmd.Start(); err != nil {
		out.Close()
		t.Fatalf("starting %s: %v", s.name, err)
	}
	s.done = make(chan struct{})
	go func() { _ = s.cmd.Wait(); out.Close(); close(s.done) }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := s.up(ctx)
		cancel()
		if err == nil {
			return
		}
		select {
		case <-s.done:
			b, _ := os.ReadFile(s.log)
			t.Fatalf("%s stopped at start: %s", s.name, tail(b))
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(s.log)
			t.Fatalf("%s did not come up in 30 s (%v): %s", s.name, err, tail(b))
		}
	}
}

// stop ends the server with sig and waits for the process to be gone (killed after 30 s).
func (s *server) stop(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(sig)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
		t.Errorf("%s did not stop in 30 s after %v", s.name, sig)
	}
	s.cmd = nil
}

func tail(b []byte) string {
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// mariaDB is a private MariaDB: an empty data directory and no grant tables (root without a
// password, loopback only), so it starts in about a second without mariadb-install-db.
type mariaDB struct {
	server
	port int
}

func startMariaDB(t *testing.T) *mariaDB {
	t.Helper()
	bin := tool(t, "mariadbd")
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "data"), 0o700); err != nil {
		t.Fatal(err)
	}
	m := &mariaDB{port: freePort(t)}
	argv := []string{bin, "--no-defaults", "--datadir=" + filepath.Join(dir, "data"), "--socket=" + filepath.Join(dir, "sock"),
		"--pid-file=" + filepath.Join(dir, "pid"), "--port=" + strconv.Itoa(m.port), "--bind-address=127.0.0.1",
		"--skip-grant-tables", "--skip-name-resolve", "--skip-log-bin", "--innodb-buffer-pool-size=32M"}
	if os.Geteuid() == 0 {
		argv = append(argv, "--user=root") // mariadbd refuses to run as root without it
	}
	m.server = server{name: "mariadbd", argv: argv, log: filepath.Join(dir, "mariadbd.log"),
		up: func(ctx context.Context) error {
			db, err := sql.Open("mysql", m.dsn(""))
			if err != nil {
				return err
			}
			defer db.Close()
			return db.PingContext(ctx)
		}}
	m.start(t)
	t.Cleanup(func() { m.stop(t, syscall.SIGKILL) })
	return m
}

func (m *mariaDB) dsn(name string) string {
	c := gomysql.NewConfig()
	c.Net, c.Addr, c.User, c.DBName = "tcp", "127.0.0.1:"+strconv.Itoa(m.port), "root", name
	c.ParseTime, c.Loc = true, time.UTC
	c.Params = map[string]string{"charset": "utf8mb4"}
	return c.FormatDSN()
}

// database creates an empty database and returns its DSN and an open handle.
func (m *mariaDB) database(t *testing.T, name string) (string, *sql.DB) {
	t.Helper()
	admin, err := sql.Open("mysql", m.dsn(""))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", m.dsn(name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return m.dsn(name), db
}

// startRedis is a private Redis that keeps nothing on disk, as the restart assumes.
func startRedis(t *testing.T) (*server, string) {
	t.Helper()
	bin := tool(t, "redis-server")
	dir := t.TempDir()
	port := strconv.Itoa(freePort(t))
	s := &server{name: "redis-server", log: filepath.Join(dir, "redis.log"),
		argv: []string{bin, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir},
		up: func(ctx context.Context) error {
			var d net.Dialer
			conn, err := d.DialContext(ctx, "tcp", "127.0.0.1:"+port)
			if err != nil {
				return err
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(time.Second))
			if _, err := conn.Write([]byte("PING\r\n")); err != nil {
				return err
			}
			line, err := bufio.NewReader(conn).ReadString('\n')
			if err != nil || !strings.HasPrefix(line, "+PONG") {
				return fmt.Errorf("redis answered %q (%v)", line, err)
			}
			return nil
		}}
	s.start(t)
	t.Cleanup(func() { s.stop(t, syscall.SIGKILL) })
	return s, "127.0.0.1:" + port
}

// child is a BFF running as a process of its own (the test binary with envChild).
type child struct {
	base string
	cmd  *exec.Cmd
	done chan error
	logs *lockedBuffer
}

// startChild runs a BFF process with env (BFF_* settings) and waits until it listens (60 s at
// most: a first start seeds the database). It is killed at the end of the test if still running.
func startChild(t testing.TB, env []string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(os.Args[0]), done: make(chan error, 1), logs: &lockedBuffer{}}
	// Admission control off unless a test asks for it (BFF_ADMIT=on in env, which comes later and
	// wins): these processes prove stock and failover, and a shed 503 on a slow machine would be
	// noise there; TestFaultBothInstancesShed turns it on.
	c.cmd.Env = append(append(os.Environ(), envChild+"=1", "BFF_ADMIT=off"), env...)
	c.cmd.Stderr = c.logs
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if addr, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				listening <- addr
			}
		}
		c.done <- c.cmd.Wait()
	}()
	t.Cleanup(func() {
		if c.cmd.ProcessState == nil {
			_ = c.cmd.Process.Kill()
		}
	})
	select {
	case c.base = <-listening:
		return c
	case err := <-c.done:
		t.Fatalf("the BFF stopped before listening: %v\n%s", err, tail([]byte(c.logs.String())))
	case <-time.After(60 * time.Second):
		t.Fatalf("the BFF did not listen in 60 s\n%s", tail([]byte(c.logs.String())))
	}
	return nil
}

// wait is the process's end (exit code, or -1 when killed by a signal), within d.
func (c *child) wait(t *testing.T, d time.Duration) int {
	t.Helper()
	select {
	case err := <-c.done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return c.cmd.ProcessState.ExitCode()
	case <-time.After(d):
		t.Fatalf("the BFF did not end in %v\n%s", d, tail([]byte(c.logs.String())))
	}
	return 0
}

// startNginx balances ports round-robin as deploy/nginx does (proxy_pass to an upstream block,
// nginx's default retry of the next server on a connection error only): its address.
func startNginx(t *testing.T, ports ...int) string {
	t.Helper()
	bin := tool(t, "nginx")
	dir := t.TempDir()
	port := freePort(t)
	var servers strings.Builder
	for _, p := range ports {
		fmt.Fprintf(&servers, "    server 127.0.0.1:%d max_fails=1 fail_timeout=10s;\n", p)
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // the workers write the temporary files in the test's own directory
	}
	conf := fmt.Sprintf(`%[1]s
worker_processes 1;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path %[2]s/body;
  proxy_temp_path %[2]s/proxy;
  fastcgi_temp_path %[2]s/fastcgi;
  uwsgi_temp_path %[2]s/uwsgi;
  scgi_temp_path %[2]s/scgi;
  upstream bff {
%[3]s    keepalive 16;
  }
  server {
    listen 127.0.0.1:%[4]d;
    client_max_body_size 60m;
    location / {
      proxy_pass http://bff;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_connect_timeout 2s;
    }
  }
}
`, user, dir, servers.String(), port)
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &server{name: "nginx", log: filepath.Join(dir, "nginx.log"),
		argv: []string{bin, "-p", dir, "-c", path, "-g", "daemon off;"},
		up: func(ctx context.Context) error {
			var d net.Dialer
			conn, err := d.DialContext(ctx, "tcp", "127.0.0.1:"+strconv.Itoa(port))
			if err == nil {
				conn.Close()
			}
			return err
		}}
	s.start(t)
	t.Cleanup(func() { s.stop(t, syscall.SIGTERM) })
	return "http://127.0.0.1:" + strconv.Itoa(port)
}

// drain reads r to its end.
func drain(r io.Reader) { _, _ = io.Copy(io.Discard, r) }
