package httpx

import (
	"fmt"
	"strconv"

	"github.com/labstack/echo/v4"
)

// Page is a 0-based page request.
type Page struct {
	Index int // 0-based
	Size  int
}

// Offset is the number of rows before the page.
func (p Page) Offset() int { return p.Index * p.Size }

// Limits of paging: eladmin's dictionary screens ask for size 9999 at page 0.
const (
	DefaultPageSize = 10
	MaxPageSize     = 10000
)

// ParsePage reads page (0-based) + size, or pageNow (1-based) + pageSize / pagesize.
func ParsePage(c echo.Context) (Page, error) {
	p := Page{Size: DefaultPageSize}
	q := c.QueryParams()
	intParam := func(name string, min, max int) (int, bool, error) {
		s := q.Get(name)
		if s == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < min || n > max {
			return 0, false, BadRequest(name, fmt.Sprintf("必须是%d到%d之间的整数", min, max))
		}
		return n, true, nil
	}
	if n, ok, err := intParam("page", 0, 1_000_000); err != nil {
		return p, err
	} else if ok {
		p.Index = n
	} else if n, ok, err := intParam("pageNow", 1, 1_000_000); err != nil {
		return p, err
	} else if ok {
		p.Index = n - 1
	}
	for _, name := range []string{"size", "pageSize", "pagesize"} {
		if n, ok, err := intParam(name, 1, MaxPageSize); err != nil {
			return p, err
		} else if ok {
			p.Size = n
			break
		}
	}
	return p, nil
}

// List is the eladmin list answer.
type List[T any] struct {
	Content       []T `json:"content"`
	TotalElements int `json:"totalElements"`
}

// Slice pages an in-memory list.
func Slice[T any](all []T, p Page) List[T] {
	out := List[T]{Content: []T{}, TotalElements: len(all)}
	if from := p.Offset(); from < len(all) {
		out.Content = all[from:min(from+p.Size, len(all))]
	}
	return out
}
