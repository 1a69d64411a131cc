package auth

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
)

// Routes registers the auth API.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/auth/code", authz.Public(), s.handleCode)
	r.POST("/api/auth/login", authz.Public(), s.handleLogin)
	r.POST("/background/common/tj/login", authz.Public(), s.handleChannelLogin)
	if s.opt.PortalSecret != "" {
		r.POST("/api/auth/loginAccount", authz.Public(), s.handleLoginAccount)
	}
	r.GET("/api/auth/info", authz.SignedIn(), s.handleInfo)
	r.DELETE("/api/auth/logout", authz.SignedIn(), s.handleLogout)
	r.GET("/api/auth/online", authz.Perm("online:list"), s.handleOnline)
	r.DELETE("/api/auth/online", authz.Perm("online:del"), s.handleKick)
	export.Routes(r, "/api/auth/online", authz.Perm("online:list"), s.onlineExport())
	// The channel operators' API: whatever is not (yet) there still needs a live session first,
	// so that a signed-out operator gets 405 and is sent to sign in again.
	r.Any("/background/*", authz.Channel(), func(echo.Context) error { return echo.ErrNotFound })
}

// Field limits of the sign-in forms.
const (
	maxUsername = 64
	maxPassword = 72 // bcrypt reads no further
)

func noStore(c echo.Context) { c.Response().Header().Set(echo.HeaderCacheControl, "no-store") }

func (s *Service) handleCode(c echo.Context) error {
	id, img, err := s.captchas.issue(c.Request().Context())
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, map[string]any{"img": dataURL(img), "uuid": id, "enabled": s.opt.Captcha})
}

func (s *Service) readPasswordLogin(c echo.Context, kind string, captcha bool) (passwordLogin, error) {
	v, err := httpx.Form(c)
	if err != nil {
		return passwordLogin{}, err
	}
	f := httpx.Fields{Values: v}
	in := passwordLogin{
		kind:         kind,
		username:     f.Required("username", maxUsername),
		secret:       f.Raw("password", maxPassword),
		checkCaptcha: captcha,
		ip:           c.RealIP(),
		userAgent:    c.Request().UserAgent(),
	}
	if captcha {
		in.code = f.Required("code", 8)
		in.uuid = f.Required("uuid", 64)
	}
	return in, f.Err
}

func (s *Service) handleLogin(c echo.Context) error {
	return s.finishLogin(c, authz.KindStaff, s.opt.Captcha)
}

// handleChannelLogin signs in channel operators (no captcha: their login page has none).
func (s *Service) handleChannelLogin(c echo.Context) error {
	return s.finishLogin(c, authz.KindChannel, false)
}

func (s *Service) finishLogin(c echo.Context, kind string, captcha bool) error {
	in, err := s.readPasswordLogin(c, kind, captcha)
	if err != nil {
		return err
	}
	res, err := s.login(c.Request().Context(), in)
	if err != nil {
		return err
	}
	signedIn(c, res)
	noStore(c)
	return c.JSON(http.StatusOK, res)
}

// signedIn names the new session's user on the request, so that the operation log records the
// sign-in under the account (a portal sign-in's form carries only an employee number) and the
// personal center can list it.
func signedIn(c echo.Context, res LoginResult) {
	u := res.User.User
	authz.Set(c, &authz.Principal{UserID: u.ID, Username: u.Username, Kind: u.Kind})
}

func (s *Service) handleLoginAccount(c echo.Context) error {
	v, err := httpx.Form(c)
	if err != nil {
		return err
	}
	f := httpx.Fields{Values: v}
	in := portalLogin{
		empNo:     f.Required("empNo", 64),
		ts:        f.Required("ts", 20),
		nonce:     f.Required("nonce", 128),
		sig:       f.Required("sig", 128),
		ip:        c.RealIP(),
		userAgent: c.Request().UserAgent(),
	}
	if f.Err != nil {
		return f.Err
	}
	res, err := s.loginAccount(c.Request().Context(), in)
	if err != nil {
		return err
	}
	signedIn(c, res)
	noStore(c)
	return c.JSON(http.StatusOK, res)
}

