package order

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// ImportRoute is the express import (seed-spec §7): it takes its own, larger body limit.
const ImportRoute = "/background/xf/order/expressImport"

// Imports at once: an import holds its upload (up to ImportMaxBytes), what excelize keeps of
// the workbook (bounded by checkWorkbook) and a database connection for minutes at 100,000
// rows, so a process reads at most importSlots; a further one waits up to importWait for a
// slot, then is told to retry.
const (
	importSlots = 2
	importWait  = 10 * time.Second
)

// MsgBusy answers an import that found no slot.
const MsgBusy = "系统繁忙，请稍后重试"

// xlsxType is the content type of the template and the error list.
const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// importRoutes registers the express import, its template and the download of its errors, all
// under order:ship: whoever may ship may import (docs/decisions.md "Express import").
func (s *Service) importRoutes(r *authz.Router) {
	r.POST(ImportRoute, authz.Perm(perm.OrderShip), s.handleImport).
		Doc(authz.Doc{Summary: "ship paid orders from an xlsx of 订单号 | 快递公司 | 快递单号", Form: importForm{}, Resp: ImportAnswer{}})
	r.GET("/api/orders/expressTemplate", authz.Perm(perm.OrderShip), handleTemplate).
		Doc(authz.Doc{Summary: "the express import's template (its header row)", RespType: xlsxType})
	r.POST("/api/orders/expressErrors", authz.Perm(perm.OrderShip), handleErrorSheet).
		Doc(authz.Doc{Summary: "an import's failed rows as xlsx", Body: []ImportErrorRow{}, RespType: xlsxType})
}

// importForm is the upload.
type importForm struct {
	File multipart.File `formData:"file" description:"xlsx, at most 10 MB and 100,000 rows"`
}

// ImportAnswer is the outcome of an import.
type ImportAnswer struct {
	Total    int              `json:"total"`
	Imported int              `json:"imported"`
	Failed   int              `json:"failed"`
	Errors   []ImportErrorRow `json:"errors" description:"the first 1,000 failed rows"`
}

// ImportErrorRow is a failed row: its number in the sheet (the header is row 1).
type ImportErrorRow struct {
	Row     int    `json:"row"`
	OrderNo string `json:"orderNo" maxLength:"200"`
	Message string `json:"message" maxLength:"200"`
}

// sheetError answers a sheet refused as a whole.
func sheetError(err error) error {
	switch {
	case errors.Is(err, ErrTooBig):
		return httpx.BadRequest("file", fmt.Sprintf("文件不能超过 %d MB", ImportMaxBytes>>20))
	case errors.Is(err, ErrNotXLSX):
		return httpx.BadRequest("file", "文件不是 xlsx 表格，请使用导入模板")
	case errors.Is(err, ErrBadHeader):
		return httpx.BadRequest("file", "第1行应为表头：订单号 | 快递公司 | 快递单号")
	case errors.Is(err, ErrBomb):
		return httpx.BadRequest("file", fmt.Sprintf("表格解压后超出导入的范围（解压后过大、单元格过长或行列过多），"+
			"请使用导入模板，只保留要导入的数据（解压后不超过 %d MB）", unzipLimit>>20))
	case errors.Is(err, ErrTooManyRows):
		return httpx.BadRequest("file", fmt.Sprintf("一次最多导入 %d 行，请拆分后再导入", ImportMaxRows))
	}
	return err
}

// rowMessage says why a row failed, in the words of the sheet's columns.
func rowMessage(err error) string {
	var move *MoveError
	var dup *DuplicateError
	switch {
	case errors.Is(err, ErrNotFound):
		return "订单不存在或不在您的数据范围内"
	case errors.As(err, &move):
		return fmt.Sprintf("订单状态为%s，不是待发货", StatusLabels[move.From])
	case errors.As(err, &dup) && dup.Field == "orderNo":
		return fmt.Sprintf("订单号与第%d行重复", dup.FirstRow)
	case errors.As(err, &dup):
		return fmt.Sprintf("快递单号与第%d行重复", dup.FirstRow)
	case errors.Is(err, ErrOrderNoRequired):
		return "订单号不能为空"
	case errors.Is(err, ErrCompanyRequired):
		return "快递公司不能为空"
	case errors.Is(err, ErrUnknownExpress):
		return "快递公司不在字典「快递公司」中"
	case errors.Is(err, ErrTrackingRequired):
		return "快递单号不能为空"
	case errors.Is(err, ErrTrackingFormat):
		return "快递单号只能包含字母、数字和-，最多64个字符"
	}
	return "无法导入"
}

