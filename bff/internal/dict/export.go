package dict

import (
	"context"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
)

// dictColumns and detailColumns: what each exportable field writes (times in the server's zone,
// as the JSON gives them).
var (
	dictColumns = export.Columns[Dict]{
		"id": func(d Dict) any { return d.ID }, "name": func(d Dict) any { return d.Name },
		"description": func(d Dict) any { return d.Description },
		"createTime":  func(d Dict) any { return d.CreateTime.In(time.Local) },
	}
	detailColumns = export.Columns[Detail]{
		"id": func(d Detail) any { return d.ID }, "label": func(d Detail) any { return d.Label },
		"labelEn": func(d Detail) any { return d.LabelEn },
		"value":   func(d Detail) any { return d.Value }, "dictSort": func(d Detail) any { return d.Sort },
		"createTime": func(d Detail) any { return d.CreateTime.In(time.Local) },
	}
)

// dictExport declares the dictionaries' export: the list's one filter and order (the list has
// no sorts).
func (s *Service) dictExport() export.Resource {
	return export.Resource{Title: "字典", Fields: export.Keys(dictColumns), Filters: []string{"blurry"},
		Rows: func(c echo.Context, eq export.Query, emit export.Emit) error {
			blurry, err := filter.Blurry(eq.Filter)
			if err != nil {
				return err
			}
			return s.store.EachDict(c.Request().Context(), blurry, eq.Int64IDs(), dictColumns.Emitter(eq, emit))
		}}
}

// detailExport declares the export of one dictionary's entries: dictName is required, as in the
// list.
func (s *Service) detailExport() export.Resource {
	return export.Resource{Title: "字典详情", Fields: export.Keys(detailColumns), Filters: []string{"dictName"},
		Rows: func(c echo.Context, eq export.Query, emit export.Emit) error {
			name := eq.Filters["dictName"]
			if name == "" {
				return httpx.BadRequest("dictName", httpx.ReasonRequired)
			}
			return s.store.EachDetail(c.Request().Context(), name, eq.Int64IDs(), detailColumns.Emitter(eq, emit))
		}}
}

// Reader reads a dictionary's entries (the Store, or a feature's narrower interface over it).
type Reader interface {
	Details(ctx context.Context, name string) ([]Detail, error)
}

// LabelsOf is how an export writes the labels of d's dictionaries (export.Label columns): the
// Chinese label of each value, the first entry winning should two share a value.
func LabelsOf(d Reader) export.Labels {
	return func(ctx context.Context, name string) (map[string]string, error) {
		ds, err := d.Details(ctx, name)
		out := make(map[string]string, len(ds))
		for _, e := range ds {
			if _, ok := out[e.Value]; !ok {
				out[e.Value] = e.Label
			}
		}
		return out, err
	}
}
