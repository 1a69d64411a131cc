package notify

import (
	"context"
	"time"
)

// Channel delivers a stored message outside the console (a webhook, e-mail).
type Channel interface {
	Name() string
	Deliver(ctx context.Context, r Recipient, m Stored) error
}

// deliveryTimeout bounds one delivery through all channels.
const deliveryTimeout = 30 * time.Second

// enqueue hands a delivery to the worker without waiting: with the queue full it is dropped and
// logged (the message itself is stored; outbound is best effort).
func (s *Service) enqueue(r Recipient, m Stored) {
	if s.queue == nil {
		return
	}
	select {
	case s.queue <- delivery{r: r, m: m}:
	default:
		s.opt.Log.Warn("notify: outbound queue full, delivery dropped", "user", r.UserID, "message", m.ID)
	}
}

func (s *Service) deliverLoop() {
	defer s.wg.Done()
	for {
		select {
		case <-s.stop:
			return
		case d := <-s.queue:
			for _, ch := range s.opt.Channels {
				ctx, cancel := context.WithTimeout(context.Background(), deliveryTimeout)
				if err := ch.Deliver(ctx, d.r, d.m); err != nil {
					s.opt.Log.Warn("notify: outbound delivery failed", "channel", ch.Name(), "user", d.r.UserID,
						"message", d.m.ID, "err", err)
				}
				cancel()
			}
		}
	}
}

// Close stops the outbound worker (deliveries still queued are dropped).
func (s *Service) Close() error {
	s.Shutdown()
	s.once.Do(func() { close(s.stop) })
	s.wg.Wait()
	return nil
}
