package app_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/bombtest"
	"mallconsole/bff/internal/platform/memtest"
	"mallconsole/bff/internal/seed"
)

// TestExpressImportRefusesBombs: workbooks of a few hundred KB that unpack to 250 MB or 40 MB
// of spaces inside sheetData, of shared strings, or of one cell, uploaded to the express import
// by staff and by a channel operator, are a 400 naming file within 2 s, the process's memory
// growing by less than 100 MB (before, 250 MB of spaces took 9 s and 514 MB to count alone).
func TestExpressImportRefusesBombs(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	grant(t, s, seed.ChannelRole, "order:ship")
	tokens := map[string]string{"staff": s.Login(t, "admin", apptest.AdminPassword),
		"channel": s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)}
	for who, size := range map[string]int64{"staff": 250 << 20, "channel": 40 << 20} {
		for name, data := range bombtest.XLSXBombs(size, order.ImportHeader...) {
			var r apptest.Response
			start := time.Now()
			grown, measured := memtest.RSSGrowth(func() { r = s.Do(t, upload(t, tokens[who], "发货.xlsx", data)) })
			took := time.Since(start)
			t.Logf("%s, %s (%d KB): %d in %s, memory +%d MB", who, name, len(data)>>10, r.Status, took.Round(time.Millisecond), grown>>20)
			if r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), `"field":"file"`) ||
				!strings.Contains(string(r.Body), "表格解压后超出导入的范围") {
				t.Errorf("%s, %s: %d %s, want 400 naming file", who, name, r.Status, r.Body)
			}
			if took > 2*time.Second {
				t.Errorf("%s, %s: answered in %s", who, name, took)
			}
			if measured && grown > 100<<20 {
				t.Errorf("%s, %s: memory grew %d MB", who, name, grown>>20)
			}
		}
	}
}
