package attach

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
)

// libraryColumns: what each exportable field of 存储管理 writes, named as the list names them.
// The size is the byte count (the list shows it rounded, 1.5 KB; the sheet keeps it exact, so it
// can be summed and sorted).
var libraryColumns = export.Columns[exportRow]{
	"name": func(r exportRow) any { return r.Name }, "suffix": func(r exportRow) any { return r.Suffix },
	"type": func(r exportRow) any { return r.Category }, "size": func(r exportRow) any { return r.Size },
	"uploader":   func(r exportRow) any { return r.Uploader },
	"createTime": func(r exportRow) any { return r.created },
}

// exportRow is a listed file with its upload time as a time (the sheet's date cell).
type exportRow struct {
	LibraryRow
	created time.Time
}

// exportSorts are the list's sortable columns (librarySorts) as the export's outer query names
// them: the rows are read from the list's query as a subquery, where "id" is one column, not
// the attachment's and the uploader's.
var exportSorts = map[string]string{"createTime": "create_time", "size": "size", "name": "original_name", "id": "id"}

// libraryExport declares the export of the files (pictures: of the pictures tab): the list's
// filter and sorts, the selected rows or all that match.
func (s *Service) libraryExport(pictures bool) export.Resource {
	title := "文件"
	if pictures {
		title = "图片"
	}
	return export.Resource{Title: title, Fields: export.Keys(libraryColumns), Sortable: export.Keys(exportSorts),
		Filters: []string{"blurry"},
		Rows: func(c echo.Context, eq export.Query, emit export.Emit) error {
			blurry, err := filter.Blurry(eq.Filter)
			if err != nil {
				return err
			}
			ctx := c.Request().Context()
			inner := s.libraryQuery(ctx, blurry, pictures)
			if ids := eq.Int64IDs(); ids != nil {
				inner = inner.Where("attachments.id IN ?", ids)
			}
			order := eq.OrderBy(exportSorts)
			if order == "" {
				order = "create_time DESC, id DESC" // the list's own order
			}
			write := libraryColumns.Emitter(eq, emit)
			return db.Each(s.db.WithContext(ctx).Table("(?) AS f", inner), order, func(r libraryRow) error {
				return write(exportRow{libraryAnswer(r), r.CreateTime.In(time.Local)})
			})
		}}
}
