// Command eventlat measures the live messages (docs/notifications.md) across two instances:
// it signs in, opens the message stream on one address (-stream, e.g. nginx in front of
// instance B), pays storefront orders on another (-raise, instance A) and times each payment's
// 待发货 message from the payment's answer to the stream. With -idle it instead opens that many
// streams and holds them for -hold, so that the caller can sample the instance's RSS and CPU.
// Run by bff/bench/events.sh.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"mallconsole/bff/internal/storefront"
)

func main() {
	raise := flag.String("raise", "", "base URL where orders are paid (instance A)")
	stream := flag.String("stream", "", "base URL of the message stream (instance B, through nginx)")
	user := flag.String("user", "admin", "who signs in (receives 待发货 messages)")
	password := flag.String("password", "", "their password")
	events := flag.Int("events", 1000, "orders paid, one message each")
	idle := flag.Int("idle", 0, "instead: open this many streams and hold them")
	hold := flag.Duration("hold", time.Minute, "with -idle: how long to hold them")
	flag.Parse()
	var err error
	if *idle > 0 {
		err = holdStreams(*stream, *user, *password, *idle, *hold)
	} else {
		err = measure(*raise, *stream, *user, *password, *events)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "eventlat:", err)
		os.Exit(1)
	}
}

func login(base, user, password string) (string, error) {
	res, err := http.PostForm(base+"/api/auth/login", url.Values{"username": {user}, "password": {password}})
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK || out.Token == "" {
		return "", fmt.Errorf("sign-in as %s: %d %v", user, res.StatusCode, err)
	}
	return out.Token, nil
}

func call(base, token, method, path string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(method, base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

type client struct{ ClientID, Secret string }

// signed is a storefront call (docs/storefront.md).
func signed(base string, c client, path string, body any, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	ts, nonce := strconv.FormatInt(time.Now().Unix(), 10), token16()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(storefront.HeaderClientID, c.ClientID)
	req.Header.Set(storefront.HeaderTimestamp, ts)
	req.Header.Set(storefront.HeaderNonce, nonce)
	req.Header.Set(storefront.HeaderSignature, storefront.Sign(c.Secret, http.MethodPost, path, "", ts, nonce, raw))
	req.Header.Set("Idempotency-Key", token16())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		return fmt.Errorf("POST %s: %d %s", path, res.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

func token16() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// open starts a stream and sends each event's data to events (by kind) until ctx ends.
func open(ctx context.Context, base, token string, each func(kind, data string)) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/messages/stream", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", token)
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		return fmt.Errorf("stream: %d", res.StatusCode)
	}
	go func() {
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		kind := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event:"):
				kind = strings.TrimSpace(line[6:])
			case strings.HasPrefix(line, "data:"):
				each(kind, strings.TrimSpace(line[5:]))
			case line == "":
				kind = ""
			}
		}
	}()
	return nil
}

func measure(raise, stream, user, password string, n int) error {
	token, err := login(raise, user, password)
	if err != nil {
		return err
	}
	code := "EVT" + token16()[:8]
	err = call(raise, token, "POST", "/api/goods", map[string]any{"name": "消息压测 " + code, "code": code, "category": "digital",
		"status": "on_sale", "specs": []any{}, "skus": []any{map[string]any{"code": code, "specs": []any{}, "price": "1.00",
			"cost": "0.50", "stock": n + 10, "lowStock": 0, "onSale": true}}}, nil)
	if err != nil {
		return err
	}
	// the storefront allows each client storefront.PerMinute calls a minute: enough clients
	clients := make([]client, 2*n/storefront.PerMinute+2)
	for i := range clients {
		if err := call(raise, token, "POST", "/api/openClients", map[string]any{"name": fmt.Sprintf("压测 %s %d", code, i), "agencyId": nil}, &clients[i]); err != nil {
			return err
		}
	}
	var mu sync.Mutex
	got := map[string]time.Time{}
	arrived := make(chan struct{}, n)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	err = open(ctx, stream, token, func(kind, data string) {
		if kind != "message" {
			return
		}
		var m struct{ Title string }
		if json.Unmarshal([]byte(data), &m) != nil {
			return
		}
		mu.Lock()
		got[m.Title] = time.Now()
		mu.Unlock()
		arrived <- struct{}{}
	})
	if err != nil {
		return err
	}
	lat := make([]time.Duration, 0, n)
	for i := range n {
		c := clients[i%len(clients)]
		var placed struct{ OrderNo, Amount string }
		body := map[string]any{"customerName": "压测", "phone": "13900000000", "address": "上海市 1 号", "freight": "0.00",
			"items": []any{map[string]any{"skuCode": code, "quantity": 1}}}
		if err := signed(raise, c, "/open/v1/orders", body, &placed); err != nil {
			return err
		}
		start := time.Now()
		if err := signed(raise, c, "/open/v1/orders/"+placed.OrderNo+"/paid", map[string]any{"amount": "1.00"}, nil); err != nil {
			return err
		}
		deadline := time.After(10 * time.Second)
		for {
			mu.Lock()
			at, ok := findTitle(got, placed.OrderNo)
			mu.Unlock()
			if ok {
				lat = append(lat, max(at.Sub(start), 0))
				break
			}
			select {
			case <-arrived:
			case <-deadline:
				return fmt.Errorf("no message for %s within 10 s (%d received)", placed.OrderNo, len(lat))
			}
		}
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	fmt.Printf("events %d: p50 %v p95 %v p99 %v max %v (payment sent on A → its message read from B's stream through nginx)\n",
		len(lat), q(0.50).Round(10*time.Microsecond), q(0.95).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
	return nil
}

func findTitle(got map[string]time.Time, orderNo string) (time.Time, bool) {
	for t, at := range got {
		if strings.Contains(t, orderNo) {
			return at, true
		}
	}
	return time.Time{}, false
}

// holdStreams opens n streams (a few per session, as tabs would) and holds them.
func holdStreams(base, user, password string, n int, hold time.Duration) error {
	const perSession = 4
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var token string
	var err error
	opened := 0
	for i := range n {
		if i%perSession == 0 {
			if token, err = login(base, user, password); err != nil {
				return err
			}
		}
		if err := open(ctx, base, token, func(string, string) {}); err != nil {
			return fmt.Errorf("stream %d: %w", i, err)
		}
		opened++
	}
	fmt.Printf("open streams: %d\n", opened)
	select {
	case <-time.After(hold):
	case <-ctx.Done():
		return errors.New("cancelled")
	}
	return nil
}
