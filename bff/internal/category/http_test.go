package category_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/tree"
)

// TestEveryErrorHasAnAnswer: each of the service's errors, wrapped or not, becomes its answer,
// never a 500; a refused delete says how many children or goods hold it.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]int{
		category.ErrNotFound:     http.StatusNotFound,
		category.ErrNoParent:     http.StatusBadRequest,
		category.ErrTooDeep:      http.StatusBadRequest,
		category.ErrCodeFixed:    http.StatusBadRequest,
		category.ErrCodeConflict: http.StatusConflict,
		category.ErrHasChildren:  http.StatusConflict,
		category.ErrHasGoods:     http.StatusConflict,
		&category.InUseError{Kind: category.ErrHasGoods, N: 3}:    http.StatusConflict,
		&category.InUseError{Kind: category.ErrHasChildren, N: 2}: http.StatusConflict,
		tree.ErrUnderItself: http.StatusBadRequest,
		tree.ErrLoop:        http.StatusConflict,
	}
	for err, status := range want {
		for _, e := range []error{err, fmt.Errorf("saving: %w", err)} {
			if got := httpx.StatusOf(category.Answer(e)); got != status {
				t.Errorf("%v answers %d, want %d", e, got, status)
			}
		}
	}
	if msg := category.Answer(&category.InUseError{Kind: category.ErrHasGoods, N: 3}).Error(); !strings.Contains(msg, "3件商品") {
		t.Errorf("goods in use answers %q", msg)
	}
	if msg := category.Answer(&category.InUseError{Kind: category.ErrHasChildren, N: 2}).Error(); !strings.Contains(msg, "2个子分类") {
		t.Errorf("children answer %q", msg)
	}
	if other := errors.New("disk full"); category.Answer(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}

// call runs handler h on a request with a JSON body (or none) and path id, and returns the
// status it answers and the fields named.
func call(t *testing.T, h echo.HandlerFunc, method, target, body, id string) (int, string) {
	t.Helper()
	var req *http.Request
	if body == "" {
		req = httptest.NewRequest(method, target, nil)
	} else {
		req = httptest.NewRequest(method, target, strings.NewReader(body))
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	}
	rec := httptest.NewRecorder()
	c := echo.New().NewContext(req, rec)
	if id != "" {
		c.SetParamNames("id")
		c.SetParamValues(id)
	}
	err := h(c)
	if err == nil {
		return rec.Code, ""
	}
	var he *httpx.Error
	if !errors.As(err, &he) {
		t.Fatalf("%s %s %s: a server fault: %v", method, target, body, err)
	}
	var fields []string
	for _, f := range he.Fields {
		fields = append(fields, f.Field)
	}
	return he.Status, strings.Join(fields, ",")
}

// TestBadInput: malformed input is a 400 naming the field, before and after the data is read.
func TestBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		s := category.NewService(category.NewStore(g), noGoods{})
		create, update, del, pick, list := s.Handlers()
		ctx := context.Background()
		top := category.Category{Name: "服装", Code: "clothing", Enabled: true}
		if err := s.Save(ctx, &top); err != nil {
			t.Fatal(err)
		}
		mid := category.Category{ParentID: top.ID, Name: "男装", Code: "men", Enabled: true}
		if err := s.Save(ctx, &mid); err != nil {
			t.Fatal(err)
		}
		leaf := category.Category{ParentID: mid.ID, Name: "T恤", Code: "men-tee", Enabled: true}
		if err := s.Save(ctx, &leaf); err != nil {
			t.Fatal(err)
		}
		long := strings.Repeat("a", 65)
		for _, c := range []struct {
			h            echo.HandlerFunc
			method, body string
			status       int
			field        string
		}{
			{create, http.MethodPost, `{"name":"","code":"x"}`, 400, "name"},
			{create, http.MethodPost, `{"name":"x","code":""}`, 400, "code"},
			{create, http.MethodPost, `{"name":"x","code":"男装"}`, 400, "code"},
			{create, http.MethodPost, `{"name":"x","code":"a b"}`, 400, "code"},
			{create, http.MethodPost, `{"name":"x","code":"` + long + `"}`, 400, "code"},
			{create, http.MethodPost, `{"name":"x","code":"x","sort":-1}`, 400, "sort"},
			{create, http.MethodPost, `{"name":"x","code":"x","pid":-1}`, 400, "pid"},
			{create, http.MethodPost, `{"name":"x","code":"x","pid":"a"}`, 400, "pid"},
			{update, http.MethodPut, `{"name":"x","code":"x"}`, 400, "id"},
			{create, http.MethodPost, fmt.Sprintf(`{"name":"x","code":"x","pid":%d}`, leaf.ID), 400, "pid"},
			{create, http.MethodPost, `{"name":"x","code":"x","pid":99999}`, 400, "pid"},
			{update, http.MethodPut, fmt.Sprintf(`{"id":%d,"name":"x","code":"men","pid":%d}`, mid.ID, leaf.ID), 400, "pid"},
			{update, http.MethodPut, fmt.Sprintf(`{"id":%d,"name":"x","code":"women","pid":%d}`, mid.ID, top.ID), 400, "code"},
			{create, http.MethodPost, `{"name":"x","code":"men"}`, 409, "code"},
			{create, http.MethodPost, `{"name":"女装","code":"women"}`, 201, ""},
		} {
			if status, field := call(t, c.h, c.method, "/api/categories", c.body, ""); status != c.status || field != c.field {
				t.Errorf("%s %s: %d %q, want %d %q", c.method, c.body, status, field, c.status, c.field)
			}
		}
		if status, field := call(t, del, http.MethodDelete, "/api/categories/x", "", "x"); status != 400 || field != "id" {
			t.Errorf("delete of a bad id: %d %q", status, field)
		}
		if status, field := call(t, del, http.MethodDelete, "/api/categories/1", "", fmt.Sprint(top.ID)); status != 409 || field != "id" {
			t.Errorf("delete with children: %d %q", status, field)
		}
		if status, field := call(t, pick, http.MethodGet, "/api/categories/tree?all=yes", "", ""); status != 400 || field != "all" {
			t.Errorf("tree?all=yes: %d %q", status, field)
		}
		if status, field := call(t, list, http.MethodGet, "/api/categories?enabled=1", "", ""); status != 400 || field != "enabled" {
			t.Errorf("list?enabled=1: %d %q", status, field)
		}
	})
}

type noGoods struct{}

func (noGoods) CountInCategories(context.Context, []string) (int64, error) { return 0, nil }
