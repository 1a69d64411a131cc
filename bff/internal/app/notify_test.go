package app_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// notifyUser creates an account holding perms through a role of its own and returns its ID.
func notifyUser(t *testing.T, s *apptest.Server, name string, perms []string, kind string, agencyID *int64, enabled bool) int64 {
	t.Helper()
	ctx := context.Background()
	var menuIDs []int64
	if len(perms) > 0 {
		if err := s.DB.Model(&menu.Menu{}).Where("permission IN ?", perms).Pluck("id", &menuIDs).Error; err != nil {
			t.Fatal(err)
		}
	}
	r, err := role.NewStore(s.DB, s.Generation).Ensure(ctx, role.Role{Name: "notify-" + name, Level: 2, DataScope: role.ScopeAll}, menuIDs)
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := bcrypt.GenerateFromPassword([]byte("notify-pass"), bcrypt.MinCost)
	u, _, err := user.NewStore(s.DB, s.Generation).Ensure(ctx, user.User{Username: name, Password: string(hash),
		Enabled: enabled, Kind: kind, AgencyID: agencyID, Email: name + "@example.com"}, []int64{r.ID})
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func newAgency(t *testing.T, s *apptest.Server, code string) int64 {
	t.Helper()
	a := agency.Agency{Name: "渠道" + code, Code: code, Enabled: true, CertStatus: agency.CertNone}
	if err := s.DB.Create(&a).Error; err != nil {
		t.Fatal(err)
	}
	return a.ID
}

func messagesOf(t *testing.T, s *apptest.Server, userID int64) int64 {
	t.Helper()
	n, err := s.App.Notify.UnreadCount(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNotifyAudience: a permission's holders (through their roles' menus) and the superuser,
// the administrators, listed users; disabled accounts skipped; operators only for their agency.
func TestNotifyAudience(t *testing.T) {
	for _, v := range []string{"sqlite", "mysql"} {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			s := apptest.Start(t, v)
			ctx := context.Background()
			ag1, ag2 := newAgency(t, s, "N1"), newAgency(t, s, "N2")
			shipper := notifyUser(t, s, "shipper", []string{perm.OrderShip}, authz.KindStaff, nil, true)
			off := notifyUser(t, s, "disabled", []string{perm.OrderShip}, authz.KindStaff, nil, false)
			op1 := notifyUser(t, s, "op1", []string{perm.OrderShip}, authz.KindChannel, &ag1, true)
			op2 := notifyUser(t, s, "op2", []string{perm.OrderShip}, authz.KindChannel, &ag2, true)
			none := notifyUser(t, s, "nobody", nil, authz.KindStaff, nil, true)
			var admin int64
			if err := s.DB.Model(&user.User{}).Where("username = ?", "admin").Pluck("id", &admin).Error; err != nil {
				t.Fatal(err)
			}
			n := s.App.Notify
			if err := n.Send(ctx, notify.Audience{Permission: perm.OrderShip, AgencyID: &ag1, UserIDs: []int64{shipper}},
				notify.Message{Type: notify.OrderToShip, Title: "订单待发货"}); err != nil {
				t.Fatal(err)
			}
			for id, want := range map[int64]int64{shipper: 1, admin: 1, op1: 1, op2: 0, off: 0, none: 0} {
				if got := messagesOf(t, s, id); got != want {
					t.Errorf("order of agency 1: user %d has %d, want %d", id, got, want)
				}
			}
			if err := n.Send(ctx, notify.Audience{Admins: true}, notify.Message{Type: notify.JobFailed, Title: "任务失败"}); err != nil {
				t.Fatal(err)
			}
			if err := n.Send(ctx, notify.Audience{UserIDs: []int64{none, off}}, notify.Message{Type: notify.RequestResult, Title: "已通过"}); err != nil {
				t.Fatal(err)
			}
			for id, want := range map[int64]int64{shipper: 1, admin: 2, op1: 1, none: 1, off: 0} {
				if got := messagesOf(t, s, id); got != want {
					t.Errorf("after admins and listed: user %d has %d, want %d", id, got, want)
				}
			}
		})
	}
}

