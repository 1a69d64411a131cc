package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"
)

// mix is the workload in requests per thousand: 1 % sign-ins, 89 % reads, 10 % writes.
var mix = []struct {
	kind    string
	perMill int
}{
	{"signin", 10},
	{"auth_info", 140},
	{"menus_build", 140},
	{"goods_list", 150},
	{"orders_list", 150},
	{"order_detail", 110},
	{"dashboard", 100},
	{"dict_read", 100},
	{"goods_edit", 65},
	{"order_ship", 5},
	{"dict_write", 30},
}

// target is one vegeta target in its JSON format.
type target struct {
	Method string              `json:"method"`
	URL    string              `json:"url"`
	Body   []byte              `json:"body,omitempty"` // base64 in JSON, as vegeta reads it
	Header map[string][]string `json:"header,omitempty"`
}

type gen struct {
	base, user, password string
	state
	r   *rand.Rand
	seq int
}

// state is what the targets need from the server, read once before the attack ("prepare"):
// signing the sessions in costs a bcrypt each, which must not land inside the measured run.
type state struct {
	Tokens             []string         `json:"tokens"`
	Goods              []map[string]any `json:"goods"`
	Paid               []int64          `json:"paid"`
	OrderMin, OrderMax int64
	DictID, EntryID    int64
	EntryValue         string
	Express            string
}

// genFlags are the flags prepare and targets share.
type genFlags struct {
	base, dsn, user, password *string
	n, sessions               *int
}

func newGenFlags(fs *flag.FlagSet) genFlags {
	return genFlags{
		base:     fs.String("base", "", "the load balancer's base URL"),
		dsn:      fs.String("dsn", "", "the bench database's DSN (reads ids only)"),
		user:     fs.String("user", "admin", "account signed in"),
		password: fs.String("password", "load-pass-1", "its password"),
		n:        fs.Int("n", 0, "targets the run prints (rate × seconds)"),
		sessions: fs.Int("sessions", 16, "sessions signed in before the run and used in turn"),
	}
}

func (f genFlags) gen() *gen {
	return &gen{base: strings.TrimRight(*f.base, "/"), user: *f.user, password: *f.password, r: newRand()}
}

// prepareState signs the sessions in and reads the ids a run of n targets needs, and prints them
// as JSON for targets -state.
func prepareState(args []string) error {
	fs := flag.NewFlagSet("prepare", flag.ExitOnError)
	f := newGenFlags(fs)
	_ = fs.Parse(args)
	if *f.base == "" || *f.dsn == "" || *f.n <= 0 {
		return fmt.Errorf("-base, -dsn and -n are required")
	}
	g := f.gen()
	if err := g.prepare(*f.dsn, *f.sessions, *f.n); err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(g.state)
}

func targets(args []string) error {
	fs := flag.NewFlagSet("targets", flag.ExitOnError)
	f := newGenFlags(fs)
	from := fs.String("state", "", "read the sessions and ids from this file (written by prepare) instead of asking the server")
	_ = fs.Parse(args)
	base, dsn, n := f.base, f.dsn, f.n
	if *base == "" || *n <= 0 || (*dsn == "" && *from == "") {
		return fmt.Errorf("-base, -n and -dsn or -state are required")
	}
	g := f.gen()
	if *from != "" {
		b, err := os.ReadFile(*from)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &g.state); err != nil {
			return fmt.Errorf("%s: %w", *from, err)
		}
	} else if err := g.prepare(*dsn, *f.sessions, *n); err != nil {
		return err
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	enc := json.NewEncoder(w)
	total := 0
	for _, m := range mix {
		total += m.perMill
	}
	// vegeta's pacer may ask for a target past rate × duration as the attack ends; without one it
	// records "no targets to attack", a failed request that was never sent. A few spare ones
	// (the ships prepare reads leave room for them) are sent only if asked for.
	for range *n + 1 + *n/10000 {
		p, kind := g.r.IntN(total), ""
		for _, m := range mix {
			if p < m.perMill {
				kind = m.kind
				break
			}
			p -= m.perMill
		}
		if err := enc.Encode(g.next(kind)); err != nil {
			return nil // vegeta stopped reading: the attack is over
		}
	}
	return w.Flush()
}

// newRand is the draw of kinds and values: fixed, so two runs send the same mix.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

