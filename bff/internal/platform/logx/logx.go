// Package logx builds the program's logger: text or JSON lines (BFF_LOG_FORMAT), and every line
// written with a request's context carries that request's id, so that one request's lines can
// be found together.
package logx

import (
	"context"
	"fmt"
	"io"
	"log/slog"
)

// RequestIDKey is the attribute naming the request a line belongs to.
const RequestIDKey = "request_id"

// Formats are the values of BFF_LOG_FORMAT.
const (
	Text = "text"
	JSON = "json"
)

// New is a logger writing format lines to w from level up.
func New(w io.Writer, format string, level slog.Leveler) (*slog.Logger, error) {
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler
	switch format {
	case Text, "":
		h = slog.NewTextHandler(w, opts)
	case JSON:
		h = slog.NewJSONHandler(w, opts)
	default:
		return nil, fmt.Errorf("log format must be text or json, got %q", format)
	}
	return slog.New(WithRequestIDs(h)), nil
}

type requestIDKey struct{}

// WithRequestID is ctx carrying the request's id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID is the id ctx carries, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// WithRequestIDs wraps h so that a record logged with a request's context gets its id, unless
// the caller named it already.
func WithRequestIDs(h slog.Handler) slog.Handler { return requestIDs{h} }

type requestIDs struct{ slog.Handler }

func (h requestIDs) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" && !hasRequestID(r) {
		r = r.Clone()
		r.AddAttrs(slog.String(RequestIDKey, id))
	}
	return h.Handler.Handle(ctx, r)
}

func hasRequestID(r slog.Record) bool {
	found := false
	r.Attrs(func(a slog.Attr) bool {
		found = a.Key == RequestIDKey
		return !found
	})
	return found
}

func (h requestIDs) WithAttrs(as []slog.Attr) slog.Handler {
	return requestIDs{h.Handler.WithAttrs(as)}
}

func (h requestIDs) WithGroup(name string) slog.Handler {
	return requestIDs{h.Handler.WithGroup(name)}
}