// TestMessagesHTTP: each user lists and marks only their own; filters; settings.
func TestMessagesHTTP(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	ctx := context.Background()
	a := notifyUser(t, s, "usera", nil, authz.KindStaff, nil, true)
	b := notifyUser(t, s, "userb", nil, authz.KindStaff, nil, true)
	ta, tb := s.Login(t, "usera", "notify-pass"), s.Login(t, "userb", "notify-pass")
	for _, typ := range []string{notify.LowStock, notify.ApprovalTask} {
		if err := s.App.Notify.Send(ctx, notify.Audience{UserIDs: []int64{a, b}}, notify.Message{Type: typ, Title: typ, Link: "/x"}); err != nil {
			t.Fatal(err)
		}
	}
	var list struct {
		Content       []notify.Stored `json:"content"`
		TotalElements int             `json:"totalElements"`
	}
	s.Get(t, "/api/messages?page=0&size=10", ta).JSON(t, &list)
	if list.TotalElements != 2 || list.Content[0].Type != notify.ApprovalTask || list.Content[0].Link != "/x" {
		t.Fatalf("A's list %+v", list)
	}
	mine := list.Content[0].ID
	if r := s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/messages/read", Token: tb, JSON: map[string]any{"ids": []int64{mine}}}); r.Status != http.StatusOK {
		t.Fatalf("B marking: %d %s", r.Status, r.Body)
	}
	var c notify.Count
	s.Get(t, "/api/messages/unread-count", ta).JSON(t, &c)
	if c.Count != 2 {
		t.Errorf("B marked A's message read: A's unread %d", c.Count)
	}
	s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/messages/read", Token: ta, JSON: map[string]any{"ids": []int64{mine}}})
	s.Get(t, "/api/messages?read=true", ta).JSON(t, &list)
	if list.TotalElements != 1 || list.Content[0].ID != mine || !list.Content[0].Read {
		t.Errorf("read=true %+v", list)
	}
	s.Get(t, "/api/messages?read=0&type=low_stock", ta).JSON(t, &list)
	if list.TotalElements != 1 || list.Content[0].Type != notify.LowStock {
		t.Errorf("read=0&type=low_stock %+v", list)
	}
	s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/messages/read", Token: ta, JSON: map[string]any{"all": true}})
	s.Get(t, "/api/messages/unread-count", ta).JSON(t, &c)
	if c.Count != 0 {
		t.Errorf("after all: %d", c.Count)
	}
	s.Get(t, "/api/messages/unread-count", tb).JSON(t, &c)
	if c.Count != 2 {
		t.Errorf("B after A read all: %d", c.Count)
	}
	for _, bad := range []string{"/api/messages?type=nope", "/api/messages?read=maybe"} {
		if r := s.Get(t, bad, ta); r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d", bad, r.Status)
		}
	}
	if r := s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/messages/read", Token: ta, JSON: map[string]any{}}); r.Status != http.StatusBadRequest {
		t.Errorf("empty read body: %d", r.Status)
	}
	// Settings: turning low stock off stops it.
	if r := s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/messages/settings", Token: ta, JSON: map[string]any{"off": []string{"nope"}}}); r.Status != http.StatusBadRequest {
		t.Errorf("unknown type off: %d", r.Status)
	}
	s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/messages/settings", Token: ta, JSON: map[string]any{"off": []string{notify.LowStock}}})
	var settings []notify.TypeSetting
	s.Get(t, "/api/messages/settings", ta).JSON(t, &settings)
	if len(settings) != len(notify.Types) || settings[2].Type != notify.LowStock || settings[2].Enabled || !settings[0].Enabled || settings[2].Label != "库存预警" {
		t.Errorf("settings %+v", settings)
	}
	_ = s.App.Notify.Send(ctx, notify.Audience{UserIDs: []int64{a}}, notify.Message{Type: notify.LowStock, Title: "x"})
	s.Get(t, "/api/messages/unread-count", ta).JSON(t, &c)
	if c.Count != 0 {
		t.Errorf("a type turned off still arrives: %d", c.Count)
	}
}

