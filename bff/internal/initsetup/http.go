package initsetup

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
)

// Routes registers the public first-run API.
func (s *Store) Routes(r *authz.Router) {
	r.GET("/api/init/check", authz.Public(), s.handleCheck)
}

// Routes registers the first-run setup: public, but it guards itself (see Setup).
func (s *Setup) Routes(r *authz.Router) {
	r.POST("/api/init", authz.Public(), s.handle)
}

func (s *Store) handleCheck(c echo.Context) error {
	_, done, err := s.Get(c.Request().Context(), KeyInitialized)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"initialized": done})
}
