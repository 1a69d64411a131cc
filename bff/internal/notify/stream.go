package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
)

// replayMax bounds the messages a reconnecting stream is sent from Last-Event-ID: a console
// away for longer reads the rest from the list (the unread count is exact either way).
const replayMax = 100

// sse writes one stream's events, flushing after each.
type sse struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

func (o sse) event(kind string, id int64, data []byte) error {
	var b strings.Builder
	if id > 0 {
		fmt.Fprintf(&b, "id: %d\n", id)
	}
	fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", kind, data)
	return o.write(b.String())
}

func (o sse) write(s string) error {
	if _, err := o.w.Write([]byte(s)); err != nil {
		return err
	}
	return o.rc.Flush()
}

// handleStream is GET /api/messages/stream: the user's live events until the client goes, the
// server stops, or the session ends (its `end` event, or at the latest the next heartbeat's
// check).
func (s *Service) handleStream(c echo.Context) error {
	p := authz.From(c)
	ctx := c.Request().Context()
	// Subscribed before the counts are read, so nothing happening meanwhile is missed.
	sub := s.hub.Subscribe(p.UserID, p.SessionID)
	defer sub.Close()

	w := c.Response()
	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream; charset=utf-8")
	h.Set(echo.HeaderCacheControl, "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	// The server's ReadTimeout would otherwise end a quiet stream after two minutes.
	_ = rc.SetReadDeadline(time.Time{})
	out := sse{w: w, rc: rc}

	if err := out.write("retry: 3000\n\n"); err != nil {
		return nil
	}
	if err := s.sendCounts(ctx, out, p.UserID); err != nil {
		return nil
	}
	var last int64
	if v := c.Request().Header.Get("Last-Event-ID"); v != "" {
		if id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil && id >= 0 {
			ms, err := s.st.since(ctx, p.UserID, id, replayMax)
			if err != nil {
				s.opt.Log.Warn("notify: replaying", "user", p.UserID, "err", err)
				return nil
			}
			for _, m := range ms {
				data, _ := json.Marshal(m)
				if out.event(KindMessage, m.ID, data) != nil {
					return nil
				}
				last = m.ID
			}
		}
	}

	tick := time.NewTicker(s.opt.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-sub.Ended():
			return nil
		case <-s.quit:
			return nil
		case ev := <-sub.Events():
			if sub.Lost() && s.sendCounts(ctx, out, p.UserID) != nil {
				return nil
			}
			if ev.Kind == KindMessage && ev.ID <= last {
				continue // already replayed
			}
			if out.event(ev.Kind, ev.ID, ev.Data) != nil {
				return nil
			}
		case <-tick.C:
			if !s.sessionAlive(ctx, p.SessionID) {
				return nil
			}
			if out.write(": ping\n\n") != nil {
				return nil
			}
		}
	}
}

// sendCounts sends the unread and 待办 counts.
func (s *Service) sendCounts(ctx context.Context, out sse, userID int64) error {
	unread, err := s.UnreadCount(ctx, userID)
	if err != nil {
		return err
	}
	todo, err := s.todoCount(ctx, userID)
	if err != nil {
		return err
	}
	if err := out.event(KindUnread, 0, countEvent(userID, KindUnread, unread).Data); err != nil {
		return err
	}
	return out.event(KindTodo, 0, countEvent(userID, KindTodo, todo).Data)
}

// sessionAlive: a failing check keeps the stream (the store may blink); the `end` event and the
// session's expiry on the next request still hold.
func (s *Service) sessionAlive(ctx context.Context, sid string) bool {
	if s.opt.SessionAlive == nil {
		return true
	}
	ok, err := s.opt.SessionAlive(ctx, sid)
	if err != nil {
		s.opt.Log.Warn("notify: checking a stream's session", "err", err)
		return true
	}
	return ok
}
