package auth

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/platform/ratelimit"
)

// Routes registers the auth API.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/auth/code", authz.Public(), s.handleCode).
		Doc(authz.Doc{Summary: "a new captcha", Resp: Captcha{}})
	r.POST("/api/auth/login", authz.Public(), s.handleLogin).
		Doc(authz.Doc{Summary: "sign in with a password", Form: LoginForm{}, Resp: LoginResult{}})
	r.POST("/background/common/tj/login", authz.Public(), s.handleChannelLogin).
		Doc(authz.Doc{Summary: "sign a channel operator in with a password (no captcha)", Form: ChannelLoginForm{}, Resp: LoginResult{}})
	if s.opt.PortalSecret != "" {
		r.POST("/api/auth/loginAccount", authz.Public(), s.handleLoginAccount).
			Doc(authz.Doc{Summary: "sign in from the host portal", Form: PortalLoginForm{}, Resp: LoginResult{}})
	}
	r.GET("/api/auth/info", authz.SignedIn(), s.handleInfo).
		Doc(authz.Doc{Summary: "the signed-in user", Resp: Info{}})
	r.DELETE("/api/auth/logout", authz.SignedIn(), s.handleLogout).
		Doc(authz.Doc{Summary: "sign out", Status: http.StatusOK})
	r.GET("/api/auth/online", authz.Perm(perm.OnlineList), s.handleOnline).
		Doc(authz.Doc{Summary: "live sessions", Params: OnlineParams{}, Resp: httpx.List[OnlineUser]{}})
	r.DELETE("/api/auth/online", authz.Perm(perm.OnlineDel), s.handleKick).
		Doc(authz.Doc{Summary: "end sessions", Body: []string{}, Status: http.StatusOK})
	r.DELETE("/api/auth/online/users/:id", authz.Perm(perm.OnlineDel), s.handleEndUser).
		Doc(authz.Doc{Summary: "end every session of the user (强制下线)", Params: UserPath{}, Status: http.StatusOK})
	r.DELETE("/api/auth/sessions", authz.SignedIn(), s.handleEndMine).
		Doc(authz.Doc{Summary: "sign out everywhere: end every session of the signed-in user", Status: http.StatusOK})
	export.Routes(r, "/api/auth/online", authz.Perm(perm.OnlineList), s.onlineExport())
}

// ChannelRoutes registers the rest of the channel operators' API: whatever is not (yet) there
// still needs a live session first, so that a signed-out operator gets 405 and is sent to sign
// in again. Registered last, and only where no upstream serves /background.
func ChannelRoutes(r *authz.Router) {
	r.Any("/background/*", authz.Channel(), func(echo.Context) error { return echo.ErrNotFound }).
		Doc(authz.Doc{Summary: "any other channel API path: 405 without a live session, else 404 (nothing is there)",
			Resp: httpx.Envelope{}, Status: http.StatusNotFound})
}

// Captcha is the answer of GET /api/auth/code: the picture as a data URL and its key.
type Captcha struct {
	Img     string `json:"img"`
	UUID    string `json:"uuid"`
	Enabled bool   `json:"enabled"`
}

// LoginForm is the password sign-in (a form, or the same fields in a JSON object).
type LoginForm struct {
	Username string `formData:"username" required:"true"`
	Password string `formData:"password" required:"true"`
	Code     string `formData:"code" description:"the captcha's text, when captchas are on"`
	UUID     string `formData:"uuid" description:"the captcha's key"`
}

// ChannelLoginForm is a channel operator's sign-in (a form, or the same fields in a JSON object).
type ChannelLoginForm struct {
	Username string `formData:"username" required:"true"`
	Password string `formData:"password" required:"true"`
}

// PortalLoginForm is the host portal's signed sign-in.
type PortalLoginForm struct {
	EmpNo string `formData:"empNo" required:"true"`
	TS    string `formData:"ts" required:"true"`
	Nonce string `formData:"nonce" required:"true"`
	Sig   string `formData:"sig" required:"true"`
}

// OnlineParams filter the online list.
type OnlineParams struct {
	httpx.PageParams
	Filter string `query:"filter" maxLength:"64" description:"part of the user name or nick name"`
}

func noStore(c echo.Context) { c.Response().Header().Set(echo.HeaderCacheControl, "no-store") }

func (s *Service) handleCode(c echo.Context) error {
	if !s.codes.Allow(ratelimit.AddressKey(c.RealIP())) {
		return &httpx.Error{Status: http.StatusTooManyRequests, Message: "获取验证码过于频繁，请稍后再试"}
	}
	noStore(c)
	if s.viaUpstream(authz.KindStaff) {
		// The upstream judges the captcha along with the password.
		img, id, err := s.d.Upstream.Code(c.Request().Context())
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, Captcha{Img: img, UUID: id, Enabled: true})
	}
	id, img, err := s.captchas.issue()
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, Captcha{Img: dataURL(img), UUID: id, Enabled: s.opt.Captcha})
}

func (s *Service) readPasswordLogin(c echo.Context, kind string, captcha bool) (passwordLogin, error) {
	v, err := httpx.Form(c)
	if err != nil {
		return passwordLogin{}, err
	}
	authz.SetAttempt(c, strings.TrimSpace(v.Get("username")))
	f := httpx.Fields{Values: v}
	in := passwordLogin{
		kind:         kind,
		username:     f.Required("username", limits.UsernameMax),
		secret:       f.Raw("password", limits.PasswordMax),
		checkCaptcha: captcha,
		ip:           c.RealIP(),
		userAgent:    c.Request().UserAgent(),
	}
	switch {
	case captcha:
		in.code = f.Required("code", 8)
		in.uuid = f.Required("uuid", 64)
	case kind == authz.KindStaff && s.viaUpstream(kind):
		// The upstream's own captcha (eladmin's), which it judges with the password.
		in.code = f.Required("code", 16)
		in.uuid = f.Required("uuid", 128)
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
	up := s.viaUpstream(kind)
	in, err := s.readPasswordLogin(c, kind, captcha && !up)
	if err != nil {
		return err
	}
	login := s.login
	if up {
		login = s.upstreamLogin
	}
	res, err := login(c.Request().Context(), in)
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
		ts:        f.RequiredBytes("ts", 20),
		nonce:     f.RequiredBytes("nonce", 128), // a key in the store of used nonces
		sig:       f.RequiredBytes("sig", 128),
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
	// Every page load asks for it: remembered per user like their access (AccessTTL), and
	// forgotten with it by a write of users, roles, menus, agencies or departments here.
	info, err := s.infos.Get(p.UserID, func() (Info, error) {
		u, found, err := s.d.Users.ByID(ctx, p.UserID)
		if err != nil {
			return Info{}, err
		}
		if !found {
			return Info{}, errUserGone
		}
		return s.info(ctx, u)
	})
	if errors.Is(err, errUserGone) {
		return refuse(p.Kind, c.Request().URL.Path, msgExpired)
	}
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, info)
}

func (s *Service) handleLogout(c echo.Context) error {
	if err := s.endSessions(c.Request().Context(), authz.From(c).SessionID); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
