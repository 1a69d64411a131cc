package user

import (
	"cmp"
	"context"
	"errors"
	"math"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
)

// Sessions is what the personal center needs from auth.
type Sessions interface {
	EndOtherSessions(ctx context.Context, userID int64, keep string) error
}

// Guesses throttles checks of the old password like sign-ins (auth).
type Guesses interface {
	OldPasswordLocked(ctx context.Context, userID int64) (time.Duration, error)
	OldPasswordFailed(ctx context.Context, userID int64) error
	OldPasswordMatched(ctx context.Context, userID int64) error
}

// Pictures stores avatars (the attach feature).
type Pictures interface {
	ReceiveImage(c echo.Context, field string, maxBytes int64, kind string) (attach.Image, error)
	Remove(ctx context.Context, key string, owner int64, kind string) error
	// ClaimIn marks the picture as the account's inside its transaction, so the orphan sweep
	// never removes it (docs/decisions.md "Orphaned uploads").
	ClaimIn(tx *gorm.DB, texts ...string) error
}

// SignIns reads the recorded sign-ins (the operation log).
type SignIns interface {
	SignIns(ctx context.Context, username string, limit int) ([]audit.SignIn, error)
}

// Center is the personal center: every call changes or reads the caller's own account, whose ID
// comes from the session and never from the request.
type Center struct {
	store      *Store
	sessions   Sessions
	guesses    Guesses
	pictures   Pictures
	signIns    SignIns
	bcryptCost int
}

// NewCenter builds the personal center; bcryptCost 0 means bcrypt's default.
func NewCenter(store *Store, sessions Sessions, guesses Guesses, pictures Pictures, signIns SignIns, bcryptCost int) *Center {
	return &Center{store: store, sessions: sessions, guesses: guesses, pictures: pictures, signIns: signIns,
		bcryptCost: cmp.Or(bcryptCost, bcrypt.DefaultCost)}
}

// Avatar limits: a small picture shown at 24 to 100 pixels needs no more.
const (
	AvatarRoute    = "/api/users/updateAvatar"
	AvatarMaxBytes = 2 << 20
	avatarKind     = "avatar"
	// signInsShown is how many recent sign-ins the center lists.
	signInsShown = 10
)

// Routes registers the personal center for any signed-in account, staff or channel
// operator: each call is about the caller alone.
func (s *Center) Routes(r *authz.Router) {
	r.PUT("/api/users/center", authz.SignedIn(), s.handleProfile).
		Doc(authz.Doc{Summary: "edit my profile", Body: Profile{}})
	r.POST("/api/users/updatePass", authz.SignedIn(), s.handlePassword).
		Doc(authz.Doc{Summary: "change my password", Body: PasswordChange{}})
	r.POST(AvatarRoute, authz.SignedIn(), s.handleAvatar).
		Doc(authz.Doc{Summary: "upload my avatar", Form: AvatarForm{}, Resp: Avatar{}})
	r.GET("/api/users/center/logins", authz.SignedIn(), s.handleSignIns).
		Doc(authz.Doc{Summary: "my recent sign-ins", Resp: httpx.List[SignInRow]{}})
}

// PasswordChange is the body of POST /api/users/updatePass.
type PasswordChange struct {
	OldPass string `json:"oldPass"`
	NewPass string `json:"newPass"`
}

// AvatarForm is the upload of POST /api/users/updateAvatar.
type AvatarForm struct {
	Avatar multipart.File `formData:"avatar"`
}

// Avatar is the answer of an avatar upload: the picture's path.
type Avatar struct {
	Avatar string `json:"avatar"`
}

// Profile is the body of PUT /api/users/center.
type Profile struct {
	NickName string `json:"nickName"`
	Gender   string `json:"gender"`
	Phone    string `json:"phone"`
}

// check validates the profile as user management does, with gender and phone required here
// (the center's form always has them).
func (in *Profile) check() error {
	var c httpx.Check
	c.Text("nickName", &in.NickName, limits.NickNameMax, true)
	c.Text("gender", &in.Gender, 8, true)
	if in.Gender != "" {
		c.OneOf("gender", in.Gender, "男", "女")
	}
	c.Text("phone", &in.Phone, limits.PhoneMax, true)
	c.Phone("phone", &in.Phone)
	return c.Err
}

