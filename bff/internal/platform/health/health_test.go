package health

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite"
	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"

	"mallconsole/bff/internal/platform/httpx"
)

func get(t *testing.T, h echo.HandlerFunc) (int, httpx.Envelope) {
	t.Helper()
	e := echo.New()
	e.HTTPErrorHandler = httpx.ErrorHandler(slog.New(slog.DiscardHandler), time.Now)
	e.GET("/readyz", h)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	var env httpx.Envelope
	if rec.Code != http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%d %s: %v", rec.Code, rec.Body, err)
		}
	}
	return rec.Code, env
}

// closedAddr is a loopback port nobody listens on.
func closedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestReadyNamesEachFailingPart(t *testing.T) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	dbCheck := Check{Part: "database", Message: "数据库不可用", Ping: db.PingContext}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if code, _ := get(t, Ready(time.Second, log, dbCheck)); code != http.StatusOK {
		t.Fatalf("database up: %d", code)
	}

	rdb := redis.NewClient(&redis.Options{Addr: closedAddr(t), MaxRetries: -1})
	defer rdb.Close()
	redisCheck := Check{Part: "redis", Message: "Redis 不可用", Ping: func(ctx context.Context) error { return rdb.Ping(ctx).Err() }}
	code, env := get(t, Ready(time.Second, log, dbCheck, redisCheck))
	if code != http.StatusServiceUnavailable || env.Message != "Redis 不可用" || len(env.Errors) != 1 ||
		env.Errors[0].Field != "redis" || env.Errors[0].Code != "unavailable" {
		t.Fatalf("redis down: %d %+v", code, env)
	}

	db.Close()
	code, env = get(t, Ready(time.Second, log, dbCheck, redisCheck))
	if code != http.StatusServiceUnavailable || env.Message != "数据库不可用；Redis 不可用" || len(env.Errors) != 2 ||
		env.Errors[0].Field != "database" || env.Errors[1].Field != "redis" {
		t.Fatalf("both down: %d %+v", code, env)
	}
}

// A part that hangs makes the answer a 503 after the timeout, not a request that never ends.
func TestReadyIsBoundedByTimeout(t *testing.T) {
	hang := Check{Part: "database", Message: "数据库不可用", Ping: func(ctx context.Context) error {
		<-ctx.Done()
		return ctx.Err()
	}}
	start := time.Now()
	code, env := get(t, Ready(50*time.Millisecond, slog.New(slog.DiscardHandler), hang))
	if code != http.StatusServiceUnavailable || env.Errors[0].Field != "database" {
		t.Fatalf("hanging: %d %+v", code, env)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %s", d)
	}
}

func TestLiveNeedsNothing(t *testing.T) {
	if code, _ := get(t, Live); code != http.StatusOK {
		t.Fatalf("live: %d", code)
	}
}
