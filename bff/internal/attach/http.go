package attach

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// UploadRoute is the upload's path: it enforces its own body limit, larger than the default.
const UploadRoute = "/api/contract/upload"

// Permission that lets a user delete anyone's attachment (owners may always delete their own).
const PermDelete = "attach:del"

// Routes registers upload and delete for any signed-in user (delete checks the owner), and the
// public reads (their keys are unguessable, and an <img> cannot send a bearer token).
func (s *Service) Routes(r *authz.Router) {
	r.POST(UploadRoute, authz.SignedIn(), s.handleUpload).
		Doc(authz.Doc{Summary: "upload an attachment", Form: UploadForm{}, Resp: Uploaded{}, Status: http.StatusCreated})
	r.DELETE("/api/actattach/delete/:id", authz.SignedIn(), s.handleDelete).
		Doc(authz.Doc{Summary: "delete my attachment", Params: httpx.IDPath{}, Status: http.StatusOK})
	r.GET("/api/files/:key", authz.Public(), s.handleRead).
		Doc(authz.Doc{Summary: "read a file", Params: keyPath{}, RespType: "application/octet-stream"})
	r.GET("/api/files/:key/download", authz.Public(), s.handleRead).
		Doc(authz.Doc{Summary: "download a file", Params: keyPath{}, RespType: "application/octet-stream"})
	s.directRoutes(r)
	s.libraryRoutes(r)
}

// UploadForm is the multipart upload; the text fields are optional labels.
type UploadForm struct {
	File       multipart.File `formData:"file" required:"true"`
	Type       string         `formData:"type" maxLength:"64"`
	Code       string         `formData:"code" maxLength:"64"`
	OrderID    string         `formData:"orderId" maxLength:"64"`
	BusinessID string         `formData:"businessId" maxLength:"64"`
}

type keyPath struct {
	Key string `path:"key"`
}

// Uploaded is the upload answer (docs/decisions.md "Uploads"), plus the id that delete takes.
type Uploaded struct {
	ID           int64  `json:"id"`
	URL          string `json:"url"`
	OriginalName string `json:"originalName"`
	URI          string `json:"uri"`
	ReadURL      string `json:"readUrl"`
	DownloadURL  string `json:"downloadUrl"`
	FileType     string `json:"fileType"`
	Size         int64  `json:"size"`
}

// The optional text fields and their limit.
var textFields = map[string]string{"type": "Type", "code": "Code", "orderId": "OrderID", "businessId": "BusinessID"}

const maxText = 64

// errTooBig marks a file over the limit, found while it streams.
var errTooBig = errors.New("file too big")

// capped fails once more than max bytes have passed. It remembers a failure to read the body
// (a truncated upload) so that it is told apart from a failure to store.
type capped struct {
	r       io.Reader
	max     int64
	n       int64
	readErr error
}

func (c *capped) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.n > c.max {
		return n, errTooBig
	}
	if err != nil && err != io.EOF {
		c.readErr = err
	}
	return n, err
}

// limits narrow one upload: the form field holding the file, the kinds and size accepted, and
// the type recorded with it.
type limits struct {
	field    string
	types    []string
	maxBytes int64
	kind     string
	claimed  bool // taken as it is stored (orphans.go): the upload is the record's own write
}

func tooBig(lim limits) error {
	return &httpx.Error{Status: http.StatusRequestEntityTooLarge,
		Message: fmt.Sprintf("%s: 文件大小不能超过%s", lim.field, humanSize(lim.maxBytes))}
}

func (s *Service) handleUpload(c echo.Context) error {
	a, err := s.receive(c, limits{field: "file", types: s.opt.Types, maxBytes: s.opt.MaxBytes})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, answer(a))
}

