package app_test

import (
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestDictEnglishLabel (issue 16, English mode): an entry's optional English label is checked,
// stored and returned as given; the server never puts the Chinese label in its place (the client
// falls back), and the seeded dictionaries carry theirs.
func TestDictEnglishLabel(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	type entry struct {
		ID      int64  `json:"id"`
		Label   string `json:"label"`
		LabelEn string `json:"labelEn"`
		Value   string `json:"value"`
	}
	var l struct {
		Content []entry `json:"content"`
	}
	entries := func(name string) map[string]entry {
		admin.do(http.MethodGet, "/api/dictDetail?pageNow=1&pageSize=999&dictName="+name, nil).JSON(t, &l)
		out := map[string]entry{}
		for _, e := range l.Content {
			out[e.Value] = e
		}
		return out
	}
	if got := entries("user_status"); got["true"].LabelEn != "Active" || got["false"].LabelEn != "Disabled" {
		t.Fatalf("seeded user_status = %+v", got)
	}
	if got := entries("express_company"); got["SF"].Label != "顺丰速运" || got["SF"].LabelEn != "SF Express" {
		t.Fatalf("seeded express_company = %+v", got)
	}

	dict := createdID(t, admin.do(http.MethodPost, "/api/dict", map[string]any{"name": "colour"}))
	body := func(label, labelEn, value string) map[string]any {
		return map[string]any{"dict": map[string]any{"id": dict}, "label": label, "labelEn": labelEn, "value": value}
	}
	want(t, admin.do(http.MethodPost, "/api/dictDetail", body("红", strings.Repeat("r", 256), "red")), 400, "labelEn: 太长（最多255个字符）")
	red := createdID(t, admin.do(http.MethodPost, "/api/dictDetail", body("红", "  Red ", "red")))
	createdID(t, admin.do(http.MethodPost, "/api/dictDetail", body("蓝", "", "blue")))
	got := entries("colour")
	if got["red"].LabelEn != "Red" || got["blue"].LabelEn != "" || got["blue"].Label != "蓝" {
		t.Fatalf("stored = %+v (trimmed, and no fallback on the server)", got)
	}
	edit := body("红色", "Crimson", "red")
	edit["id"] = red
	want(t, admin.do(http.MethodPut, "/api/dictDetail", edit), 204, "")
	if got := entries("colour"); got["red"].LabelEn != "Crimson" || got["red"].Label != "红色" {
		t.Fatalf("edited = %+v", got["red"])
	}
	edit["labelEn"] = ""
	want(t, admin.do(http.MethodPut, "/api/dictDetail", edit), 204, "")
	if got := entries("colour"); got["red"].LabelEn != "" {
		t.Fatalf("cleared = %+v", got["red"])
	}
}