// prepare signs the sessions in and reads what the writes need.
func (g *gen) prepare(dsn string, sessions, n int) error {
	for range sessions {
		tok, err := g.login()
		if err != nil {
			return err
		}
		g.Tokens = append(g.Tokens, tok)
	}
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.QueryRow("SELECT MIN(id), MAX(id) FROM orders").Scan(&g.OrderMin, &g.OrderMax); err != nil {
		return fmt.Errorf("orders: %w", err)
	}
	ships := 0
	for _, m := range mix {
		if m.kind == "order_ship" {
			ships = n*m.perMill/1000 + n/100 + 100 // room for the draw's spread
		}
	}
	rows, err := db.Query("SELECT id FROM orders WHERE status = 'paid' ORDER BY id LIMIT ?", ships)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		g.Paid = append(g.Paid, id)
	}
	rows.Close()
	if len(g.Paid) < ships {
		return fmt.Errorf("%d orders waiting to be shipped, the run may ship up to %d: seed more orders (ORDERS) or shorten the run", len(g.Paid), ships)
	}
	var page struct {
		Content []map[string]any `json:"content"`
	}
	if err := g.getJSON("/api/goods?page=0&size=200&sort=createTime,desc", &page); err != nil {
		return err
	}
	g.Goods = page.Content
	if len(g.Goods) == 0 {
		return fmt.Errorf("no goods to edit")
	}
	var express struct {
		Content []struct{ Value string } `json:"content"`
	}
	if err := g.getJSON("/api/dictDetail?dictName=express_company&page=0&size=99", &express); err != nil || len(express.Content) == 0 {
		return fmt.Errorf("express companies: %v", err)
	}
	g.Express = express.Content[0].Value
	fmt.Fprintf(os.Stderr, "loadmix: %d sessions, %d goods to edit, %d paid orders to ship, orders %d–%d\n",
		len(g.Tokens), len(g.Goods), len(g.Paid), g.OrderMin, g.OrderMax)
	return g.dictionary()
}