// receive reads a multipart upload, stores its one file under lim and records it as the caller's.
// On any failure nothing is kept: neither the file nor its row.
func (s *Service) receive(c echo.Context, lim limits) (Attachment, error) {
	req := c.Request()
	// the whole body: the file plus room for the form's other fields and boundaries
	req.Body = http.MaxBytesReader(c.Response(), req.Body, lim.maxBytes+64<<10)
	mr, err := req.MultipartReader()
	if err != nil {
		return Attachment{}, httpx.BadRequest("body", "必须是multipart/form-data")
	}
	ctx := req.Context()
	a := Attachment{OwnerID: authz.From(c).UserID}
	stored := false
	defer func() {
		if stored && a.ID == 0 { // failed after the file was written
			_ = s.store.Delete(ctx, a.Key)
		}
	}()
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Attachment{}, bodyError(err, lim)
		}
		name := part.FormName()
		switch {
		case name == lim.field:
			if stored {
				return Attachment{}, httpx.BadRequest(lim.field, "只能上传一个文件")
			}
			// a type sent before the file narrows the limits while it streams
			if err := s.storeFile(c, part, &a, s.narrowed(lim, a.Type)); err != nil {
				return Attachment{}, err
			}
			stored = true
		case textFields[name] != "" && lim.kind == "":
			b, err := io.ReadAll(io.LimitReader(part, maxText*4+1))
			if err != nil {
				return Attachment{}, bodyError(err, lim)
			}
			v := strings.TrimSpace(string(b))
			if !utf8.ValidString(v) { // MySQL would refuse the row (500)
				return Attachment{}, httpx.BadRequest(name, "不是有效的UTF-8文本")
			}
			if len([]rune(v)) > maxText {
				return Attachment{}, httpx.BadRequest(name, fmt.Sprintf("%s（最多%d个字符）", httpx.ReasonTooLong, maxText))
			}
			if name == "type" && !s.known(v) { // before anything reads the database under it
				return Attachment{}, httpx.BadRequest(name, "不支持的附件类型")
			}
			setText(&a, name, v)
		default:
			if _, err := io.Copy(io.Discard, io.LimitReader(part, 1<<16)); err != nil {
				return Attachment{}, bodyError(err, lim)
			}
		}
	}
	if !stored {
		return Attachment{}, httpx.BadRequest(lim.field, httpx.ReasonRequired)
	}
	if lim.kind != "" {
		a.Type = lim.kind
	}
	if err := s.checkTyped(ctx, authz.From(c), a, lim); err != nil {
		return Attachment{}, err
	}
	a.CreateTime = s.opt.Now()
	if lim.claimed || s.typed[a.Type].Claimed {
		a.ClaimedAt = &a.CreateTime
	}
	if err := s.db.WithContext(ctx).Create(&a).Error; err != nil {
		a.ID = 0
		return Attachment{}, err
	}
	return a, nil
}

func bodyError(err error, lim limits) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || errors.Is(err, errTooBig) {
		return tooBig(lim)
	}
	return httpx.BadRequest("body", "格式错误")
}

// storeFile checks the file's type by its first bytes and streams it to storage, failing with
// 413 as soon as it passes the limit.
func (s *Service) storeFile(c echo.Context, part io.Reader, a *Attachment, lim limits) error {
	filename := ""
	if p, ok := part.(interface{ FileName() string }); ok {
		filename = p.FileName()
	}
	a.OriginalName = cleanName(filename)
	if a.OriginalName == "" {
		return httpx.BadRequest(lim.field, "缺少文件名")
	}
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(part, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return bodyError(err, lim)
	}
	head = head[:n]
	if n == 0 {
		return httpx.BadRequest(lim.field, "文件为空")
	}
	kind, ok := sniff(head, a.OriginalName)
	if !ok || !allowed(kind, lim.types) {
		return unsupported(lim)
	}
	a.Key, a.ContentType = newKey(kind.Ext), kind.ContentType
	body := &capped{r: io.MultiReader(bytes.NewReader(head), part), max: lim.maxBytes}
	size, err := s.store.Put(c.Request().Context(), a.Key, body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.Is(err, errTooBig) || errors.As(err, &mbe) {
			return tooBig(lim)
		}
		if body.readErr != nil { // the body ended before the file did (unexpected EOF): the client's fault
			return bodyError(body.readErr, lim)
		}
		if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
			// The rest of the body is read (MaxBytesReader bounds it) so that the client, still
			// sending, gets the 507 instead of a connection cut under it.
			_, _ = io.Copy(io.Discard, c.Request().Body)
		}
		return err
	}
	a.Size = size
	return nil
}

func setText(a *Attachment, name, v string) {
	switch name {
	case "type":
		a.Type = v
	case "code":
		a.Code = v
	case "orderId":
		a.OrderID = v
	case "businessId":
		a.BusinessID = v
	}
}

