package notify_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	. "mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/dbtest"
)

// people is a Directory over a fixed list: the audience's resolution against users, roles and
// menus is tested with the real one in internal/app (notify_test.go); here the rules applied
// after it.
type people []Recipient

func (p people) Recipients(context.Context, Audience) ([]Recipient, error) { return p, nil }

func ptr(v int64) *int64 { return &v }

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)} }

func ids(t *testing.T, s *Service, user int64) []int64 {
	t.Helper()
	ms, _, err := s.List(context.Background(), user, Filter{}, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

func TestSendRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		dir := people{
			{UserID: 4},                   // staff who turned low stock off
			{UserID: 2, AgencyID: ptr(7)}, // operator of agency 7
			{UserID: 3, AgencyID: ptr(8)}, // operator of agency 8
			{UserID: 1},                   // staff, second in each batch
			{UserID: 1},                   // listed twice (a holder and named)
		}
		hub := NewLocalHub()
		s := New(g, dir, hub, Options{Now: newClock().Now})
		if err := s.SetPrefs(ctx, 4, []string{LowStock}); err != nil {
			t.Fatal(err)
		}
		sub := hub.Subscribe(1, "s1")
		defer sub.Close()

		// Of agency 7: staff and agency 7's operator; not agency 8's; once each; not who turned it off.
		if err := s.Send(ctx, Audience{Permission: "x", AgencyID: ptr(7)}, Message{Type: LowStock, Title: "库存低"}); err != nil {
			t.Fatal(err)
		}
		for user, want := range map[int64]int{1: 1, 2: 1, 3: 0, 4: 0} {
			if got := len(ids(t, s, user)); got != want {
				t.Errorf("agency message: user %d has %d, want %d", user, got, want)
			}
		}
		// Shop-wide: staff only.
		if err := s.Send(ctx, Audience{Permission: "x"}, Message{Type: OrderToShip, Title: "待发货"}); err != nil {
			t.Fatal(err)
		}
		for user, want := range map[int64]int{1: 2, 2: 1, 3: 0, 4: 1} {
			if got := len(ids(t, s, user)); got != want {
				t.Errorf("shop-wide message: user %d has %d, want %d", user, got, want)
			}
		}
		// The subscriber saw each message and its unread count.
		var kinds []string
		var got []int64
		for range 4 {
			ev := <-sub.Events()
			kinds = append(kinds, ev.Kind)
			if ev.Kind == KindMessage {
				got = append([]int64{ev.ID}, got...)
			}
		}
		// The ids the batch insert reports are the stored ones (the stream's Last-Event-ID).
		if want := ids(t, s, 1); !equal(got, want) {
			t.Errorf("event ids %v, stored %v", got, want)
		}
		if want := []string{KindMessage, KindUnread, KindMessage, KindUnread}; !equal(kinds, want) {
			t.Errorf("events %v, want %v", kinds, want)
		}
		if err := s.Send(ctx, Audience{Admins: true}, Message{Type: "nope"}); !errors.Is(err, ErrUnknownType) {
			t.Errorf("unknown type: %v", err)
		}
		if err := s.SetPrefs(ctx, 4, []string{"nope"}); !errors.Is(err, ErrUnknownType) {
			t.Errorf("unknown type in prefs: %v", err)
		}
		if off, _ := s.Prefs(ctx, 4); !equal(off, []string{LowStock}) {
			t.Errorf("prefs %v", off)
		}
	})
}

func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestListReadIsolation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		c := newClock()
		s := New(g, people{{UserID: 1}, {UserID: 2}}, NewLocalHub(), Options{Now: c.Now})
		for _, typ := range []string{LowStock, OrderToShip, LowStock} {
			if err := s.Send(ctx, Audience{Admins: true}, Message{Type: typ, Title: typ}); err != nil {
				t.Fatal(err)
			}
			c.Add(time.Minute)
		}
		a, b := ids(t, s, 1), ids(t, s, 2)
		if len(a) != 3 || len(b) != 3 || a[0] < a[1] {
			t.Fatalf("lists %v %v (newest first)", a, b)
		}
		// B marking A's message changes nothing of A's.
		if err := s.MarkRead(ctx, 2, []int64{a[0]}, false); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.UnreadCount(ctx, 1); n != 3 {
			t.Errorf("A's unread after B marked A's message: %d", n)
		}
		if err := s.MarkRead(ctx, 1, []int64{a[0]}, false); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.UnreadCount(ctx, 1); n != 2 {
			t.Errorf("A's unread after marking one: %d", n)
		}
		read, unread := true, false
		if ms, n, _ := s.List(ctx, 1, Filter{Read: &read}, 0, 10); n != 1 || ms[0].ID != a[0] || !ms[0].Read || ms[0].ReadTime == nil {
			t.Errorf("read filter: %d %+v", n, ms)
		}
		if _, n, _ := s.List(ctx, 1, Filter{Read: &unread, Type: LowStock}, 0, 10); n != 1 {
			t.Errorf("unread low stock: %d", n)
		}
		if ms, n, _ := s.List(ctx, 1, Filter{}, 1, 1); n != 3 || len(ms) != 1 || ms[0].ID != a[1] {
			t.Errorf("second page of one: %d %+v", n, ms)
		}
		if err := s.MarkRead(ctx, 1, nil, true); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.UnreadCount(ctx, 1); n != 0 {
			t.Errorf("A's unread after all: %d", n)
		}
		if n, _ := s.UnreadCount(ctx, 2); n != 3 {
			t.Errorf("B's unread after A marked all: %d", n)
		}
		// Retention: messages older than the cut are swept, the rest kept.
		n, err := s.Sweep(ctx, c.Now().Add(-90*time.Second))
		if err != nil || n != 4 { // the first two of each user
			t.Errorf("sweep: %d %v", n, err)
		}
		if got := ids(t, s, 1); len(got) != 1 || got[0] != a[0] {
			t.Errorf("after sweep %v", got)
		}
	})
}