func (s *Service) handleInfo(c echo.Context) error {
	p := authz.From(c)
	ctx := c.Request().Context()
	u, found, err := s.d.Users.ByID(ctx, p.UserID)
	if err != nil {
		return err
	}
	if !found {
		return refuse(p.Kind, c.Request().URL.Path, msgExpired)
	}
	info, err := s.info(ctx, u)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, info)
}

func (s *Service) handleLogout(c echo.Context) error {
	if err := s.d.Sessions.Delete(c.Request().Context(), authz.From(c).SessionID); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// OnlineUser is one row of the online list.
type OnlineUser struct {
	SessionID string `json:"sessionId"`
	Username  string `json:"username"`
	NickName  string `json:"nickName"`
	Dept      string `json:"dept"`
	IP        string `json:"ip"`
	Browser   string `json:"browser"`
	Kind      string `json:"kind"`
	LoginTime string `json:"loginTime"`
	Current   bool   `json:"current"`
}

func (s *Service) handleOnline(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	rows, err := s.onlineRows(c, c.QueryParam("filter"), nil)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, httpx.Slice(rows, page))
}

// onlineRows lists the live sessions, newest sign-in first, whose user name or nick name contains
// filter and, when ids is not empty, whose session ID is one of ids.
func (s *Service) onlineRows(c echo.Context, filter string, ids []string) ([]OnlineUser, error) {
	filter = strings.ToLower(strings.TrimSpace(filter))
	if len([]rune(filter)) > 64 {
		return nil, httpx.BadRequest("filter", httpx.ReasonTooLong)
	}
	ctx := c.Request().Context()
	sessions, err := s.d.Sessions.List(ctx, s.opt.Now())
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		sessions = slices.DeleteFunc(sessions, func(ss Session) bool { return !slices.Contains(ids, ss.ID) })
	}
	userIDs := make([]int64, 0, len(sessions))
	for _, ss := range sessions {
		userIDs = append(userIDs, ss.UserID)
	}
	slices.Sort(userIDs)
	users, err := s.d.Users.ByIDs(ctx, slices.Compact(userIDs))
	if err != nil {
		return nil, err
	}
	var deptIDs []int64
	for _, u := range users {
		if u.DeptID != nil {
			deptIDs = append(deptIDs, *u.DeptID)
		}
	}
	depts, err := s.d.Depts.ByIDs(ctx, deptIDs)
	if err != nil {
		return nil, err
	}
	me := authz.From(c).SessionID
	rows := []OnlineUser{}
	for _, ss := range sessions {
		u, ok := users[ss.UserID]
		if !ok {
			continue
		}
		if filter != "" && !strings.Contains(strings.ToLower(u.Username), filter) &&
			!strings.Contains(strings.ToLower(u.NickName), filter) {
			continue
		}
		row := OnlineUser{SessionID: ss.ID, Username: u.Username, NickName: u.NickName, IP: ss.IP,
			Browser: ss.Browser, Kind: ss.Kind, LoginTime: httpx.FormatTime(ss.LoginTime), Current: ss.ID == me}
		if u.DeptID != nil {
			row.Dept = depts[*u.DeptID].Name
		}
		rows = append(rows, row)
	}
	// newest first; sessions of the same second by ID, so that pages neither repeat nor skip rows
	slices.SortFunc(rows, func(a, b OnlineUser) int {
		if c := strings.Compare(b.LoginTime, a.LoginTime); c != 0 {
			return c
		}
		return strings.Compare(a.SessionID, b.SessionID)
	})
	return rows, nil
}

// handleKick ends the listed sessions: DELETE /api/auth/online with a JSON array of session IDs.
func (s *Service) handleKick(c echo.Context) error {
	var ids []string
	dec := json.NewDecoder(c.Request().Body)
	if err := dec.Decode(&ids); err != nil {
		return httpx.BodyError(err, "必须是会话ID的JSON数组")
	}
	if len(ids) == 0 || len(ids) > 1000 {
		return httpx.BadRequest("body", "会话ID数量必须在1到1000之间")
	}
	for _, id := range ids {
		if id == "" || len(id) > 32 {
			return httpx.BadRequest("body", "会话ID格式错误")
		}
	}
	if err := s.d.Sessions.Delete(c.Request().Context(), ids...); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
