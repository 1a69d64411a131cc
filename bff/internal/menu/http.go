package menu

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
)

// Routes registers the menu API.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/menus/build", authz.SignedIn(), s.handleBuild).
		Doc(authz.Doc{Summary: "my router tree (sidebar and pages)", Resp: []Route{}})
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
