package logx

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func lines(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		out = append(out, m)
	}
	return out
}

func TestJSONLinesCarryTheRequestID(t *testing.T) {
	var buf bytes.Buffer
	log, err := New(&buf, JSON, slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	ctx := WithRequestID(context.Background(), "req-1")
	log.InfoContext(ctx, "inside", "n", 1)
	log.With("feature", "goods").WarnContext(ctx, "with attrs")
	log.WithGroup("g").InfoContext(ctx, "in a group", "k", "v")
	log.InfoContext(ctx, "named by the caller", RequestIDKey, "req-1")
	log.Info("no request")
	log.DebugContext(ctx, "below the level")

	got := lines(t, &buf)
	if len(got) != 5 {
		t.Fatalf("%d lines: %s", len(got), buf.String())
	}
	for _, l := range got[:2] {
		if l[RequestIDKey] != "req-1" {
			t.Errorf("line %v lacks the request id", l)
		}
	}
	if g, _ := got[2]["g"].(map[string]any); g == nil || g[RequestIDKey] != "req-1" {
		t.Errorf("grouped line %v lacks the request id", got[2])
	}
	if n := strings.Count(strings.Split(buf.String(), "\n")[3], RequestIDKey); n != 1 {
		t.Errorf("the id named by the caller appears %d times", n)
	}
	if _, ok := got[4][RequestIDKey]; ok {
		t.Errorf("a line without a request has an id: %v", got[4])
	}
}

func TestTextAndBadFormat(t *testing.T) {
	var buf bytes.Buffer
	log, err := New(&buf, Text, slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	log.InfoContext(WithRequestID(context.Background(), "abc"), "hello")
	if !strings.Contains(buf.String(), "msg=hello request_id=abc") {
		t.Fatalf("text line %q", buf.String())
	}
	if _, err := New(&buf, "xml", slog.LevelInfo); err == nil {
		t.Fatal("xml accepted")
	}
}
