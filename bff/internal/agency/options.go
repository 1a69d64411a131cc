package agency

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/perm"
)

// OptionsMax bounds what the picker is offered at once: it searches as the user types, it does
// not page.
const OptionsMax = 20

// optionRoutes: the agencies the shop lists' 渠道 filter offers. Whoever may read goods, orders or
// agencies may pick one by name; a channel session is offered its own agency only.
func (s *Service) optionRoutes(r *authz.Router) {
	r.GET("/api/agencies/options", authz.Perm(perm.AgencyList, perm.GoodsList, perm.OrderList), s.handleOptions).
		Doc(authz.Doc{Summary: "agencies to pick by name (the shop lists' filter): at most 20, enabled or not, by name",
			Params: optionParams{}, Resp: []Option{}})
}

type optionParams struct {
	Blurry string `query:"blurry" maxLength:"64" description:"name or code contains"`
	IDs    string `query:"ids" description:"comma-separated ids (at most 20): only these agencies (the names of those already chosen)"`
}

// Option is an agency as the picker offers it.
type Option struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Code    string `json:"code"`
	Enabled bool   `json:"enabled"`
}

// Options returns up to OptionsMax agencies inside the caller's scope, sorted by name: those
// whose name or code contains blurry, only ids when ids are given.
func (s *Service) Options(ctx context.Context, p *authz.Principal, blurry string, ids []int64) ([]Agency, error) {
	return s.store.Options(ctx, Scope(p), blurry, ids)
}

// Options: see Service.Options.
func (s *Store) Options(ctx context.Context, scope *int64, blurry string, ids []int64) ([]Agency, error) {
	tx := s.db.WithContext(ctx).Select("id", "name", "code", "enabled")
	if scope != nil {
		tx = tx.Where("id = ?", *scope)
	}
	if ids != nil {
		tx = tx.Where("id IN ?", ids)
	}
	var as []Agency
	err := db.AnyLike(tx, blurry, "name", "code").Order("name, id").Limit(OptionsMax).Find(&as).Error
	return as, err
}

func (s *Service) handleOptions(c echo.Context) error {
	blurry, err := filter.Blurry(c.QueryParam)
	if err != nil {
		return err
	}
	ids, err := filter.IDs(c.QueryParam, "ids", OptionsMax)
	if err != nil {
		return err
	}
	as, err := s.Options(c.Request().Context(), authz.From(c), blurry, ids)
	if err != nil {
		return httpError(err)
	}
	out := make([]Option, len(as))
	for i, a := range as {
		out[i] = Option{ID: a.ID, Name: a.Name, Code: a.Code, Enabled: a.Enabled}
	}
	return c.JSON(http.StatusOK, out)
}
