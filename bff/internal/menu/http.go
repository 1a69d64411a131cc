package menu

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
)

// Routes registers the menu API; signedIn is the authentication middleware.
func (s *Service) Routes(e *echo.Echo, signedIn echo.MiddlewareFunc) {
	e.GET("/api/menus/build", s.handleBuild, signedIn)
}

// handleBuild answers with the caller's router tree, ready-made per set of roles: it is asked on
// every page load and must be cheap.
func (s *Service) handleBuild(c echo.Context) error {
	b, err := s.TreeJSON(c.Request().Context(), authz.From(c))
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}
