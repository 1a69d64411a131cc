package attach_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"mallconsole/bff/internal/apptest"
)

type libraryRow struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Suffix      string `json:"suffix"`
	Type        string `json:"type"`
	Size        int64  `json:"size"`
	Uploader    string `json:"uploader"`
	CreateTime  string `json:"createTime"`
	DownloadURL string `json:"downloadUrl"`
}

// pdf is a small valid PDF (stored as a 文档).
var pdf = []byte("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")

type namedFile struct {
	name    string
	content []byte
}

// uploadAll uploads each file as token and returns their IDs.
func uploadAll(t *testing.T, s *apptest.Server, token string, files ...namedFile) []int64 {
	t.Helper()
	var ids []int64
	for _, f := range files {
		res := upload(t, s, token, f.name, bytes.NewReader(f.content), nil)
		var a answer
		if err := json.NewDecoder(res.Body).Decode(&a); err != nil || res.StatusCode != 201 {
			t.Fatalf("upload %s: %d %v", f.name, res.StatusCode, err)
		}
		ids = append(ids, a.ID)
	}
	return ids
}

func library(t *testing.T, s *apptest.Server, token, path string) []libraryRow {
	t.Helper()
	r := s.Get(t, path, token)
	var l struct {
		Content []libraryRow `json:"content"`
	}
	if r.Status != 200 {
		t.Fatalf("%s: %d %s", path, r.Status, r.Body)
	}
	r.JSON(t, &l)
	return l.Content
}

// 存储管理 lists every upload with its uploader, finds it by name, shows the pictures apart;
// delete (one or several) removes the rows and the stored files together.
func TestLibrary(t *testing.T) {
	eachStore(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		admin := s.Login(t, "admin", apptest.AdminPassword)
		ids := uploadAll(t, s, staff, namedFile{"库存图.png", png}, namedFile{"库存说明.pdf", pdf})
		rows := library(t, s, admin, "/api/localStorage?blurry=库存&sort=name,asc")
		if len(rows) != 2 || rows[0].Name != "库存图.png" || rows[0].Type != "图片" || rows[0].Suffix != "png" ||
			rows[0].Uploader != "staff" || rows[0].Size != int64(len(png)) || rows[0].CreateTime == "" ||
			rows[1].Name != "库存说明.pdf" || rows[1].Type != "文档" {
			t.Fatalf("list: %+v", rows)
		}
		pics := library(t, s, admin, "/api/pictures?blurry=库存")
		if len(pics) != 1 || pics[0].ID != ids[0] {
			t.Fatalf("pictures: %+v", pics)
		}
		if got := s.Get(t, rows[0].DownloadURL, ""); got.Status != 200 || !bytes.Equal(got.Body, png) {
			t.Fatalf("download: %d", got.Status)
		}
		if r := s.Get(t, "/api/localStorage?sort=owner,asc", admin); r.Status != 400 {
			t.Fatalf("unknown sort: %d", r.Status)
		}
		if r := s.Get(t, "/api/localStorage", staff); r.Status != 403 {
			t.Fatalf("staff without storage:list: %d", r.Status)
		}
		before := files(t, s)
		if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/localStorage", Token: admin, JSON: []int64{ids[0], 999999}}); r.Status != 404 {
			t.Fatalf("delete with a missing id: %d %s", r.Status, r.Body)
		}
		if got := files(t, s); len(got) != len(before) {
			t.Fatal("a refused delete removed files")
		}
		if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/localStorage", Token: admin, JSON: ids}); r.Status != 200 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if rows := library(t, s, admin, "/api/localStorage?blurry=库存"); len(rows) != 0 {
			t.Fatalf("rows left: %+v", rows)
		}
		after := files(t, s)
		if len(after) != len(before)-2 || slices.ContainsFunc(after, func(k string) bool { return !slices.Contains(before, k) }) {
			t.Fatalf("files: before %v after %v", before, after)
		}
		if got := s.Get(t, rows[0].DownloadURL, ""); got.Status != 404 {
			t.Fatalf("download after delete: %d", got.Status)
		}
	})
}
