package upstream_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/seed"
)

// benchBody is a 2 kB JSON answer.
var benchBody = []byte(`{"content":[` + strings.Repeat(`{"id":1,"name":"商品 xxxxxxxxxx1","status":"on_sale","price":1999},`, 31) +
	`{"id":32}],"totalElements":32}`)

func benchGet(b *testing.B, url, token string) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	b.SetParallelism(16) // 32 goroutines on 2 cores
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req, _ := http.NewRequest(http.MethodGet, url, nil)
			if token != "" {
				req.Header.Set("Authorization", token)
			}
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				b.Errorf("status %d", res.StatusCode)
				return
			}
		}
	})
}

func benchOrigin(b *testing.B) *httptest.Server {
	o := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(benchBody)
	}))
	b.Cleanup(o.Close)
	return o
}

// BenchmarkDirect and BenchmarkProxied are the same 2 kB JSON GET without and with the BFF in
// front (session check, identity JWT, proxy); the difference is the BFF's cost per call.
func BenchmarkDirect(b *testing.B) {
	benchGet(b, benchOrigin(b).URL+"/api/legacy/json", "")
}

func BenchmarkProxied(b *testing.B) {
	o := benchOrigin(b)
	s := apptest.Start(b, "sqlite", func(c *config.Config) {
		c.Upstreams = upstreams(b, "/api/legacy="+o.URL)
		c.UpstreamSecret = secret
		c.UpstreamTimeout = 30 * time.Second
	})
	benchGet(b, s.URL+"/api/legacy/json", s.Login(b, seed.StaffUser, apptest.DemoPassword))
}
