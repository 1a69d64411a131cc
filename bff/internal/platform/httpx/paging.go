package httpx

import (
	"fmt"
	"strconv"
	"strings"

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

// ParseSort reads sort=field,asc|desc (repeatable) against a whitelist of field → column and
// returns an ORDER BY clause, or def when none is given. The ID breaks ties so pages are stable.
func ParseSort(c echo.Context, allowed map[string]string, def string) (string, error) {
	var parts []string
	for _, v := range c.QueryParams()["sort"] {
		field, dir, _ := strings.Cut(v, ",")
		col, ok := allowed[strings.TrimSpace(field)]
		if !ok {
			return "", BadRequest("sort", "不支持按"+field+"排序")
		}
		switch strings.ToLower(strings.TrimSpace(dir)) {
		case "", "asc":
			parts = append(parts, col+" ASC")
		case "desc":
			parts = append(parts, col+" DESC")
		default:
			return "", BadRequest("sort", "方向必须是asc或desc")
		}
	}
	if len(parts) == 0 {
		return def, nil
	}
	// Ties are broken by id in the direction of the last field, so that one index ending in the
	// field (InnoDB appends the id to it) serves the whole order, forwards or backwards.
	tie := "id ASC"
	if strings.HasSuffix(parts[len(parts)-1], " DESC") {
		tie = "id DESC"
	}
	return strings.Join(append(parts, tie), ", "), nil
}

// PathID reads a positive integer path parameter.
func PathID(c echo.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, BadRequest(name, "必须是正整数")
	}
	return id, nil
}
