package notify

import (
	"context"
	"testing"
)

func TestSlowSubscriberLosesOldest(t *testing.T) {
	h := NewLocalHub()
	slow, other := h.Subscribe(1, "a"), h.Subscribe(1, "b")
	defer slow.Close()
	defer other.Close()
	for i := range subscriberBuffer + 5 {
		_ = h.Publish(context.Background(), Event{UserID: 1, Kind: KindUnread, ID: int64(i + 1)})
		<-other.Events() // the other keeps up, never held back by the slow one
	}
	if !slow.Lost() || slow.Lost() {
		t.Fatal("the slow subscriber is told once that it lost events")
	}
	if first := <-slow.Events(); first.ID != 6 {
		t.Errorf("oldest kept is %d, want 6", first.ID)
	}
}

func TestStreamsPerSessionCapped(t *testing.T) {
	h := NewLocalHub()
	var subs []*Subscription
	for range maxStreamsPerSession + 1 {
		subs = append(subs, h.Subscribe(1, "a"))
	}
	// the same user's other session (another browser) is not counted with the first
	other := h.Subscribe(1, "b")
	select {
	case <-subs[0].Ended():
	default:
		t.Fatal("the oldest stream was not ended")
	}
	select {
	case <-other.Ended():
		t.Fatal("another session's stream was ended")
	default:
	}
	if h.Subscribers() != maxStreamsPerSession+1 {
		t.Errorf("%d open", h.Subscribers())
	}
	_ = h.Publish(context.Background(), Event{SessionID: "b", Kind: KindEnd})
	select {
	case <-other.Ended():
	default:
		t.Fatal("end of session b did not end its stream")
	}
	subs = append(subs, other)
	for _, s := range subs {
		s.Close()
	}
	if h.Subscribers() != 0 {
		t.Errorf("%d open after closing all", h.Subscribers())
	}
}
