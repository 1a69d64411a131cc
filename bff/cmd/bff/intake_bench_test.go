package main

// Order intake on MariaDB (issue 28): signed POST /open/v1/orders from 32 concurrent clients to
// one BFF process, with all orders on 10 hot SKUs or spread over 1,000. Reported as orders/s and
// the 95th percentile latency (docs/figures.md "Order intake").
//
//	BFF_TEST_MYSQL_DSN='root:@tcp(127.0.0.1:3306)/' go test ./bff/cmd/bff/ -run '^$' -bench OrderIntake -benchtime 4000x

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/stock"
)

func BenchmarkOrderIntake(b *testing.B) {
	for _, c := range []struct {
		name string
		skus int
	}{{"hot10", 10}, {"spread1000", 1000}} {
		b.Run(c.name, func(b *testing.B) { benchIntake(b, c.skus) })
	}
}

func benchIntake(b *testing.B, skus int) {
	dsn := dbtest.NewMySQLDatabase(b)
	bff := startChild(b, []string{"BFF_ADDR=127.0.0.1:0", "BFF_DATA_DIR=" + b.TempDir(), "BFF_DB=mysql://" + dsn,
		"BFF_JWT_SECRET=" + strings.Repeat("intake-key-", 4), "BFF_CAPTCHA=off", "BFF_DEMO=off",
		"BFF_ADMIN_PASSWORD=intake-admin-pw", "BFF_LOG_LEVEL=error"})
	token := loginAdmin(b, bff.base, "intake-admin-pw")
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

	// Four storefront clients per worker keep each under its calls a minute.
	const workers = 32
	clients := make([]apiClient, 4*workers)
	for i := range clients {
		code, body, err := staff(client, bff.base, token, http.MethodPost, "/api/openClients", map[string]any{"name": fmt.Sprintf("压测 %d", i), "agencyId": nil})
		if err != nil || code >= 300 || json.Unmarshal(body, &clients[i]) != nil {
			b.Fatalf("creating an API client: %d %s %v", code, body, err)
		}
	}
	g, err := db.Open(b.Context(), "mysql", dsn, dbtest.Discard())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close(g)
	codes := benchSkus(b, g, skus, int64(b.N+1000))

	var next atomic.Int64
	took := make([]time.Duration, b.N)
	var failed atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(b.N) {
					return
				}
				cl := clients[w*4+int(i)%4]
				t0 := time.Now()
				code, _, err := signed(client, bff.base, cl.ClientID, cl.Secret, http.MethodPost, "/open/v1/orders",
					map[string]any{"customerName": "压测", "phone": "13800000000", "address": "测试路 1 号", "freight": "0.00",
						"items": []map[string]any{{"skuCode": codes[int(i)%len(codes)], "quantity": 1}}}, fmt.Sprintf("intake-%d", i))
				took[i] = time.Since(t0)
				if err != nil || code != http.StatusCreated {
					failed.Add(1)
				}
			}
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d of %d orders failed", n, b.N)
	}
	slices.Sort(took)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "orders/s")
	b.ReportMetric(float64(took[b.N*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(took[b.N/2].Microseconds())/1000, "p50-ms")
}

// benchSkus adds n SKUs holding units each, booked as their opening.
func benchSkus(b *testing.B, g *gorm.DB, n int, units int64) []string {
	now := db.Now()
	codes := make([]string, n)
	for i := range codes {
		codes[i] = fmt.Sprintf("INTAKE-%04d", i)
		err := g.Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec("INSERT INTO goods (name, code, category, price, cost, stock, status, grounding_time, main_picture, gallery, description, create_time, update_time, specs, max_price, low_skus) "+
				"VALUES (?, ?, '', 1000, 500, 0, 'on_sale', ?, '', '[]', '', ?, ?, '[]', 1000, 1)", "压测商品", codes[i], now, now, now).Error; err != nil {
				return err
			}
			var goodsID, id int64
			tx.Raw("SELECT id FROM goods WHERE code = ?", codes[i]).Scan(&goodsID)
			if err := tx.Exec("INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) "+
				"VALUES (?, 0, ?, '', '[]', 1000, 500, 0, 5, 1, 0, ?, ?)", goodsID, codes[i], now, now).Error; err != nil {
				return err
			}
			tx.Raw("SELECT id FROM goods_skus WHERE code = ?", codes[i]).Scan(&id)
			_, err := stock.Apply(tx, now, []stock.Move{{SkuID: id, Delta: units, Reason: stock.Opening, Operator: "bench"}})
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return codes
}