// sseEvent is one event read off a stream; a comment line comes as Kind ":".
type sseEvent struct {
	Kind, ID, Data string
}

// openStream connects to /api/messages/stream with the token in the Authorization header; the
// stream is closed when the test ends.
func openStream(t *testing.T, base, token, lastID string) (<-chan sseEvent, *http.Response) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/messages/stream", nil)
	req.Header.Set("Authorization", token)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	out := make(chan sseEvent, 100)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.Kind != "" {
					out <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, ": "):
				out <- sseEvent{Kind: ":", Data: line[2:]}
			case strings.HasPrefix(line, "event: "):
				ev.Kind = line[7:]
			case strings.HasPrefix(line, "id: "):
				ev.ID = line[4:]
			case strings.HasPrefix(line, "data: "):
				ev.Data = line[6:]
			}
		}
	}()
	return out, resp
}

// next reads the stream's next event (failing after a generous bound: a lost event, not a slow one).
func next(t *testing.T, evs <-chan sseEvent) (sseEvent, bool) {
	t.Helper()
	select {
	case ev, ok := <-evs:
		return ev, ok
	case <-time.After(10 * time.Second):
		t.Fatal("no event")
		return sseEvent{}, false
	}
}

func expect(t *testing.T, evs <-chan sseEvent, kind, data string) sseEvent {
	t.Helper()
	ev, ok := next(t, evs)
	if !ok || ev.Kind != kind || (data != "" && ev.Data != data) {
		t.Fatalf("got %+v (open %v), want %s %s", ev, ok, kind, data)
	}
	return ev
}

// TestMessageStream: counts first, then a message live; a reconnect replays from Last-Event-ID;
// logging out closes the session's stream.
func TestMessageStream(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	ctx := context.Background()
	id := notifyUser(t, s, "streamer", nil, authz.KindStaff, nil, true)
	tok := s.Login(t, "streamer", "notify-pass")
	if r, _ := http.Get(s.URL + "/api/messages/stream"); r.StatusCode != http.StatusUnauthorized {
		t.Errorf("without a token: %d", r.StatusCode)
	}
	evs, resp := openStream(t, s.URL, tok, "")
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") ||
		resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("X-Accel-Buffering") != "no" {
		t.Errorf("headers %v", resp.Header)
	}
	expect(t, evs, "unread", `{"count":0}`)
	expect(t, evs, "todo", `{"count":0}`)
	send := func(title string) {
		if err := s.App.Notify.Send(ctx, notify.Audience{UserIDs: []int64{id}}, notify.Message{Type: notify.ApprovalTask, Title: title}); err != nil {
			t.Fatal(err)
		}
	}
	send("第一条")
	first := expect(t, evs, "message", "")
	var m notify.Stored
	if err := json.Unmarshal([]byte(first.Data), &m); err != nil || m.Title != "第一条" || first.ID != strconv.FormatInt(m.ID, 10) {
		t.Fatalf("message %+v %v", first, err)
	}
	expect(t, evs, "unread", `{"count":1}`)
	s.App.Notify.Todo(ctx, id)
	expect(t, evs, "todo", `{"count":0}`)

	send("第二条")
	send("第三条")
	// A reconnect from the first message's id replays the two after it.
	evs2, _ := openStream(t, s.URL, tok, first.ID)
	expect(t, evs2, "unread", `{"count":3}`)
	expect(t, evs2, "todo", "")
	for _, want := range []string{"第二条", "第三条"} {
		ev := expect(t, evs2, "message", "")
		if !strings.Contains(ev.Data, want) {
			t.Errorf("replayed %s, want %s", ev.Data, want)
		}
	}
	// Logging out ends both streams of the session.
	if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/logout", Token: tok}); r.Status != http.StatusOK {
		t.Fatalf("logout %d %s", r.Status, r.Body)
	}
	for _, ch := range []<-chan sseEvent{evs, evs2} {
		for {
			ev, ok := next(t, ch)
			if !ok {
				break
			}
			if ev.Kind == "message" && strings.Contains(ev.Data, "第一条") {
				t.Error("a replayed message came again")
			}
		}
	}
}

