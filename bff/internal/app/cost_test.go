package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/seed"
)

// statementLog records the SQL statements a server sends through gorm (BEGIN and COMMIT are not
// statements here) and the commands it sends to Redis, while on.
type statementLog struct {
	mu    sync.Mutex
	on    bool
	sql   []string
	redis []string
}

func (l *statementLog) add(to *[]string, s string) {
	l.mu.Lock()
	if l.on {
		*to = append(*to, s)
	}
	l.mu.Unlock()
}

func (l *statementLog) start() {
	l.mu.Lock()
	l.on, l.sql, l.redis = true, nil, nil
	l.mu.Unlock()
}

func (l *statementLog) stop() (sql, rds []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on = false
	return l.sql, l.redis
}

// watch hooks l into s's database and Redis client.
func (l *statementLog) watch(t *testing.T, s *apptest.Server) {
	t.Helper()
	name := fmt.Sprintf("test:statements-%p", l)
	record := func(tx *gorm.DB) {
		if !tx.DryRun { // a subquery is built by a dry run of its own: not a statement sent
			l.add(&l.sql, tx.Statement.SQL.String())
		}
	}
	cb := s.DB.Callback()
	for _, err := range []error{
		cb.Query().After("gorm:query").Register(name, record),
		cb.Row().After("gorm:row").Register(name, record),
		cb.Raw().After("gorm:raw").Register(name, record),
		cb.Create().After("gorm:create").Register(name, record),
		cb.Update().After("gorm:update").Register(name, record),
		cb.Delete().After("gorm:delete").Register(name, record),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if s.App.Redis != nil {
		s.App.Redis.AddHook(redisRecorder{l})
	}
}

type redisRecorder struct{ l *statementLog }

func (redisRecorder) DialHook(next redis.DialHook) redis.DialHook { return next }

func (r redisRecorder) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		r.l.add(&r.l.redis, cmd.Name())
		return next(ctx, cmd)
	}
}

func (r redisRecorder) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		names := make([]string, len(cmds))
		for i, c := range cmds {
			names[i] = c.Name()
		}
		r.l.add(&r.l.redis, "pipeline("+strings.Join(names, ",")+")")
		return next(ctx, cmds)
	}
}

// mixRequest is one request kind of the load mix (bff/bench/loadmix), as it sends it.
type mixRequest struct {
	kind    string
	request func(t testing.TB, s *apptest.Server, token string) apptest.Request
	// sql and redis are the budget: statements to the database and commands to Redis, warm
	// (docs/figures.md "Cost per request" has them before and after).
	sql, redis int
}

func loadMix() []mixRequest {
	get := func(path string) func(testing.TB, *apptest.Server, string) apptest.Request {
		return func(_ testing.TB, _ *apptest.Server, token string) apptest.Request {
			return apptest.Request{Path: path, Token: token}
		}
	}
	day := apptest.NewClock().Now().Format("2006-01-02")
	made := 0
	return []mixRequest{
		{kind: "signin", sql: 3, redis: 4, request: func(testing.TB, *apptest.Server, string) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
				Form: url.Values{"username": {"admin"}, "password": {apptest.AdminPassword}}}
		}},
		{kind: "auth_info", sql: 0, redis: 0, request: get("/api/auth/info")},
		{kind: "menus_build", sql: 0, redis: 0, request: get("/api/menus/build")},
		{kind: "goods_list", sql: 1, redis: 0, request: get("/api/goods?page=1&size=20&category=digital&status=on_sale&sort=price,asc")},
		{kind: "orders_list", sql: 1, redis: 0, request: get("/api/orders?page=1&size=20&status=paid&sort=amount,desc")},
		{kind: "order_detail", sql: 4, redis: 0, request: func(t testing.TB, s *apptest.Server, token string) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/orders/%d", firstOrder(t, s, token, "")), Token: token}
		}},
		{kind: "dashboard", sql: 0, redis: 0, request: get("/api/dashboard?start=" + day + "&end=" + day)},
		{kind: "dict_read", sql: 0, redis: 0, request: get("/api/dictDetail?dictName=express_company&page=0&size=9999")},
		{kind: "goods_edit", sql: 6, redis: 0, request: func(t testing.TB, s *apptest.Server, token string) apptest.Request {
			// The mix edits goods without specs (one SKU), as bff/cmd/benchseed makes them.
			made++
			body := goodsBody(9000 + made)
			var g struct{ ID int64 }
			s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/goods", Token: token, JSON: body}).JSON(t, &g)
			body["id"], body["stock"] = g.ID, 7
			return apptest.Request{Method: http.MethodPut, Path: "/api/goods", Token: token, JSON: body}
		}},
		{kind: "order_ship", sql: 8, redis: 0, request: func(t testing.TB, s *apptest.Server, token string) apptest.Request {
			id := firstOrder(t, s, token, "paid")
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/ship", id), Token: token,
				JSON: map[string]any{"expressCompany": "SF", "trackingNo": fmt.Sprintf("COST%d", id), "note": "压测发货"}}
		}},
		{kind: "dict_write", sql: 6, redis: 0, request: func(t testing.TB, s *apptest.Server, token string) apptest.Request {
			var d struct {
				Content []struct {
					ID    int64  `json:"id"`
					Label string `json:"label"`
					Value string `json:"value"`
					Dict  struct {
						ID int64 `json:"id"`
					} `json:"dict"`
				} `json:"content"`
			}
			s.Get(t, "/api/dictDetail?dictName=express_company&page=0&size=1", token).JSON(t, &d)
			e := d.Content[0]
			return apptest.Request{Method: http.MethodPut, Path: "/api/dictDetail", Token: token,
				JSON: map[string]any{"id": e.ID, "dict": map[string]any{"id": e.Dict.ID}, "label": e.Label,
					"value": e.Value, "dictSort": 1}}
		}},
	}
}

