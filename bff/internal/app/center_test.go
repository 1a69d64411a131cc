package app_test

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

type centerInfo struct {
	User struct {
		ID         int64  `json:"id"`
		NickName   string `json:"nickName"`
		Gender     string `json:"gender"`
		Phone      string `json:"phone"`
		AvatarPath string `json:"avatarPath"`
	} `json:"user"`
}

func (c client) info() centerInfo {
	c.t.Helper()
	var in centerInfo
	r := c.do(http.MethodGet, "/api/auth/info", nil)
	want(c.t, r, http.StatusOK, "")
	r.JSON(c.t, &in)
	return in
}

// TestCenterProfile: the profile form's rules, and that a user edits only their own account.
func TestCenterProfile(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		good := map[string]any{"nickName": "小张", "gender": "女", "phone": "13912345678"}
		bad := func(field string, value any, msg string) {
			t.Helper()
			b := map[string]any{}
			for k, v := range good {
				b[k] = v
			}
			b[field] = value
			want(t, staff.do(http.MethodPut, "/api/users/center", b), 400, msg)
		}
		bad("nickName", "  ", "nickName: 不能为空")
		bad("nickName", string(bytes.Repeat([]byte("长"), 65)), "nickName: 太长（最多64个字符）")
		bad("gender", "", "gender: 不能为空")
		bad("gender", "x", "gender: 必须是男、女之一")
		bad("phone", "", "phone: 不能为空")
		bad("phone", "12812345678", "phone: 请输入正确的手机号码")
		bad("phone", "1391234567", "phone: 请输入正确的手机号码")
		want(t, staff.do(http.MethodPut, "/api/users/center", "x"), 400, "body: 不是有效的JSON")
		if got := staff.info().User; got.NickName != "张三" || got.Gender != "男" {
			t.Fatalf("a refused edit changed the profile: %+v", got)
		}

		// an id in the body is not the account changed: the session's is
		adminID := admin.info().User.ID
		withID := map[string]any{"id": adminID, "nickName": " 小张 ", "gender": "女", "phone": "13912345678"}
		want(t, staff.do(http.MethodPut, "/api/users/center", withID), http.StatusNoContent, "")
		if got := staff.info().User; got.NickName != "小张" || got.Gender != "女" || got.Phone != "13912345678" {
			t.Fatalf("info after the edit: %+v", got)
		}
		if got := admin.info().User; got.NickName == "小张" {
			t.Fatalf("the staff's edit reached the admin's account: %+v", got)
		}
	})
}

// TestCenterPassword: the old password is checked, the new one follows the rules, and a change
// ends every other session of the user but the one that made it.
func TestCenterPassword(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		me := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		other := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		change := func(old, new string) apptest.Response {
			return me.do(http.MethodPost, "/api/users/updatePass", map[string]string{"oldPass": old, "newPass": new})
		}
		want(t, change("wrong-pass", "new-pass-1"), 400, "oldPass: 修改失败，旧密码错误")
		want(t, change("", "new-pass-1"), 400, "oldPass: 不能为空")
		want(t, change(apptest.DemoPassword, "12345"), 400, "newPass: 长度必须在6到72个字符之间")
		want(t, change(apptest.DemoPassword, apptest.DemoPassword), 400, "newPass: 新密码不能与旧密码相同")
		want(t, other.do(http.MethodGet, "/api/auth/info", nil), http.StatusOK, "") // refusals end nothing

		want(t, change(apptest.DemoPassword, "new-pass-1"), http.StatusNoContent, "")
		want(t, me.do(http.MethodGet, "/api/auth/info", nil), http.StatusOK, "")
		want(t, other.do(http.MethodGet, "/api/auth/info", nil), http.StatusUnauthorized, "登录状态已过期，请重新登录")
		want(t, admin.do(http.MethodGet, "/api/auth/info", nil), http.StatusOK, "") // someone else's session stays

		uuid, code := s.Captcha(t)
		old := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
			Form: url.Values{"username": {"staff"}, "password": {apptest.DemoPassword}, "code": {code}, "uuid": {uuid}}})
		want(t, old, 400, "用户名或密码错误")
		s.Login(t, "staff", "new-pass-1")
	})
}