// TestMessageStreamAcrossInstances: two instances sharing Redis; a message sent on one reaches a
// stream open on the other.
func TestMessageStreamAcrossInstances(t *testing.T) {
	a := apptest.Start(t, "redis")
	b := a.Twin(t)
	id := notifyUser(t, a, "twin", nil, authz.KindStaff, nil, true)
	tok := a.Login(t, "twin", "notify-pass")
	evs, _ := openStream(t, b.URL, tok, "")
	expect(t, evs, "unread", "")
	expect(t, evs, "todo", "")
	if err := a.App.Notify.Send(context.Background(), notify.Audience{UserIDs: []int64{id}},
		notify.Message{Type: notify.ContractExpiring, Title: "合同将到期"}); err != nil {
		t.Fatal(err)
	}
	ev := expect(t, evs, "message", "")
	if !strings.Contains(ev.Data, "合同将到期") {
		t.Errorf("got %s", ev.Data)
	}
	expect(t, evs, "unread", `{"count":1}`)
	// Logging out on A closes the stream on B.
	a.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/logout", Token: tok})
	for {
		if _, ok := next(t, evs); !ok {
			break
		}
	}
}

// streamRoute tells the permission matrix which routes answer with a stream that never ends.
func streamRoute(key string) bool { return key == "GET /api/messages/stream" }

// checkStreamRule: the stream needs a session (401 without), and any session opens it.
func checkStreamRule(t *testing.T, m *matrix) {
	if r, err := http.Get(m.s.URL + "/api/messages/stream"); err != nil || r.StatusCode != http.StatusUnauthorized {
		t.Fatalf("without a session: %v %v", r, err)
	}
	evs, _ := openStream(t, m.s.URL, m.userWith(t, nil), "")
	expect(t, evs, "unread", "")
}

func notifySamples() map[string]sample {
	return map[string]sample{
		"GET /api/messages":              get("/api/messages?type=low_stock&read=0&page=0&size=10"),
		"GET /api/messages/unread-count": get("/api/messages/unread-count"),
		"PUT /api/messages/read": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: "/api/messages/read", JSON: map[string]any{"all": true}}
		},
		"GET /api/messages/settings": get("/api/messages/settings"),
		"PUT /api/messages/settings": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: "/api/messages/settings", JSON: map[string]any{"off": []string{"low_stock"}}}
		},
	}
}

// TestMessageStreamEndsWithSession: an administrator's kick-out and disabling the user close the
// user's streams (auth's OnSessionEnd → the `end` event).
func TestMessageStreamEndsWithSession(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := s.Login(t, "admin", apptest.AdminPassword)
	id := notifyUser(t, s, "kicked", nil, authz.KindStaff, nil, true)
	drain := func(evs <-chan sseEvent) {
		for {
			if _, ok := next(t, evs); !ok {
				return
			}
		}
	}
	evs, _ := openStream(t, s.URL, s.Login(t, "kicked", "notify-pass"), "")
	expect(t, evs, "unread", "")
	if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/online/users/" + strconv.FormatInt(id, 10), Token: admin}); r.Status != http.StatusOK {
		t.Fatalf("kick-out %d %s", r.Status, r.Body)
	}
	drain(evs)
	evs, _ = openStream(t, s.URL, s.Login(t, "kicked", "notify-pass"), "")
	expect(t, evs, "unread", "")
	if r := s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/users/enabled", Token: admin,
		JSON: map[string]any{"ids": []int64{id}, "enabled": false}}); r.Status/100 != 2 {
		t.Fatalf("disable %d %s", r.Status, r.Body)
	}
	drain(evs)
}