// dictionary makes (or finds) the bench's own dictionary with one entry, the target of the
// dictionary writes, so that they change nothing the shop uses.
func (g *gen) dictionary() error {
	const name = "bench_load"
	find := func() error {
		var d struct {
			Content []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"content"`
		}
		if err := g.getJSON("/api/dict?blurry="+name, &d); err != nil {
			return err
		}
		for _, c := range d.Content {
			if c.Name == name {
				g.DictID = c.ID
			}
		}
		return nil
	}
	if err := find(); err != nil {
		return err
	}
	if g.DictID == 0 {
		if err := g.send("POST", "/api/dict", map[string]any{"name": name, "description": "压测字典"}); err != nil {
			return err
		}
		if err := find(); err != nil || g.DictID == 0 {
			return fmt.Errorf("the bench dictionary was not created: %v", err)
		}
	}
	var e struct {
		Content []struct {
			ID    int64  `json:"id"`
			Value string `json:"value"`
		} `json:"content"`
	}
	if err := g.getJSON("/api/dictDetail?dictName="+name+"&page=0&size=99", &e); err != nil {
		return err
	}
	if len(e.Content) > 0 {
		g.EntryID, g.EntryValue = e.Content[0].ID, e.Content[0].Value
		return nil
	}
	// The new entry's id comes from the answer: a read through the other instance may still
	// show the remembered empty dictionary (dict.RememberFor).
	var made struct{ ID int64 }
	err := g.sendJSON("POST", "/api/dictDetail", map[string]any{"dict": map[string]any{"id": g.DictID}, "label": "压测", "value": "bench", "dictSort": 1}, &made)
	if err != nil || made.ID == 0 {
		return fmt.Errorf("the bench dictionary entry was not created: %v", err)
	}
	g.EntryID, g.EntryValue = made.ID, "bench"
	return nil
}

func (g *gen) login() (string, error) {
	form := url.Values{"username": {g.user}, "password": {g.password}}
	res, err := http.PostForm(g.base+"/api/auth/login", form)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK || out.Token == "" {
		return "", fmt.Errorf("sign-in as %s: %d %v", g.user, res.StatusCode, err)
	}
	return out.Token, nil
}

func (g *gen) do(method, path string, body any) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, g.base+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", g.Tokens[0])
	req.Header.Set("Content-Type", "application/json")
	return http.DefaultClient.Do(req)
}

func (g *gen) getJSON(path string, dst any) error {
	res, err := g.do("GET", path, nil)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d", path, res.StatusCode)
	}
	return json.NewDecoder(res.Body).Decode(dst)
}

func (g *gen) send(method, path string, body any) error { return g.sendJSON(method, path, body, nil) }

// sendJSON sends body and decodes the answer into dst (nil: the answer is not read).
func (g *gen) sendJSON(method, path string, body, dst any) error {
	res, err := g.do(method, path, body)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	if dst == nil {
		return nil
	}
	return json.NewDecoder(res.Body).Decode(dst)
}

var (
	goodsFilters = []string{
		"category=digital&status=on_sale&sort=price,asc",
		"status=off_sale&sort=stock,desc",
		"blurry=压测商品00&sort=createTime,desc",
		"category=food&sort=groundingTime,desc",
		"",
	}
	orderFilters = []string{
		"status=completed&sort=createTime,desc",
		"status=paid&sort=amount,desc",
		"phone=1380",
		"status=shipped&sort=createTime,asc",
		"sort=payTime,asc",
	}
)

// next is one request of the kind, on a session of the pool.
func (g *gen) next(kind string) target {
	g.seq++
	tok := g.Tokens[g.seq%len(g.Tokens)]
	t := target{Method: "GET", Header: map[string][]string{"Authorization": {tok}}}
	now := time.Now().UTC()
	days := func(d int) string { return now.AddDate(0, 0, -d).Format("2006-01-02") }
	jsonBody := func(v any) {
		t.Body, _ = json.Marshal(v)
		t.Header["Content-Type"] = []string{"application/json"}
	}
	switch kind {
	case "signin":
		t.Method, t.Header = "POST", map[string][]string{"Content-Type": {"application/x-www-form-urlencoded"}}
		t.Body = []byte(url.Values{"username": {g.user}, "password": {g.password}}.Encode())
		t.URL = g.base + "/api/auth/login"
	case "auth_info":
		t.URL = g.base + "/api/auth/info"
	case "menus_build":
		t.URL = g.base + "/api/menus/build"
	case "goods_list":
		t.URL = fmt.Sprintf("%s/api/goods?page=%d&size=20&%s", g.base, g.r.IntN(20), goodsFilters[g.r.IntN(len(goodsFilters))])
	case "orders_list":
		f := orderFilters[g.r.IntN(len(orderFilters))]
		if g.r.IntN(2) == 0 {
			f += "&startTime=" + days(90) + "&endTime=" + days(0)
		}
		t.URL = fmt.Sprintf("%s/api/orders?page=%d&size=20&%s", g.base, g.r.IntN(20), f)
	case "order_detail":
		t.URL = fmt.Sprintf("%s/api/orders/%d", g.base, g.OrderMin+g.r.Int64N(g.OrderMax-g.OrderMin+1))
	case "dashboard":
		t.URL = fmt.Sprintf("%s/api/dashboard?start=%s&end=%s", g.base, days([]int{6, 29, 89}[g.r.IntN(3)]), days(0))
	case "dict_read":
		name := []string{"goods_category", "express_company", "bench_load"}[g.r.IntN(3)]
		t.URL = g.base + "/api/dictDetail?dictName=" + name + "&page=0&size=9999"
	case "goods_edit":
		row := g.Goods[g.r.IntN(len(g.Goods))]
		body := map[string]any{}
		for _, k := range []string{"id", "name", "code", "category", "price", "cost", "status", "agencyId", "mainPicture", "gallery"} {
			if v, ok := row[k]; ok && v != nil {
				body[k] = v
			}
		}
		body["stock"] = g.seq % 1_000_000 // a fresh value each time
		t.Method, t.URL = "PUT", g.base+"/api/goods"
		jsonBody(body)
	case "order_ship":
		id := g.Paid[0]
		g.Paid = g.Paid[1:]
		t.Method, t.URL = "PUT", fmt.Sprintf("%s/api/orders/%d/ship", g.base, id)
		jsonBody(map[string]any{"expressCompany": g.Express, "trackingNo": fmt.Sprintf("LOAD%d", id), "note": "压测发货"})
	case "dict_write":
		t.Method, t.URL = "PUT", g.base+"/api/dictDetail"
		jsonBody(map[string]any{"id": g.EntryID, "dict": map[string]any{"id": g.DictID}, "label": fmt.Sprintf("压测%d", g.seq),
			"value": g.EntryValue, "dictSort": 1 + g.seq%999})
	}
	return t
}