func (s *Center) handleProfile(c echo.Context) error {
	var in Profile
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	if err := s.store.UpdateProfile(c.Request().Context(), authz.From(c).UserID, in); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// Messages of a refused password change (the front end shows them as they are).
const (
	msgWrongOldPass = "修改失败，旧密码错误"
	msgSamePass     = "新密码不能与旧密码相同"
)

// Refusals of a password change; centerError answers them.
var (
	ErrWrongOldPass = errors.New("user: wrong old password")
	ErrSamePass     = errors.New("user: the new password is the old one")
)

// OldPassLocked: too many wrong old passwords; Wait is how long until the next try.
type OldPassLocked struct{ Wait time.Duration }

func (e *OldPassLocked) Error() string { return "user: old password locked for " + e.Wait.String() }

// ChangePassword sets the caller's new password after checking the old one, throttled like
// sign-ins; whoever signed in elsewhere with the old password is out, the caller's session stays.
func (s *Center) ChangePassword(ctx context.Context, p *authz.Principal, oldPass, newPass string) error {
	u, err := s.account(ctx, p.UserID)
	if err != nil {
		return err
	}
	if wait, err := s.guesses.OldPasswordLocked(ctx, u.ID); err != nil {
		return err
	} else if wait > 0 {
		return &OldPassLocked{Wait: wait}
	}
	if bcrypt.CompareHashAndPassword([]byte(u.Password), []byte(oldPass)) != nil {
		if err := s.guesses.OldPasswordFailed(ctx, u.ID); err != nil {
			return err
		}
		return ErrWrongOldPass
	}
	if err := s.guesses.OldPasswordMatched(ctx, u.ID); err != nil {
		return err
	}
	if newPass == oldPass {
		return ErrSamePass
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(newPass), s.bcryptCost)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, u.ID, string(hash)); err != nil {
		return err
	}
	return s.sessions.EndOtherSessions(ctx, u.ID, p.SessionID)
}

// centerError maps the personal center's refusals to answers.
func centerError(err error) error {
	var locked *OldPassLocked
	switch {
	case errors.Is(err, ErrWrongOldPass):
		return httpx.BadRequest("oldPass", msgWrongOldPass)
	case errors.Is(err, ErrSamePass):
		return httpx.BadRequest("newPass", msgSamePass)
	case errors.As(err, &locked):
		return httpx.Errorf(http.StatusTooManyRequests, "旧密码错误次数过多，请%d分钟后再试",
			int(math.Ceil(max(locked.Wait, time.Second).Minutes())))
	}
	return err
}

func (s *Center) handlePassword(c echo.Context) error {
	var in PasswordChange
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if in.OldPass == "" || len(in.OldPass) > limits.PasswordMax {
		return httpx.BadRequest("oldPass", httpx.ReasonRequired)
	}
	if err := checkPassword("newPass", in.NewPass); err != nil {
		return err
	}
	p := authz.From(c)
	if err := s.ChangePassword(c.Request().Context(), p, in.OldPass, in.NewPass); err != nil {
		return centerError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Center) handleAvatar(c echo.Context) error {
	p := authz.From(c)
	ctx := c.Request().Context()
	u, err := s.account(ctx, p.UserID)
	if err != nil {
		return err
	}
	img, err := s.pictures.ReceiveImage(c, "avatar", AvatarMaxBytes, avatarKind)
	if err != nil {
		return err
	}
	claim := func(tx *gorm.DB) error { return s.pictures.ClaimIn(tx, img.Path) }
	if err := s.store.SetAvatar(ctx, u.ID, img.Path, claim); err != nil {
		_ = s.pictures.Remove(ctx, img.Key, u.ID, avatarKind) // no picture without its account
		return err
	}
	// the previous avatar is no one's any more; a failure only leaves an unused file
	if old := attach.KeyOf(u.AvatarPath); old != "" {
		_ = s.pictures.Remove(ctx, old, u.ID, avatarKind)
	}
	return c.JSON(http.StatusOK, Avatar{Avatar: img.Path})
}

// SignInRow is one line of the recent sign-ins.
type SignInRow struct {
	Time    string `json:"time"`
	IP      string `json:"ip"`
	Browser string `json:"browser"`
	Success bool   `json:"success"`
}

func (s *Center) handleSignIns(c echo.Context) error {
	ins, err := s.signIns.SignIns(c.Request().Context(), authz.From(c).Username, signInsShown)
	if err != nil {
		return err
	}
	rows := make([]SignInRow, len(ins))
	for i, in := range ins {
		rows[i] = SignInRow{Time: httpx.FormatTime(in.Time), IP: in.IP, Browser: in.Browser, Success: in.Success}
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, httpx.List[SignInRow]{Content: rows, TotalElements: len(rows)})
}

// account is the signed-in user's own row: every center call works on it and on no other.
func (s *Center) account(ctx context.Context, id int64) (User, error) {
	u, found, err := s.store.ByID(ctx, id)
	if err != nil {
		return User{}, err
	}
	if !found {
		return User{}, httpx.NotFound("用户不存在")
	}
	return u, nil
}