// handleImport: POST /background/xf/order/expressImport (multipart file) → ImportAnswer. The
// sheet is read twice: once to check the header and count the rows (a sheet over the limit is
// refused before anything changes), then to import.
func (s *Service) handleImport(c echo.Context) error {
	data, err := receiveSheet(c)
	if err != nil {
		return err
	}
	// the slot is taken once the upload is in, so a slow sender holds none
	release, err := s.imports.Enter(c.Request().Context())
	if err != nil {
		return &httpx.Error{Status: http.StatusServiceUnavailable, Message: MsgBusy}
	}
	defer release()
	sheet, err := OpenSheet(data)
	if err != nil {
		return sheetError(err)
	}
	defer func() { _ = sheet.Close() }()
	if _, err := sheet.Count(); err != nil {
		return sheetError(err)
	}
	p := authz.From(c)
	res, err := s.Import(c.Request().Context(), agency.Scope(p), p.Username, sheet.Each)
	if err != nil {
		return sheetError(err)
	}
	out := ImportAnswer{Total: res.Total, Imported: res.Imported, Failed: res.Failed,
		Errors: make([]ImportErrorRow, len(res.Errors))}
	for i, e := range res.Errors {
		out.Errors[i] = ImportErrorRow{Row: e.Row, OrderNo: e.OrderNo, Message: rowMessage(e.Err)}
	}
	return c.JSON(http.StatusOK, out)
}

// receiveSheet reads the multipart field "file" (at most ImportMaxBytes; other fields are
// skipped).
func receiveSheet(c echo.Context) ([]byte, error) {
	req := c.Request()
	tooBig := sheetError(ErrTooBig)
	if req.ContentLength > ImportMaxBytes+64<<10 {
		return nil, tooBig
	}
	req.Body = http.MaxBytesReader(c.Response(), req.Body, ImportMaxBytes+64<<10)
	mr, err := req.MultipartReader()
	if err != nil {
		return nil, httpx.BadRequest("body", "必须是multipart/form-data")
	}
	var data []byte
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		var max *http.MaxBytesError
		if errors.As(err, &max) {
			return nil, tooBig
		} else if err != nil {
			return nil, httpx.BadRequest("body", "multipart 格式错误")
		}
		if part.FormName() != "file" || data != nil {
			if _, err := io.Copy(io.Discard, part); err != nil {
				return nil, tooBig
			}
			continue
		}
		if data, err = readLimited(part, ImportMaxBytes); err != nil {
			return nil, tooBig
		}
	}
	if data == nil {
		return nil, httpx.BadRequest("file", httpx.ReasonRequired)
	}
	return data, nil
}

// sendSheet answers a small workbook built in memory.
func sendSheet(c echo.Context, name string, headers []string, rows [][]any) error {
	var buf bytes.Buffer
	err := export.Write(&buf, headers, func(emit export.Emit) error {
		for _, r := range rows {
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentDisposition, httpx.Disposition("attachment", name))
	h.Set(echo.HeaderCacheControl, "no-store")
	return c.Blob(http.StatusOK, xlsxType, buf.Bytes())
}

// handleTemplate: GET /api/orders/expressTemplate → an xlsx holding the header row.
func handleTemplate(c echo.Context) error {
	return sendSheet(c, "快递单号导入模板.xlsx", ImportHeader, nil)
}

// handleErrorSheet: POST /api/orders/expressErrors with an import's errors → them as xlsx, so
// the shop can fix the rows and import them again.
func handleErrorSheet(c echo.Context) error {
	var in []ImportErrorRow
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if len(in) > MaxRowErrors {
		return httpx.BadRequest("body", fmt.Sprintf("最多%d行", MaxRowErrors))
	}
	rows := make([][]any, len(in))
	for i, e := range in {
		rows[i] = []any{e.Row, clip(e.OrderNo), clip(e.Message)}
	}
	return sendSheet(c, "快递单号导入错误.xlsx", []string{"行号", "订单号", "原因"}, rows)
}

// clip keeps a cell of the error list short: it only ever echoes what the import answered.
func clip(s string) string {
	if r := []rune(s); len(r) > 200 {
		return string(r[:200])
	}
	return s
}
