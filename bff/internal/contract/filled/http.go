package filled

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/pdf"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers GET /api/contracts/{id}/filled.pdf: whoever may list contracts, inside their
// agency scope.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/contracts/:id/filled.pdf", authz.Perm(perm.ContractList), s.handlePDF).
		Doc(authz.Doc{Params: httpx.IDPath{}, Summary: "the contract's template text filled with its values, as PDF", RespType: "application/pdf"})
}

func (s *Service) handlePDF(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	b, name, err := s.PDF(c.Request().Context(), agency.Scope(authz.From(c)), id)
	if err != nil {
		return httpError(err)
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentDisposition, httpx.Disposition("attachment", name))
	h.Set(echo.HeaderCacheControl, "no-store")
	return c.Blob(http.StatusOK, "application/pdf", b)
}

// httpError answers the filled PDF's refusals; others are the server's (500).
func httpError(err error) error {
	switch {
	case errors.Is(err, pdf.ErrOff):
		return &httpx.Error{Status: http.StatusServiceUnavailable, Message: "未配置中文字体，暂不能生成合同PDF"}
	case errors.Is(err, contract.ErrNotFound):
		return httpx.NotFound("合同不存在")
	case errors.Is(err, ErrNoTemplate):
		return &httpx.Error{Status: http.StatusConflict, Message: "该合同没有模板文件，无法生成PDF"}
	case errors.Is(err, ErrUnreadable):
		return &httpx.Error{Status: http.StatusConflict, Message: "模板文件的正文无法读取，无法生成PDF"}
	}
	return err
}
