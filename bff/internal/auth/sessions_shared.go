package auth

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// SharedSessionTTL is how long an instance sharing its sessions in Redis remembers one it has
// looked up (LocalSessions). A session ended through any instance is announced on a Redis channel
// and forgotten by every instance at once; the TTL bounds how long one whose announcement was lost
// (Redis pub/sub delivers at most once, and not across a reconnect) is still let in here.
const SharedSessionTTL = 5 * time.Second

// announced publishes the ids of the sessions it ends, for the other instances to forget them.
type announced struct {
	SessionStore
	rdb     redis.UniversalClient
	channel string
}

// Announced is inner whose Delete tells every instance listening (ListenEnded) under prefix.
func Announced(inner SessionStore, rdb redis.UniversalClient, prefix string) SessionStore {
	return announced{SessionStore: inner, rdb: rdb, channel: endedChannel(prefix)}
}

func endedChannel(prefix string) string { return prefix + "sessions:ended" }

func (a announced) Delete(ctx context.Context, ids ...string) error {
	if err := a.SessionStore.Delete(ctx, ids...); err != nil || len(ids) == 0 {
		return err
	}
	// session ids are base64url: a comma never occurs in one
	return a.rdb.Publish(ctx, a.channel, strings.Join(ids, ",")).Err()
}

// ListenEnded makes local forget the sessions any instance under prefix ends (Announced), from
// the moment it returns; stop ends the subscription. While the subscription is down local
// remembers nothing (Pause), from the first failed read until Redis confirms it again.
func ListenEnded(ctx context.Context, rdb redis.UniversalClient, prefix string, local *LocalSessions) (stop func() error, err error) {
	sub := rdb.Subscribe(ctx, endedChannel(prefix))
	if _, err := sub.Receive(ctx); err != nil { // the subscription's confirmation
		_ = sub.Close()
		return nil, err
	}
	local.Resume()
	go listen(sub, local)
	return sub.Close, nil
}

func listen(sub *redis.PubSub, local *LocalSessions) {
	wait := 10 * time.Millisecond
	for {
		// Receive connects and subscribes again after a failure.
		msg, err := sub.Receive(context.Background())
		if errors.Is(err, redis.ErrClosed) {
			return
		}
		if err != nil {
			local.Pause()
			time.Sleep(wait)
			wait = min(2*wait, time.Second)
			continue
		}
		wait = 10 * time.Millisecond
		switch m := msg.(type) {
		case *redis.Subscription:
			if m.Kind == "subscribe" {
				local.Resume()
			}
		case *redis.Message:
			local.forget(strings.Split(m.Payload, ","))
		}
	}
}
