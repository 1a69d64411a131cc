package initsetup

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// Routes registers the public first-run API.
func (s *Store) Routes(e *echo.Echo) {
	e.GET("/api/init/check", s.handleCheck)
}

func (s *Store) handleCheck(c echo.Context) error {
	_, done, err := s.Get(c.Request().Context(), KeyInitialized)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"initialized": done})
}
