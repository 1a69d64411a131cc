package notify_test

import (
	"context"
	"testing"
	"time"

	. "mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestRedisHub: two instances on one Redis; an event published on A reaches B's subscriber of
// that user only, and a session's end on A ends its subscription on B.
func TestRedisHub(t *testing.T) {
	rdb, prefix := dbtest.Redis(t)
	ctx := context.Background()
	a, err := NewRedisHub(ctx, rdb, prefix, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := NewRedisHub(ctx, rdb, prefix, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	mine, other := b.Subscribe(1, "s1"), b.Subscribe(2, "s2")
	defer mine.Close()
	defer other.Close()
	if err := a.Publish(ctx, Event{UserID: 1, Kind: KindMessage, ID: 5, Data: []byte(`{"id":5}`)}); err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-mine.Events():
		if ev.ID != 5 || string(ev.Data) != `{"id":5}` {
			t.Errorf("got %+v", ev)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the event did not cross")
	}
	_ = a.Publish(ctx, Event{SessionID: "s1", Kind: KindEnd})
	select {
	case <-mine.Ended():
	case <-time.After(10 * time.Second):
		t.Fatal("the end did not cross")
	}
	select {
	case ev := <-other.Events():
		t.Errorf("another user's subscriber got %+v", ev)
	case <-other.Ended():
		t.Error("another session ended")
	default:
	}
}
