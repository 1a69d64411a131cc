package attach

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// 存储管理 (seed-spec §7 "/api/localStorage", "/api/pictures"): every stored upload with who sent
// it, and the pictures among them; an administrator downloads, uploads and deletes.
const (
	LibraryRoute  = "/api/localStorage"
	PicturesRoute = "/api/pictures"
)

// pictureTypes are the content types the picture list shows (what sniff stores for images).
var pictureTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"}

// LibraryParams filter the list: blurry matches the file's name.
type LibraryParams struct {
	httpx.PageParams
	httpx.SortParams
	httpx.BlurryParams
}

// LibraryRow is a stored file as 存储管理 lists it.
type LibraryRow struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Suffix      string `json:"suffix"`
	Category    string `json:"type" enum:"图片,文档,其他"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	Uploader    string `json:"uploader"`
	CreateTime  string `json:"createTime"`
	ReadURL     string `json:"readUrl"`
	DownloadURL string `json:"downloadUrl"`
}

func (s *Service) libraryRoutes(r *authz.Router) {
	r.GET(LibraryRoute, authz.Perm(perm.StorageList), s.handleLibrary(false)).
		Doc(authz.Doc{Summary: "the stored files (存储管理)", Params: LibraryParams{}, Resp: httpx.List[LibraryRow]{}})
	r.GET(PicturesRoute, authz.Perm(perm.StorageList), s.handleLibrary(true)).
		Doc(authz.Doc{Summary: "the pictures among the stored files", Params: LibraryParams{}, Resp: httpx.List[LibraryRow]{}})
	r.POST(LibraryRoute, authz.Perm(perm.StorageAdd), s.handleLibraryUpload).
		Doc(authz.Doc{Summary: "upload a file to 存储管理", Form: UploadForm{}, Resp: Uploaded{}, Status: http.StatusCreated})
	r.DELETE(LibraryRoute, authz.Perm(perm.StorageDel), s.handleLibraryDelete).
		Doc(authz.Doc{Summary: "delete stored files and their rows", Body: httpx.IDList{}, Status: http.StatusOK})
	// the exports are the lists' (storage:list), as for every list
	export.Routes(r, LibraryRoute, authz.Perm(perm.StorageList), s.libraryExport(false))
	export.Routes(r, PicturesRoute, authz.Perm(perm.StorageList), s.libraryExport(true))
}

// librarySorts are the sortable columns.
var librarySorts = map[string]string{"createTime": "attachments.create_time", "size": "attachments.size",
	"name": "attachments.original_name", "id": "attachments.id"}

type libraryRow struct {
	Attachment
	Uploader string
}

func (s *Service) handleLibrary(pictures bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		page, err := httpx.ParsePage(c)
		if err != nil {
			return err
		}
		blurry, err := httpx.Blurry(c)
		if err != nil {
			return err
		}
		order, err := httpx.ParseSort(c, librarySorts, "attachments.create_time DESC, attachments.id DESC")
		if err != nil {
			return err
		}
		tx := s.libraryQuery(c.Request().Context(), blurry, pictures)
		rows, n, err := db.Paged[libraryRow](tx, order, page.Offset(), page.Size)
		if err != nil {
			return err
		}
		out := make([]LibraryRow, len(rows))
		for i, r := range rows {
			out[i] = libraryAnswer(r)
		}
		return c.JSON(http.StatusOK, httpx.List[LibraryRow]{Content: out, TotalElements: int(n)})
	}
}

// libraryQuery selects the stored files (the pictures among them) whose name matches blurry, each
// with its uploader's name: the list's rows and the export's.
func (s *Service) libraryQuery(ctx context.Context, blurry string, pictures bool) *gorm.DB {
	tx := s.db.WithContext(ctx).Table("attachments").
		Select("attachments.*, COALESCE(users.username, '') AS uploader").
		Joins("LEFT JOIN users ON users.id = attachments.owner_id").Where("attachments.swept_at IS NULL")
	tx = db.AnyLike(tx, blurry, "attachments.original_name")
	if pictures {
		tx = tx.Where("attachments.content_type IN ?", pictureTypes)
	}
	return tx
}

func libraryAnswer(r libraryRow) LibraryRow {
	a := answer(r.Attachment)
	suffix := strings.TrimPrefix(strings.ToLower(filepath.Ext(r.OriginalName)), ".")
	if suffix == "" {
		suffix = a.FileType
	}
	category := "其他"
	switch {
	case strings.HasPrefix(r.ContentType, "image/"):
		category = "图片"
	case r.ContentType == "application/pdf" || strings.Contains(r.ContentType, "officedocument") || strings.HasPrefix(r.ContentType, "text/"):
		category = "文档"
	}
	return LibraryRow{ID: r.ID, Name: r.OriginalName, Suffix: suffix, Category: category, ContentType: r.ContentType,
		Size: r.Size, Uploader: r.Uploader, CreateTime: httpx.FormatTime(r.CreateTime), ReadURL: a.ReadURL, DownloadURL: a.DownloadURL}
}

// handleLibraryDelete removes the files and their rows in one transaction, none when a record
// holds one of them (Hold): the rows go, then each stored file; when a file cannot be removed
// the rows come back, so no removed row leaves its file behind (a file already gone counts as
// removed; the files removed before the failure are read as 404 afterwards, which the list shows
// and a second delete clears).
func (s *Service) handleLibraryDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	ctx := c.Request().Context()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []Attachment
		if err := tx.Where("id IN ?", ids).Find(&rows).Error; err != nil {
			return err
		}
		if len(rows) != len(ids) {
			return httpx.NotFound("文件不存在")
		}
		for _, a := range rows {
			if err := s.held(ctx, a); err != nil {
				return err
			}
		}
		if err := tx.Delete(&Attachment{}, ids).Error; err != nil {
			return err
		}
		if err := s.removeFiles(ctx, rows); err != nil {
			return err
		}
		return c.NoContent(http.StatusOK)
	})
}

// handleLibraryUpload stores a file of 存储管理: it stands alone, taken as it is stored, so the
// orphan sweep never removes it.
func (s *Service) handleLibraryUpload(c echo.Context) error {
	a, err := s.receive(c, limits{field: "file", types: s.opt.Types, maxBytes: s.opt.MaxBytes, claimed: true})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, answer(a))
}

func (s *Service) removeFiles(ctx context.Context, rows []Attachment) error {
	for _, a := range rows {
		if err := s.store.Delete(ctx, a.Key); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
	}
	return nil
}
