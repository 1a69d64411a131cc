package export_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
)

type good struct {
	ID          int64 `gorm:"primaryKey"`
	Name        string
	Price       int64
	Status      string
	CreatedAt   time.Time
	GroundingAt time.Time
	Secret      string
}

// TableName keeps the fixture apart from the shop's own goods table in the migrated database.
func (good) TableName() string { return "export_goods" }

func server(t *testing.T, g *gorm.DB) *httptest.Server {
	t.Helper()
	if err := g.AutoMigrate(&good{}); err != nil {
		t.Fatal(err)
	}
	day := func(d int) time.Time { return time.Date(2026, 1, d, 8, 0, 0, 0, time.UTC) }
	rows := []good{
		{1, "苹果", 5, "on", day(1), day(10), "x"},
		{2, "香蕉", 3, "off", day(2), day(11), "x"},
		{3, "苹果汁", 9, "on", day(3), day(12), "x"},
		{4, "梨", 4, "on", day(4), day(13), "x"},
	}
	if err := g.Create(&rows).Error; err != nil {
		t.Fatal(err)
	}
	tbl := &export.Table{DB: g, Name: "export_goods", Key: "id",
		Columns: map[string]string{"id": "id", "name": "name", "price": "price", "status": "status", "createTime": "created_at"},
		Filters: map[string]export.Filter{
			"name": {Column: "name", Op: export.Like}, "status": {Column: "status", Op: export.Eq},
			"startTime": {Column: "created_at", Op: export.From}, "endTime": {Column: "created_at", Op: export.To},
			"groundingStartTime": {Column: "grounding_at", Op: export.From}, "groundingEndTime": {Column: "grounding_at", Op: export.To},
		}}
	e := echo.New()
	e.HTTPErrorHandler = httpx.ErrorHandler(dbtest.Discard(), time.Now)
	noAuth := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	export.Routes(authz.NewRouter(e, noAuth, nil), "/api/goods", authz.Public(), tbl.Resource("商品", []string{"id", "name", "price", "createTime"}, []string{"price", "name"}))
	s := httptest.NewServer(e)
	t.Cleanup(s.Close)
	return s
}

func post(t *testing.T, s *httptest.Server, path string, body any) *http.Response {
	t.Helper()
	b, _ := json.Marshal(body)
	res, err := http.Post(s.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func sheet(t *testing.T, res *http.Response) [][]string {
	t.Helper()
	if res.StatusCode != 200 {
		var e httpx.Envelope
		_ = json.NewDecoder(res.Body).Decode(&e) // the status alone fails the test; the body only explains
		t.Fatalf("status %d: %+v", res.StatusCode, e)
	}
	f, err := excelize.OpenReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestExport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		s := server(t, g)
		hdr := []string{"编号", "名称", "价格", "创建时间"}
		fields := []string{"id", "name", "price", "createTime"}

		// Selected rows: header row from headers, columns from fields, in key order.
		res := post(t, s, "/api/goods/download", map[string]any{"headers": hdr, "fields": fields, "ids": []any{3, "1"}})
		if got := res.Header.Get("Content-Disposition"); got != `attachment; filename="____.xlsx"; filename*=UTF-8''%E5%95%86%E5%93%81%E6%95%B0%E6%8D%AE.xlsx` {
			t.Errorf("Content-Disposition = %s", got)
		}
		if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/vnd.openxmlformats") {
			t.Errorf("Content-Type = %s", res.Header.Get("Content-Type"))
		}
		rows := sheet(t, res)
		want := [][]string{hdr, {"1", "苹果", "5", "2026-01-01 08:00:00"}, {"3", "苹果汁", "9", "2026-01-03 08:00:00"}}
		if !equal(rows, want) {
			t.Errorf("download = %q, want %q", rows, want)
		}

		// All rows matching the filters; createDate becomes startTime/endTime, createDate1 the grounding range.
		rows = sheet(t, post(t, s, "/api/goods/downloadAll", map[string]any{"headers": []string{"名称"}, "fields": []string{"name"},
			"name": "苹果", "createDate": []string{"2026-01-01 00:00:00", "2026-01-02 23:59:59"}, "current": 1, "pageSize": 10}))
		if !equal(rows, [][]string{{"名称"}, {"苹果"}}) {
			t.Errorf("downloadAll with createDate = %q", rows)
		}
		rows = sheet(t, post(t, s, "/api/goods/downloadAll", map[string]any{"headers": []string{"名称"}, "fields": []string{"name"},
			"createDate1": []string{"2026-01-11 00:00:00", "2026-01-12 23:59:59"}, "status": "on", "sort": "price,desc"}))
		if !equal(rows, [][]string{{"名称"}, {"苹果汁"}}) {
			t.Errorf("downloadAll with createDate1 = %q", rows)
		}
		rows = sheet(t, post(t, s, "/api/goods/downloadAll", map[string]any{"headers": []string{"名称"}, "fields": []string{"name"},
			"sort": []string{"price,desc"}, "name": ""}))
		if !equal(rows, [][]string{{"名称"}, {"苹果汁"}, {"苹果"}, {"梨"}, {"香蕉"}}) {
			t.Errorf("downloadAll sorted = %q", rows)
		}

		// Bad input is a 400 naming the field; nothing outside the whitelists gets through.
		for _, c := range []struct {
			path string
			body any
			msg  string
		}{
			{"/download", map[string]any{"headers": hdr, "fields": fields}, "ids: 不能为空"},
			{"/download", []int{1}, "body: 不是有效的JSON对象"},
			{"/downloadAll", map[string]any{"headers": []string{"x"}, "fields": []string{"secret"}}, "fields: 不支持导出字段 secret"},
			{"/downloadAll", map[string]any{"headers": []string{"x", "y"}, "fields": []string{"name"}}, "headers: 数量必须与fields相同"},
			{"/downloadAll", map[string]any{"headers": []string{}, "fields": []string{}}, "fields: 不能为空"},
			{"/downloadAll", map[string]any{"headers": []string{"x"}, "fields": []string{"name"}, "secret": "x"}, "secret: 不支持的筛选条件"},
			{"/downloadAll", map[string]any{"headers": []string{"x"}, "fields": []string{"name"}, "sort": "secret,asc"}, "sort: 不支持的排序 secret,asc"},
			{"/downloadAll", map[string]any{"headers": []string{"x"}, "fields": []string{"name"}, "createDate": "2026"}, "createDate: 必须是[开始时间，结束时间]"},
			{"/downloadAll", map[string]any{"headers": []string{"x"}, "fields": []string{"name"}, "name": map[string]int{}}, "name: 必须是文本或数字"},
		} {
			res := post(t, s, "/api/goods"+c.path, c.body)
			var e httpx.Envelope
			_ = json.NewDecoder(res.Body).Decode(&e) // the status alone fails the test; the body only explains
			if res.StatusCode != 400 || e.Message != c.msg {
				t.Errorf("%s %v = %d %q, want 400 %q", c.path, c.body, res.StatusCode, e.Message, c.msg)
			}
		}
	})
}

func equal(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "\x00") != strings.Join(b[i], "\x00") {
			return false
		}
	}
	return true
}
