package attach_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// 存储管理 exports like every list: the selected rows or all that match the name filter, in the
// list's order, only the whitelisted fields (name, suffix, type, size, uploader, createTime).
func TestLibraryExport(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		admin := s.Login(t, "admin", apptest.AdminPassword)
		ids := uploadAll(t, s, staff, namedFile{"导出图.png", png}, namedFile{"导出说明.pdf", pdf})
		headers := []string{"文件名", "后缀", "类型", "大小", "上传者", "创建日期"}
		fields := []string{"name", "suffix", "type", "size", "uploader", "createTime"}
		body := func(extra map[string]any) map[string]any {
			m := map[string]any{"headers": headers, "fields": fields}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		post := func(path, tok string, b any) apptest.Response {
			return s.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: tok, JSON: b})
		}
		sheet := func(r apptest.Response) [][]string { t.Helper(); return r.Sheet(t) }

		all := sheet(post("/api/localStorage/downloadAll", admin, body(map[string]any{"blurry": "导出", "sort": []string{"name,asc"}})))
		if len(all) != 3 || strings.Join(all[0], "|") != strings.Join(headers, "|") {
			t.Fatalf("all: %q", all)
		}
		if got := strings.Join(all[1][:5], "|"); got != "导出图.png|png|图片|"+strconv.Itoa(len(png))+"|staff" || all[1][5] == "" {
			t.Errorf("all, first row = %q", all[1])
		}
		if got := strings.Join(all[2][:5], "|"); got != "导出说明.pdf|pdf|文档|"+strconv.Itoa(len(pdf))+"|staff" {
			t.Errorf("all, second row = %q", all[2])
		}
		selected := sheet(post("/api/localStorage/download", admin, body(map[string]any{"ids": []int64{ids[1]}})))
		if len(selected) != 2 || selected[1][0] != "导出说明.pdf" {
			t.Errorf("selected = %q", selected)
		}
		// the pictures tab exports its own rows: the PDF is not a picture
		pics := sheet(post("/api/pictures/downloadAll", admin, body(map[string]any{"blurry": "导出"})))
		if len(pics) != 2 || pics[1][0] != "导出图.png" {
			t.Errorf("pictures = %q", pics)
		}

		// the whitelist: a field the list does not show, an unknown filter or sort is refused
		for _, bad := range []map[string]any{
			{"headers": []string{"存储名"}, "fields": []string{"key"}},
			{"headers": []string{"上传者ID"}, "fields": []string{"ownerId"}},
			body(map[string]any{"owner": "staff"}),
			body(map[string]any{"sort": []string{"uploader,asc"}}),
		} {
			if r := post("/api/localStorage/downloadAll", admin, bad); r.Status != 400 {
				t.Errorf("%v: %d %s", bad, r.Status, r.Body)
			}
		}
		if r := post("/api/localStorage/downloadAll", staff, body(nil)); r.Status != 403 {
			t.Errorf("staff without storage:list: %d", r.Status)
		}
	})
}