// mixServer starts a server on MariaDB + Redis with the demo shop and signs the administrator
// in: what the mix's requests need.
func mixServer(tb testing.TB) (*apptest.Server, string) {
	tb.Helper()
	s := apptest.Start(tb, apptest.MySQLRedis, func(c *config.Config) { c.Captcha = false })
	err := seed.Run(context.Background(), s.DB, seed.Options{Demo: true, DemoShop: true, AdminPassword: apptest.AdminPassword,
		DemoPassword: apptest.DemoPassword, BcryptCost: bcrypt.MinCost, Out: io.Discard, Generation: s.Generation, Now: s.Clock.Now})
	if err != nil {
		tb.Fatal(err)
	}
	res := s.Do(tb, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
		Form: url.Values{"username": {"admin"}, "password": {apptest.AdminPassword}}})
	var signed struct{ Token string }
	if err := json.Unmarshal(res.Body, &signed); err != nil || signed.Token == "" {
		tb.Fatalf("sign-in: %d %s", res.Status, res.Body)
	}
	return s, signed.Token
}

func firstOrder(t testing.TB, s *apptest.Server, token, status string) int64 {
	t.Helper()
	var page struct {
		Content []struct {
			ID int64 `json:"id"`
		} `json:"content"`
	}
	path := "/api/orders?page=0&size=1"
	if status != "" {
		path += "&status=" + status
	}
	s.Get(t, path, token).JSON(t, &page)
	if len(page.Content) == 0 {
		t.Fatalf("no order with status %q", status)
	}
	return page.Content[0].ID
}

// TestStatementsPerRequest counts, for each request kind of the load mix, the statements the BFF
// sends to the database and the commands it sends to Redis once its caches are warm (the second
// of two requests), on MariaDB + Redis as a deployment of several instances runs. A kind past
// its budget fails: the budgets are the figures of docs/figures.md "Cost per request".
func TestStatementsPerRequest(t *testing.T) {
	s, token := mixServer(t)
	var log statementLog
	log.watch(t, s)
	for _, m := range loadMix() {
		var sql, rds []string
		cold := 0
		for i := range 2 {
			r := m.request(t, s, token)
			log.start()
			res := s.Do(t, r)
			sql, rds = log.stop()
			if i == 0 {
				cold = len(sql)
			}
			if res.Status >= 300 {
				t.Fatalf("%s: %d %s", m.kind, res.Status, res.Body)
			}
		}
		t.Logf("%-12s %2d statements (%2d the first time), %2d Redis commands", m.kind, len(sql), cold, len(rds))
		for _, q := range sql {
			t.Logf("    sql   %s", oneLine(q))
		}
		for _, c := range rds {
			t.Logf("    redis %s", c)
		}
		if len(sql) > m.sql || len(rds) > m.redis {
			t.Errorf("%s: %d statements and %d Redis commands, budget %d and %d", m.kind, len(sql), len(rds), m.sql, m.redis)
		}
	}
}

func oneLine(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	if len(q) > 140 {
		q = q[:140] + "…"
	}
	return q
}
