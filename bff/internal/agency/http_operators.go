package agency

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/user"
)

// operatorRoutes: an agency's operator accounts, managed from its row (agency:edit; listing
// them is agency:list).
func (s *Service) operatorRoutes(r *authz.Router) {
	r.GET("/api/agencies/:id/operators", authz.Perm(perm.AgencyList), s.handleOperators).
		Doc(authz.Doc{Summary: "an agency's operator accounts", Params: httpx.IDPath{}, Resp: []OperatorRow{}})
	r.POST("/api/agencies/:id/operators", authz.Perm(perm.AgencyEdit), s.handleCreateOperator).
		Doc(authz.Doc{Summary: "create an operator account of the agency", Params: httpx.IDPath{}, Body: operatorBody{},
			Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/agencies/:id/operators/:userId/enabled", authz.Perm(perm.AgencyEdit), s.handleOperatorEnabled).
		Doc(authz.Doc{Summary: "enable or disable an operator (disabling ends their sessions)", Params: operatorPath{},
			Body: enabledBody{}})
	r.PUT("/api/agencies/:id/operators/:userId/password", authz.Perm(perm.AgencyEdit), s.handleOperatorPassword).
		Doc(authz.Doc{Summary: "reset an operator's password (their sessions end)", Params: operatorPath{}, Body: passwordBody{}})
}

type operatorPath struct {
	ID     int64 `path:"id" minimum:"1"`
	UserID int64 `path:"userId" minimum:"1"`
}

// operatorBody is a new operator: the fields and password rules of user management.
type operatorBody struct {
	Username string `json:"username" maxLength:"64"`
	NickName string `json:"nickName" maxLength:"64"`
	Phone    string `json:"phone"`
	Password string `json:"password" minLength:"6" maxLength:"72"`
}

type enabledBody struct {
	Enabled *bool `json:"enabled"`
}

type passwordBody struct {
	Password string `json:"password" minLength:"6" maxLength:"72"`
}

func (s *Service) handleOperators(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	ops, err := s.Operators(c.Request().Context(), authz.From(c), id)
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, operatorRows(ops))
}

func (s *Service) handleCreateOperator(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var b operatorBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("username", &b.Username, limits.UsernameMax, true)
	if user.Invisible(b.Username) {
		chk.Fail("username", user.ReasonInvisible)
	}
	chk.Text("nickName", &b.NickName, limits.NickNameMax, true)
	chk.Text("phone", &b.Phone, limits.PhoneMax, true)
	chk.Phone("phone", &b.Phone)
	chk.Password("password", b.Password)
	if chk.Err != nil {
		return chk.Err
	}
	uid, err := s.CreateOperator(c.Request().Context(), authz.From(c), id,
		OperatorInput(b))
	if err != nil {
		return httpError(err)
	}
	return httpx.Saved(c, true, uid)
}

func operatorIDs(c echo.Context) (agencyID, userID int64, err error) {
	if agencyID, err = httpx.PathID(c, "id"); err != nil {
		return 0, 0, err
	}
	userID, err = httpx.PathID(c, "userId")
	return agencyID, userID, err
}

func (s *Service) handleOperatorEnabled(c echo.Context) error {
	aid, uid, err := operatorIDs(c)
	if err != nil {
		return err
	}
	var b enabledBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	if b.Enabled == nil {
		return httpx.BadRequest("enabled", httpx.ReasonRequired)
	}
	if err := s.SetOperatorEnabled(c.Request().Context(), authz.From(c), aid, uid, *b.Enabled); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Service) handleOperatorPassword(c echo.Context) error {
	aid, uid, err := operatorIDs(c)
	if err != nil {
		return err
	}
	var b passwordBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Password("password", b.Password)
	if chk.Err != nil {
		return chk.Err
	}
	if err := s.ResetOperatorPassword(c.Request().Context(), authz.From(c), aid, uid, b.Password); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}
