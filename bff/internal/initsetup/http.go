package initsetup

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/user"
)

// Routes registers the public first-run API: the check, and the set-up, which guards itself
// (see Setup).
func (s *Setup) Routes(r *authz.Router) {
	r.GET("/api/init/check", authz.Public(), s.handleCheck).
		Doc(authz.Doc{Summary: "whether the first-run setup is done", Resp: Check{}})
	r.POST("/api/init", authz.Public(), s.handleSetup).
		Doc(authz.Doc{Summary: "the first-run setup", Body: SetupInput{}, Resp: auth.LoginResult{}, Status: http.StatusCreated})
}

// Check tells whether the first-run setup is done.
type Check struct {
	Initialized bool `json:"initialized"`
}

func (s *Setup) handleCheck(c echo.Context) error {
	done, err := s.Initialized(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, Check{Initialized: done})
}

// handleSetup answers a set-up once the system is set up before reading the body, and checks
// the token before the fields, so that without it the form tells nothing.
func (s *Setup) handleSetup(c echo.Context) error {
	ctx := c.Request().Context()
	if done, err := s.Initialized(ctx); err != nil {
		return err
	} else if done {
		return httpError(ErrInitialized)
	}
	var in SetupInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if err := s.CheckToken(ctx, in.SetupToken); err != nil {
		return httpError(err)
	}
	var chk httpx.Check
	chk.Text("username", &in.Username, limits.UsernameMax, true)
	if user.Invisible(in.Username) {
		chk.Fail("username", user.ReasonInvisible)
	}
	chk.Text("nickName", &in.NickName, limits.NickNameMax, true)
	chk.Email("email", &in.Email)
	if len(in.Password) < limits.SetupPasswordMin || len(in.Password) > limits.PasswordMax {
		chk.FailCode("password", httpx.FieldRange,
			fmt.Sprintf("长度必须在%d到%d个字符之间", limits.SetupPasswordMin, limits.PasswordMax))
	}
	chk.Text("shopName", &in.ShopName, limits.NameMax, true)
	// the shop's contact phone is required (seed §5); the superuser's own account has none
	chk.Text("shopPhone", &in.ShopPhone, limits.PhoneMax, true)
	chk.Phone("shopPhone", &in.ShopPhone)
	chk.Text("shopAddress", &in.ShopAddress, 255, false)
	// stored only as cleaned: no script, no event attributes, no javascript: links
	in.ShopIntro = s.clean.HTML(in.ShopIntro)
	chk.Text("shopIntro", &in.ShopIntro, maxIntro, false)
	if chk.Err != nil {
		return chk.Err
	}
	if err := s.Complete(ctx, in); err != nil {
		return httpError(err)
	}
	// The new administrator lands on the dashboard signed in: an answer like a sign-in's.
	res, err := s.sessions.SignInAfterSetup(ctx, in.Username, c.RealIP(), c.Request().UserAgent())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, res)
}

// httpError maps the set-up's domain errors to answers; others are the server's.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrInitialized):
		return &httpx.Error{Status: http.StatusConflict, Message: "系统已初始化"}
	case errors.Is(err, ErrBadToken):
		// A wrong token is a wrong form field (400, shown on the page), not a missing permission.
		return httpx.BadRequest("setupToken", "初始化令牌错误（见BFF启动日志或BFF_SETUP_TOKEN）")
	case errors.Is(err, ErrUsernameTaken):
		return httpx.Conflict("username", "用户名已存在")
	}
	return err
}
