package order

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers 订单设置: reading and saving the order rules.
func (r *Rules) Routes(rt *authz.Router) {
	rt.GET("/api/settings/order", authz.Perm(perm.OrderSetting), r.handleGet).
		Doc(authz.Doc{Summary: "the order rules (订单设置)", Resp: Settings{}})
	rt.PUT("/api/settings/order", authz.Perm(perm.OrderSetting), r.handlePut).
		Doc(authz.Doc{Summary: "save the order rules; they apply to orders from then on (the operation log keeps before → after)", Body: Settings{}, Resp: Settings{}})
}

// shopOnly refuses a channel operator even when a role grants order:setting: the rules are the
// whole shop's, not an agency's.
func shopOnly(c echo.Context) error {
	if p := authz.From(c); p != nil && p.Kind == authz.KindChannel {
		return httpx.Forbidden("订单设置是全店的规则，渠道账号不能查看或修改")
	}
	return nil
}

func (r *Rules) handleGet(c echo.Context) error {
	if err := shopOnly(c); err != nil {
		return err
	}
	st, err := r.Get(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, st)
}

func (r *Rules) handlePut(c echo.Context) error {
	if err := shopOnly(c); err != nil {
		return err
	}
	// a rule the body leaves out keeps its value (a page from before shipmentFixHours saves four)
	st, err := r.Get(c.Request().Context())
	if err != nil {
		return err
	}
	if err := httpx.JSON(c, &st); err != nil {
		return err
	}
	before, err := r.Put(c.Request().Context(), st)
	var bad *RangeError
	if errors.As(err, &bad) {
		var chk httpx.Check
		chk.FailCode(bad.Field, httpx.FieldRange, fmt.Sprintf("必须在%d到%d之间", bad.Min, bad.Max))
		return chk.Err
	}
	if err != nil {
		return err
	}
	audit.Changes(c, before, st)
	return c.JSON(http.StatusOK, st)
}