// cleanName keeps the base name, without control characters, at most 255 characters: it is shown
// and sent back in Content-Disposition, never used as a path. Bidirectional and zero-width
// controls go too: U+202E would show "evil\u202Egnp.exe" as "evilexe.png".
func cleanName(name string) string {
	name = filepath.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || invisible(r) {
			return -1
		}
		return r
	}, name)
	if r := []rune(name); len(r) > 255 {
		name = string(r[len(r)-255:])
	}
	// Trimmed before the check: " . " would otherwise be kept as the name ".".
	if name = strings.TrimSpace(name); name == "." || name == ".." || name == "/" {
		return ""
	}
	return name
}

// invisible tells the bidirectional controls (which reorder what is shown) and the zero-width
// characters that hide a name's real extension or make two names look the same.
func invisible(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200E, r == 0x200F, // arabic letter mark, LRM, RLM
		r >= 0x202A && r <= 0x202E,                                      // LRE RLE PDF LRO RLO
		r >= 0x2066 && r <= 0x2069,                                      // LRI RLI FSI PDI
		r == 0x200B, r == 0x200C, r == 0x200D, r == 0x2060, r == 0xFEFF: // zero-width
		return true
	}
	return false
}

// downloadName is the name a file is sent under: the uploader's, with the extension of the type
// found in its content (a.Key's), so an SVG uploaded as "x.html" is saved as "x.svg".
func downloadName(a Attachment) string {
	want := filepath.Ext(a.Key)
	have := filepath.Ext(a.OriginalName)
	if strings.EqualFold(have, want) || (want == ".jpg" && strings.EqualFold(have, ".jpeg")) {
		return a.OriginalName
	}
	return strings.TrimSuffix(a.OriginalName, have) + want
}

func answer(a Attachment) Uploaded {
	uri := "/api/files/" + a.Key
	return Uploaded{ID: a.ID, URL: uri, OriginalName: a.OriginalName, URI: uri, ReadURL: uri,
		DownloadURL: uri + "/download", FileType: strings.TrimPrefix(filepath.Ext(a.Key), "."), Size: a.Size}
}

func (s *Service) handleRead(c echo.Context) error {
	key := c.Param("key")
	if !keyPattern.MatchString(key) {
		return echo.ErrNotFound
	}
	ctx := c.Request().Context()
	a, found, err := s.byKey(ctx, key)
	if err != nil {
		return err
	}
	if !found {
		return &httpx.Error{Status: http.StatusNotFound, Message: "文件不存在"}
	}
	f, err := s.store.Open(ctx, key)
	if errors.Is(err, ErrNotFound) {
		return &httpx.Error{Status: http.StatusNotFound, Message: "文件不存在"}
	}
	if err != nil {
		return err
	}
	defer f.Close()
	h := c.Response().Header()
	kind := "inline"
	if strings.HasSuffix(c.Path(), "/download") {
		kind = "attachment"
	}
	h.Set(echo.HeaderContentType, a.ContentType)
	h.Set(echo.HeaderContentDisposition, httpx.Disposition(kind, downloadName(a)))
	h.Set("X-Content-Type-Options", "nosniff")
	// an uploaded SVG or PDF opened directly must not run script with the console's origin
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
	h.Set(echo.HeaderCacheControl, "private, max-age=86400")
	http.ServeContent(c.Response(), c.Request(), "", a.CreateTime, f)
	return nil
}

func (s *Service) handleDelete(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return httpx.BadRequest("id", "必须是正整数")
	}
	ctx := c.Request().Context()
	a, found, err := s.byID(ctx, id)
	if err != nil {
		return err
	}
	if !found {
		return &httpx.Error{Status: http.StatusNotFound, Message: "附件不存在"}
	}
	p := authz.From(c)
	if r, ok := s.typed[a.Type]; ok && r.Delete != nil {
		if err := r.Delete(ctx, p, a); err != nil {
			return err
		}
	} else if a.OwnerID != p.UserID && !p.Can(PermDelete) {
		return &httpx.Error{Status: http.StatusForbidden, Message: "没有权限"}
	}
	if err := s.held(ctx, a); err != nil {
		return err
	}
	if err := s.db.WithContext(ctx).Delete(&Attachment{}, id).Error; err != nil {
		return err
	}
	if err := s.store.Delete(ctx, a.Key); err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	return c.NoContent(http.StatusOK)
}

func unsupported(lim limits) error {
	return httpx.BadRequest(lim.field, "不支持的文件类型（允许："+strings.Join(lim.types, ", ")+"）")
}

func humanSize(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%dMB", n>>20)
	}
	return fmt.Sprintf("%.1fMB", float64(n)/(1<<20))
}
