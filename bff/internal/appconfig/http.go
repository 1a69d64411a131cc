package appconfig

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// maxHostParam is the longest host name DNS allows.
const maxHostParam = 253

// Params name the host whose brand is asked for.
type Params struct {
	Host string `query:"host" description:"the portal's host; default: the request's"`
}

// Routes registers the public endpoint.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/app/config", authz.Public(), s.handle).
		Doc(authz.Doc{Summary: "the product title for the host and the page footer", Params: Params{}, Resp: Config{}})
}

// handle picks the title for ?host= when given: embedded in a host portal, the page's host is the
// portal's, which the request to the BFF does not carry. Without it, the request's own host.
func (s *Service) handle(c echo.Context) error {
	host := c.QueryParam("host")
	if len(host) > maxHostParam {
		return httpx.BadRequest("host", "longer than 253 characters")
	}
	if host == "" {
		host = s.proxies.Host(c.Request())
	}
	out, err := s.ConfigFor(c.Request().Context(), host)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
