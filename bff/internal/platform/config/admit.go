package config

import (
	"fmt"
	"strconv"
	"time"
)

// Admit is the bound on requests in flight (platform/admit): past it, 503 + Retry-After.
type Admit struct {
	Off  bool
	Max  int           // the adaptive limit never goes above it; 0: by the cores (platform/admit)
	Wait time.Duration // the longest a request queues for a slot
}

func admitSettings() []setting {
	return []setting{
		{"BFF_ADMIT", "on", "on|off: bound the requests in flight adaptively and answer the excess at once with 503 + Retry-After (health checks and the message stream are never refused)", func(c *Config, v string) error {
			on, err := parseSwitch(v)
			c.Admit.Off = !on
			return err
		}},
		{"BFF_ADMIT_MAX", "auto", "with BFF_ADMIT=on: the highest the limit on requests in flight may grow (1..100000; auto: 5 per core, at least 10; the lowest is 2 per core, at least 4, or this when smaller)", func(c *Config, v string) error {
			if v == "auto" {
				c.Admit.Max = 0
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 100_000 {
				return fmt.Errorf("must be auto or a whole number from 1 to 100000, got %q", v)
			}
			c.Admit.Max = n
			return nil
		}},
		{"BFF_ADMIT_WAIT", "50ms", "with BFF_ADMIT=on: how long a request over the limit may wait for a slot before its 503 (Go duration, 1ms..1s; 5ms at most once the queue has not been empty for 100ms)", func(c *Config, v string) (err error) {
			c.Admit.Wait, err = parseDuration(v, time.Millisecond, time.Second)
			return err
		}},
	}
}