// TestCenterAvatar: only pictures, by content, within the size; a refusal keeps nothing, and a
// new avatar replaces the old one.
func TestCenterAvatar(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		me := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...)
		upload := func(field, name string, content []byte) apptest.Response {
			body, ctype := fileUpload(t, field, name, content)
			return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/users/updateAvatar", Token: me.tok,
				Raw: body, RawType: ctype})
		}
		kept := func() (rows int64, files int) {
			s.DB.Table("attachments").Count(&rows)
			entries, _ := os.ReadDir(filepath.Join(s.Config.DataDir, "uploads"))
			return rows, len(entries)
		}
		// the demo template's PDF is stored at start-up: count from what is there
		rows0, files0 := kept()
		want(t, upload("avatar", "me.png", []byte("just text, not a picture")), 400,
			"avatar: 不支持的文件类型（允许：png, jpg, gif, webp, bmp）")
		want(t, upload("avatar", "me.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)), 400,
			"avatar: 不支持的文件类型（允许：png, jpg, gif, webp, bmp）")
		want(t, upload("avatar", "big.png", append(png, make([]byte, 2<<20)...)), http.StatusRequestEntityTooLarge,
			"avatar: 文件大小不能超过2MB")
		want(t, upload("file", "me.png", png), 400, "avatar: 不能为空")
		if rows, files := kept(); rows != rows0 || files != files0 {
			t.Fatalf("refused uploads left %d rows and %d files", rows-rows0, files-files0)
		}
		if got := me.info().User.AvatarPath; got != "" {
			t.Fatalf("avatar after refusals: %q", got)
		}

		var first, second struct {
			Avatar string `json:"avatar"`
		}
		r := upload("avatar", "me.png", png)
		want(t, r, http.StatusOK, "")
		r.JSON(t, &first)
		if got := me.info().User.AvatarPath; got != first.Avatar || first.Avatar == "" {
			t.Fatalf("info avatar %q, upload said %q", got, first.Avatar)
		}
		want(t, s.Get(t, first.Avatar, ""), http.StatusOK, "")

		r = upload("avatar", "me2.png", png)
		want(t, r, http.StatusOK, "")
		r.JSON(t, &second)
		want(t, s.Get(t, second.Avatar, ""), http.StatusOK, "")
		want(t, s.Get(t, first.Avatar, ""), http.StatusNotFound, "文件不存在")
		if rows, files := kept(); rows != rows0+1 || files != files0+1 {
			t.Fatalf("after replacing: %d rows and %d files more, want the new one only", rows-rows0, files-files0)
		}
	})
}

type signInList struct {
	Content []struct {
		Time    string `json:"time"`
		IP      string `json:"ip"`
		Browser string `json:"browser"`
		Success bool   `json:"success"`
	} `json:"content"`
	TotalElements int `json:"totalElements"`
}

// TestCenterSignIns: the user's own recent sign-ins, failed ones too, newest first, at most 10.
func TestCenterSignIns(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		s.Login(t, "admin", apptest.AdminPassword)
		uuid, code := s.Captcha(t)
		s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
			Form:   url.Values{"username": {"staff"}, "password": {"wrong-pass"}, "code": {code}, "uuid": {uuid}},
			Header: http.Header{"User-Agent": {"Mozilla/5.0 (Windows NT 10.0) Chrome/142.0 Safari/537.36"}}})
		me := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		var l signInList
		r := me.do(http.MethodGet, "/api/users/center/logins", nil)
		want(t, r, http.StatusOK, "")
		r.JSON(t, &l)
		if l.TotalElements != 2 || len(l.Content) != 2 || !l.Content[0].Success || l.Content[1].Success {
			t.Fatalf("sign-ins = %s, want this one then the failed one", r.Body)
		}
		if l.Content[1].Browser != "Chrome 142 (Windows)" || l.Content[0].IP != "127.0.0.1" || l.Content[0].Time == "" {
			t.Fatalf("sign-in details = %s", r.Body)
		}
		for range 10 {
			s.Login(t, "staff", apptest.DemoPassword)
		}
		me.do(http.MethodGet, "/api/users/center/logins", nil).JSON(t, &l)
		if len(l.Content) != 10 {
			t.Fatalf("%d sign-ins listed, want the last 10", len(l.Content))
		}

		// a channel operator has a center too, with their own sign-ins
		ch := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		ch.do(http.MethodGet, "/api/users/center/logins", nil).JSON(t, &l)
		if len(l.Content) != 1 || !l.Content[0].Success {
			t.Fatalf("channel operator's sign-ins = %+v", l)
		}
	})
}

// TestCenterPasswordGuessesAreThrottled: a stolen session cannot guess the old password without
// end; failures count per account like sign-ins (the same limit and lock time), across sessions.
func TestCenterPasswordGuessesAreThrottled(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		me := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		other := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		change := func(c client, old, new string) apptest.Response {
			return c.do(http.MethodPost, "/api/users/updatePass", map[string]string{"oldPass": old, "newPass": new})
		}
		for i := range 5 {
			c := me
			if i%2 == 1 {
				c = other
			}
			want(t, change(c, "wrong-pass", "new-pass-1"), 400, "oldPass: 修改失败，旧密码错误")
		}
		want(t, change(me, apptest.DemoPassword, "new-pass-1"), http.StatusTooManyRequests, "旧密码错误次数过多，请15分钟后再试")
		want(t, change(other, apptest.DemoPassword, "new-pass-1"), http.StatusTooManyRequests, "旧密码错误次数过多，请15分钟后再试")
		s.Clock.Advance(15 * time.Minute)
		want(t, change(me, apptest.DemoPassword, "new-pass-1"), http.StatusNoContent, "")
		// a success forgives the failures before it
		for range 4 {
			want(t, change(me, "wrong-pass", "new-pass-2"), 400, "oldPass: 修改失败，旧密码错误")
		}
		want(t, change(me, "new-pass-1", "new-pass-2"), http.StatusNoContent, "")
		for range 4 {
			want(t, change(me, "wrong-pass", "new-pass-3"), 400, "oldPass: 修改失败，旧密码错误")
		}
		want(t, change(me, "new-pass-2", "new-pass-3"), http.StatusNoContent, "")
	})
}
