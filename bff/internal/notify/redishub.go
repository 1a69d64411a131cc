package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"

	"github.com/redis/go-redis/v9"
)

// RedisHub carries events between instances through one Redis pub/sub channel
// ("<prefix>notify"). Each instance keeps one SUBSCRIBE connection (go-redis' PubSub, which
// reconnects and resubscribes by itself) and fans the events out to its own subscribers; a
// Publish reaches this instance's subscribers the same way, through Redis, so the order is the
// channel's. Events published while an instance is disconnected are lost to it: a stream
// resyncs the counts when it reconnects (docs/notifications.md).
type RedisHub struct {
	rdb     redis.UniversalClient
	channel string
	fan     *fanout
	ps      *redis.PubSub
	log     *slog.Logger
	done    chan struct{}
	once    sync.Once
}

// NewRedisHub subscribes to the channel (returning once Redis confirmed it) and starts
// delivering; Close stops.
func NewRedisHub(ctx context.Context, rdb redis.UniversalClient, prefix string, log *slog.Logger) (*RedisHub, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// Pub/sub ignores the database number: two deployments sharing a server on different
	// databases (and the same prefix) would hear each other's events without it in the name.
	db := 0
	if c, ok := rdb.(*redis.Client); ok {
		db = c.Options().DB
	}
	channel := fmt.Sprintf("%snotify:%d", prefix, db)
	h := &RedisHub{rdb: rdb, channel: channel, fan: newFanout(), log: log, done: make(chan struct{})}
	h.ps = rdb.Subscribe(ctx, h.channel)
	if _, err := h.ps.Receive(ctx); err != nil {
		_ = h.ps.Close()
		return nil, fmt.Errorf("subscribing to %s: %w", h.channel, err)
	}
	go h.run()
	return h, nil
}

func (h *RedisHub) run() {
	defer close(h.done)
	for msg := range h.ps.Channel(redis.WithChannelSize(4096)) {
		var ev Event
		if err := json.Unmarshal([]byte(msg.Payload), &ev); err != nil {
			h.log.Warn("notify: undecodable event", "err", err)
			continue
		}
		h.fan.deliver(ev)
	}
}

// Publish sends ev to every instance.
func (h *RedisHub) Publish(ctx context.Context, ev Event) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return h.rdb.Publish(ctx, h.channel, b).Err()
}

// Subscribe opens a subscription on this instance.
func (h *RedisHub) Subscribe(userID int64, sessionID string) *Subscription {
	return h.fan.subscribe(userID, sessionID)
}

// Subscribers is the number of open subscriptions on this instance.
func (h *RedisHub) Subscribers() int { return h.fan.count() }

// Close unsubscribes and waits for the delivery loop to stop.
func (h *RedisHub) Close() error {
	var err error
	h.once.Do(func() {
		err = h.ps.Close()
		<-h.done
	})
	return err
}
