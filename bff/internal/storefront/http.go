package storefront

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers the clients' management (系统管理 → 开放接口). The secret is in the answer
// of a create and a rotate only: it is never listed and never logged.
func (s *Clients) Routes(r *authz.Router) {
	r.GET("/api/openClients", authz.Perm(perm.OpenClientList), s.handleList).
		Doc(authz.Doc{Summary: "list API clients (no secrets)", Params: httpx.PageParams{}, Resp: httpx.List[ClientRow]{}})
	r.POST("/api/openClients", authz.Perm(perm.OpenClientAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create an API client; the answer holds its secret, shown this once", Body: ClientBody{},
			Resp: IssuedRow{}, Status: http.StatusCreated})
	r.POST("/api/openClients/:id/rotate", authz.Perm(perm.OpenClientEdit), s.handleRotate).
		Doc(authz.Doc{Summary: "give a client a new secret (the old one stops at once); shown this once",
			Params: httpx.IDPath{}, Resp: IssuedRow{}})
	r.DELETE("/api/openClients/:id", authz.Perm(perm.OpenClientDel), s.handleRevoke).
		Doc(authz.Doc{Summary: "revoke a client for good", Params: httpx.IDPath{}})
}

// ClientRow is a client in the list.
type ClientRow struct {
	ID           int64    `json:"id"`
	Name         string   `json:"name"`
	ClientID     string   `json:"clientId"`
	AgencyID     *int64   `json:"agencyId" description:"null: the shop's own data"`
	AgencyName   string   `json:"agencyName" description:"empty for the shop's own client"`
	Scopes       []string `json:"scopes"`
	Status       string   `json:"status" enum:"active,revoked"`
	LastUsedTime string   `json:"lastUsedTime" description:"the last verified call (to the minute); empty: never"`
	CreateTime   string   `json:"createTime"`
}

// ClientBody is a new client.
type ClientBody struct {
	Name     string   `json:"name" maxLength:"64"`
	AgencyID *int64   `json:"agencyId" description:"the agency whose orders and SKUs it sees; null: the shop's own"`
	Scopes   []string `json:"scopes,omitempty" description:"orders:read, orders:write, skus:read; omitted: all"`
}

// IssuedRow is a client's id and secret, answered once.
type IssuedRow struct {
	ID       int64  `json:"id"`
	ClientID string `json:"clientId"`
	Secret   string `json:"secret"`
}

// httpError is the one place where the clients' errors become answers.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("客户端不存在")
	case errors.Is(err, ErrUnknownAgency):
		return httpx.BadRequest("agencyId", "渠道不存在")
	case errors.Is(err, ErrUnknownScope):
		return httpx.BadRequest("scopes", "只能是 orders:read、orders:write、skus:read")
	case errors.Is(err, ErrRevoked):
		return httpx.Conflict("status", "客户端已吊销，请新建")
	}
	return err
}

func rowOf(c Client, names map[int64]string) ClientRow {
	r := ClientRow{ID: c.ID, Name: c.Name, ClientID: c.ClientID, AgencyID: c.AgencyID, Scopes: c.Scopes,
		Status: c.Status, CreateTime: httpx.FormatTime(c.CreateTime)}
	if r.Scopes == nil {
		r.Scopes = []string{}
	}
	if c.AgencyID != nil {
		r.AgencyName = names[*c.AgencyID]
	}
	if c.LastUsedTime != nil {
		r.LastUsedTime = httpx.FormatTime(*c.LastUsedTime)
	}
	return r
}

func (s *Clients) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	cs, names, err := s.List(c.Request().Context())
	if err != nil {
		return err
	}
	rows := make([]ClientRow, len(cs))
	for i, cl := range cs {
		rows[i] = rowOf(cl, names)
	}
	return c.JSON(http.StatusOK, httpx.Slice(rows, page))
}

func (s *Clients) handleCreate(c echo.Context) error {
	var b ClientBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("name", &b.Name, 64, true)
	if b.AgencyID != nil && *b.AgencyID <= 0 {
		chk.Fail("agencyId", "应为正整数")
	}
	if chk.Err != nil {
		return chk.Err
	}
	is, err := s.Create(c.Request().Context(), ClientInput(b))
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusCreated, IssuedRow{ID: is.Client.ID, ClientID: is.Client.ClientID, Secret: is.Secret})
}

func (s *Clients) handleRotate(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	is, err := s.Rotate(c.Request().Context(), id)
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, IssuedRow{ID: is.Client.ID, ClientID: is.Client.ClientID, Secret: is.Secret})
}

func (s *Clients) handleRevoke(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.Revoke(c.Request().Context(), id); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}
