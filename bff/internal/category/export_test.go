package category

import "github.com/labstack/echo/v4"

// The handlers and the error mapping, for the tests of package category_test (which may open
// databases: package category itself cannot import dbtest, which imports every migration).
var Answer = answer

func (s *Service) Handlers() (create, update, del, pick, list echo.HandlerFunc) {
	return s.handleCreate, s.handleUpdate, s.handleDelete, s.handlePickTree, s.handleTree
}
