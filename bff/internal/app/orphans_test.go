package app_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

// TestOrphanedUploadsSwept, through the real routes: files a record took — an avatar, a goods
// item's main picture, a picture inside its description, a 存储管理 upload — are still read
// after upload.orphans runs a day and more later; an upload nothing took is gone (404), and one
// uploaded just before the run stays.
func TestOrphanedUploadsSwept(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := s.Login(t, "admin", apptest.AdminPassword)
		png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...)
		read := func(path string) int { return s.Get(t, path, "").Status }
		pathOf := func(id int64) string {
			var key string
			if err := s.DB.Table("attachments").Select("stored_name").Where("id = ?", id).Scan(&key).Error; err != nil {
				t.Fatal(err)
			}
			return "/api/files/" + key
		}
		// the avatar: upload and use are one request
		body, ctype := fileUpload(t, "avatar", "me.png", png)
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/users/updateAvatar", Token: admin, Raw: body, RawType: ctype})
		if r.Status != http.StatusOK {
			t.Fatalf("avatar: %d %s", r.Status, r.Body)
		}
		var av struct {
			Avatar string `json:"avatar"`
		}
		r.JSON(t, &av)
		main, inText, orphan := pathOf(uploadFile(t, s, admin, "main.png", png)),
			pathOf(uploadFile(t, s, admin, "text.png", png)), pathOf(uploadFile(t, s, admin, "orphan.png", png))
		goods := goodsBody(1)
		goods["mainPicture"] = main
		goods["description"] = `<p>详情</p><p><img src="` + inText + `"></p>`
		if r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/goods", Token: admin, JSON: goods}); r.Status != http.StatusCreated {
			t.Fatalf("goods: %d %s", r.Status, r.Body)
		}
		body, ctype = fileUpload(t, "file", "lib.png", png)
		lib := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/localStorage", Token: admin, Raw: body, RawType: ctype})
		var stored struct {
			ReadURL string `json:"readUrl"`
		}
		lib.JSON(t, &stored)
		s.Clock.Advance(25 * time.Hour)
		admin = s.Login(t, "admin", apptest.AdminPassword) // the session has ended meanwhile
		fresh := pathOf(uploadFile(t, s, admin, "fresh.png", png))
		run, err := s.App.Jobs.RunNow(context.Background(), "upload.orphans", "test")
		if err != nil || run.Result != "ok" || run.Rows != 1 {
			t.Fatalf("run: %+v, %v", run, err)
		}
		for name, p := range map[string]string{"avatar": av.Avatar, "main picture": main, "description's picture": inText, "fresh upload": fresh, "存储管理 upload": stored.ReadURL} {
			if st := read(p); st != http.StatusOK {
				t.Fatalf("the %s (%s) reads %d after the sweep", name, p, st)
			}
		}
		if st := read(orphan); st != http.StatusNotFound {
			t.Fatalf("the orphan reads %d", st)
		}
	})
}
