package agency

import (
	"context"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/perm"
)

// MinePath is the 我的渠道 directory of the menu: the caller's own agency, its certification and
// the like. An account without an agency is not shown it (the menu service's HideWithoutAgency).
const MinePath = "/mine"

// Logo upload (seed-spec §7): an image recognised by its content, at most 2 MB.
const (
	LogoRoute    = "/api/agencyBasicInfo/uploadLogo"
	LogoMaxBytes = 2 << 20
	logoKind     = "agency_logo"
)

// Pictures stores logos (the attach feature).
type Pictures interface {
	ReceiveImage(c echo.Context, field string, maxBytes int64, kind string) (attach.Image, error)
	Remove(ctx context.Context, key string, owner int64, kind string) error
	// ClaimIn marks the logo as the agency's inside its transaction, so the orphan sweep never
	// removes it (docs/decisions.md "Orphaned uploads").
	ClaimIn(tx *gorm.DB, texts ...string) error
}

// mineRoutes: the operator's own agency (我的渠道) and the logo upload. They are open to any
// session and decide in the handler: an operator reaches only their own agency, whatever the
// request names (docs/decisions.md "Agency management").
func (s *Service) mineRoutes(r *authz.Router) {
	r.GET("/api/agencies/mine", authz.SignedIn(), s.handleMine).
		Doc(authz.Doc{Summary: "my agency (a channel session's own; 404 for staff)", Resp: Row{}})
	r.PUT("/api/agencies/mine", authz.SignedIn(), s.handleEditMine).
		Doc(authz.Doc{Summary: "edit my agency's contact, phone and address", Body: mineBody{}})
	r.POST(LogoRoute, authz.SignedIn(), s.handleLogo).
		Doc(authz.Doc{Summary: "upload an agency logo: an operator's own agency, or (agency:add/edit) the agency id names, or none yet (the create form)",
			Params: LogoParams{}, Form: LogoForm{}, Resp: LogoAnswer{}})
}

// Mine is the caller's own agency; staff have none.
func (s *Service) Mine(ctx context.Context, p *authz.Principal) (Agency, error) {
	sc := Scope(p)
	if sc == nil || *sc == none {
		return Agency{}, ErrNoAgency
	}
	return s.Get(ctx, *sc)
}

// EditMine changes what an operator may change of their own agency.
func (s *Service) EditMine(ctx context.Context, p *authz.Principal, contact, phone, address string) error {
	a, err := s.Mine(ctx, p)
	if err != nil {
		return err
	}
	return s.store.UpdateProfile(ctx, a.ID, contact, phone, address)
}

// SetLogo records an uploaded logo on the agency and returns the previous one's path.
func (s *Service) SetLogo(ctx context.Context, id int64, path string) (string, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return "", err
	}
	return a.Logo, s.store.SetLogo(ctx, id, path, s.claimLogo(path))
}

// claimLogo claims the logo at path inside the agency's transaction (none in a test without pictures).
func (s *Service) claimLogo(path string) func(tx *gorm.DB) error {
	return func(tx *gorm.DB) error {
		if s.pictures == nil {
			return nil
		}
		return s.pictures.ClaimIn(tx, path)
	}
}

// mineBody is what an operator edits of their agency.
type mineBody struct {
	Contact string `json:"contact" maxLength:"64"`
	Phone   string `json:"phone"`
	Address string `json:"address,omitempty" maxLength:"255"`
}

// LogoForm is the upload of POST /api/agencyBasicInfo/uploadLogo.
type LogoForm struct {
	File multipart.File `formData:"file"`
}

// LogoParams name the agency a staff upload is for.
type LogoParams struct {
	ID int64 `query:"id" minimum:"1" description:"staff: the agency whose logo this is; absent on the create form"`
}

// LogoAnswer is the stored logo's read path.
type LogoAnswer struct {
	Logo string `json:"logo"`
}

func (s *Service) handleMine(c echo.Context) error {
	a, err := s.Mine(c.Request().Context(), authz.From(c))
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, rowOf(a))
}

func (s *Service) handleEditMine(c echo.Context) error {
	var b mineBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("contact", &b.Contact, limits.NickNameMax, true)
	chk.Text("phone", &b.Phone, limits.PhoneMax, true)
	chk.Phone("phone", &b.Phone)
	chk.Text("address", &b.Address, addressMax, false)
	if chk.Err != nil {
		return chk.Err
	}
	if err := s.EditMine(c.Request().Context(), authz.From(c), b.Contact, b.Phone, b.Address); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

// logoTarget is the agency an upload is for (0: none yet, the create form's).
func (s *Service) logoTarget(c echo.Context) (int64, error) {
	p := authz.From(c)
	if p.Kind == authz.KindChannel {
		a, err := s.Mine(c.Request().Context(), p)
		return a.ID, err
	}
	if !p.Can(perm.AgencyAdd, perm.AgencyEdit) {
		return 0, httpx.Forbidden("没有权限")
	}
	v := strings.TrimSpace(c.QueryParam("id")) // a query parameter: the body is the streamed picture
	if v == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.BadRequest("id", "必须是正整数")
	}
	if !p.Can(perm.AgencyEdit) {
		return 0, httpx.Forbidden("没有权限")
	}
	_, err = s.Get(c.Request().Context(), id)
	return id, err
}

func (s *Service) handleLogo(c echo.Context) error {
	id, err := s.logoTarget(c)
	if err != nil {
		return httpError(err)
	}
	ctx, p := c.Request().Context(), authz.From(c)
	img, err := s.pictures.ReceiveImage(c, "file", LogoMaxBytes, logoKind)
	if err != nil {
		return err
	}
	if id != 0 {
		old, err := s.SetLogo(ctx, id, img.Path)
		if err != nil {
			_ = s.pictures.Remove(ctx, img.Key, p.UserID, logoKind) // no picture without its agency
			return httpError(err)
		}
		// the previous logo is no one's any more (removed only when this caller uploaded it)
		if key := attach.KeyOf(old); key != "" {
			_ = s.pictures.Remove(ctx, key, p.UserID, logoKind)
		}
	}
	return c.JSON(http.StatusOK, LogoAnswer{Logo: img.Path})
}
