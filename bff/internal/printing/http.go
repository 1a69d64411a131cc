package printing

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/pdf"
	"mallconsole/bff/internal/platform/perm"
)

// MaxOrders is the most orders one paper prints.
const MaxOrders = 500

// Route is the print view's path: a fixed segment under /api/orders, which echo's router
// prefers to /api/orders/:id whatever the order of registration.
const Route = "/api/orders/print"

// Routes registers the print view.
func (s *Service) Routes(r *authz.Router) {
	r.GET(Route, authz.Perm(perm.OrderPrint), s.handlePrint).
		Doc(authz.Doc{Summary: "print selected orders: 拣货单 (picking) or 发货单 (delivery), as HTML with print CSS or a PDF (channel: the agency's orders)", Params: Params{}})
}

// Params are the paper's query.
type Params struct {
	IDs    string `query:"ids" description:"order ids, comma separated, 1 to 500"`
	Kind   string `query:"kind" enum:"picking,delivery"`
	Format string `query:"format" enum:"html,pdf" description:"default html"`
	Size   string `query:"size" enum:"a4,label" description:"a4 (default) or a 100×150 mm label; a picking list is A4 only"`
}

// httpError is the one place where the service's errors become answers.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("订单不存在")
	case errors.Is(err, ErrLabelPicking):
		return httpx.BadRequest("size", "拣货单只能用A4纸打印")
	case errors.Is(err, pdf.ErrOff):
		return &httpx.Error{Status: http.StatusServiceUnavailable, Message: "未配置PDF字体，暂不能生成PDF，请使用打印预览"}
	}
	return err
}

// parseIDs reads "1,2,3": 1 to MaxOrders positive ids.
func parseIDs(v string) ([]int64, error) {
	if strings.TrimSpace(v) == "" {
		return nil, httpx.BadRequest("ids", httpx.ReasonRequired)
	}
	parts := strings.Split(v, ",")
	if len(parts) > MaxOrders {
		return nil, httpx.BadRequest("ids", "一次最多打印"+strconv.Itoa(MaxOrders)+"个订单")
	}
	ids := make([]int64, len(parts))
	for i, p := range parts {
		id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || id <= 0 {
			return nil, httpx.BadRequest("ids", "必须是以逗号分隔的订单ID")
		}
		ids[i] = id
	}
	return ids, nil
}

func request(c echo.Context) (Request, error) {
	var chk httpx.Check
	r := Request{Kind: c.QueryParam("kind"), Format: c.QueryParam("format"), Size: c.QueryParam("size"), Scope: agency.Scope(authz.From(c))}
	ids, err := parseIDs(c.QueryParam("ids"))
	if err != nil {
		return r, err
	}
	r.IDs = ids
	switch r.Kind {
	case Picking, Delivery:
	case "":
		chk.Fail("kind", httpx.ReasonRequired)
	default:
		chk.Fail("kind", "只能是picking（拣货单）或delivery（发货单）")
	}
	if r.Format == "" {
		r.Format = HTML
	} else if r.Format != HTML && r.Format != PDF {
		chk.Fail("format", "只能是html或pdf")
	}
	if r.Size == "" {
		r.Size = A4
	} else if r.Size != A4 && r.Size != Label {
		chk.Fail("size", "只能是a4或label")
	}
	return r, chk.Err
}

func (s *Service) handlePrint(c echo.Context) error {
	r, err := request(c)
	if err != nil {
		return err
	}
	p, err := s.Print(c.Request().Context(), r)
	if err != nil {
		return httpError(err)
	}
	h := c.Response().Header()
	// full phones and addresses: never kept by a cache
	h.Set("Cache-Control", "no-store")
	kind := "attachment"
	if r.Format == HTML {
		kind = "inline"
		// an API answer, not a page of the console: opened on its own it loads nothing and runs
		// nothing, whatever a remark holds
		h.Set("Content-Security-Policy", "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'")
	}
	h.Set(echo.HeaderContentDisposition, httpx.Disposition(kind, p.Name))
	return c.Blob(http.StatusOK, p.ContentType, p.Body)
}
