package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"github.com/labstack/echo/v4"
)

// wantBadRequest fails unless err is the 400 envelope naming a field, which every bad query must be.
func wantBadRequest(t *testing.T, err error, field string) {
	t.Helper()
	var he *Error
	if !errors.As(err, &he) || he.Status != http.StatusBadRequest || len(he.Fields) == 0 || he.Fields[0].Field != field {
		t.Fatalf("error %#v is not a 400 naming %s", err, field)
	}
}

// sortWhitelist is a list's sortable fields; fuzzed sorts may name only these columns.
var sortWhitelist = map[string]string{"name": "d.name", "createTime": "d.create_time", "id": "d.id"}

var orderBy = regexp.MustCompile(`^((d\.name|d\.create_time|d\.id) (ASC|DESC), )+id (ASC|DESC)$`)

// FuzzPageAndSort feeds raw query strings to the paging and sort parsers: a query is either
// refused with a 400 naming the parameter, or gives a page within bounds that round-trips and an
// ORDER BY made only of whitelisted columns (never the client's text).
func FuzzPageAndSort(f *testing.F) {
	for _, q := range []string{"", "page=0&size=10", "pageNow=3&pageSize=20", "pagesize=9999", "page=-1",
		"size=10001", "page=1e3", "sort=name,desc&sort=createTime", "sort=name;drop table users,asc",
		"sort=%20name%20,%20DESC%20", "sort=,", "sort=password,asc", "page=1000000&size=10000", "size=0x10"} {
		f.Add(q)
	}
	e := echo.New()
	ctx := func(q string) echo.Context {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.RawQuery = q
		return e.NewContext(req, httptest.NewRecorder())
	}
	f.Fuzz(func(t *testing.T, q string) {
		p, err := ParsePage(ctx(q))
		if err != nil {
			var he *Error
			if !errors.As(err, &he) || he.Status != http.StatusBadRequest || len(he.Fields) != 1 {
				t.Fatalf("ParsePage(%q): %#v is not a 400 naming one field", q, err)
			}
		} else {
			if p.Index < 0 || p.Index > 1_000_000 || p.Size < 1 || p.Size > MaxPageSize {
				t.Fatalf("ParsePage(%q) = %+v: out of bounds", q, p)
			}
			again, err := ParsePage(ctx("page=" + strconv.Itoa(p.Index) + "&size=" + strconv.Itoa(p.Size)))
			if err != nil || again != p {
				t.Fatalf("page %+v does not round-trip: %+v %v", p, again, err)
			}
		}

		clause, err := ParseSort(ctx(q), sortWhitelist, "d.id DESC")
		if err != nil {
			wantBadRequest(t, err, "sort")
			return
		}
		if _, given := mustQuery(t, q)["sort"]; !given {
			if clause != "d.id DESC" {
				t.Fatalf("no sort gave %q, want the default", clause)
			}
			return
		}
		if !orderBy.MatchString(clause) {
			t.Fatalf("ParseSort(%q) = %q: not made of whitelisted columns", q, clause)
		}
	})
}

func mustQuery(t *testing.T, q string) url.Values {
	t.Helper()
	v, _ := url.ParseQuery(q) // echo keeps what parses, as here
	return v
}
