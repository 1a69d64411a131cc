package attach

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/objstore"
)

// ImagePolicyRoute tells the rich-text editor how to upload a picture: straight to the bucket
// with a presigned POST when files are in object storage, else through UploadRoute.
const ImagePolicyRoute = "/api/files/imagePolicy"

// ImageMaxBytes is the largest picture the editor may post straight to the bucket (the upload
// widgets' own limit, docs/decisions.md "Building blocks").
const ImageMaxBytes = 5 << 20

// Presigner signs a browser's POST straight to the bucket; the bucket enforces its rules.
type Presigner interface {
	PresignPost(ctx context.Context, r objstore.PostRules) (objstore.Policy, error)
}

// Storage answers of the policy: where the editor posts the picture (config.Image* providers).
const (
	StorageLocal = "local"
	StorageS3    = "s3"
	StorageQiniu = "qiniu"
	StorageOSS   = "oss"
)

// ImagePolicyRequest names the picture's type (the File's type in the browser).
type ImagePolicyRequest struct {
	ContentType string `json:"contentType" required:"true" maxLength:"64"`
}

// ImagePolicy is the answer: with storage "s3", "qiniu" or "oss", post fields (for s3 and oss
// also the file's Content-Type in "Content-Type") and then the file, last, as "file" to url; the
// picture is then read at readUrl (a BFF path for s3, the vendor's public address otherwise).
// With "local", upload through /api/contract/upload as before.
type ImagePolicy struct {
	Storage   string            `json:"storage" enum:"local,s3,qiniu,oss"`
	MaxBytes  int64             `json:"maxBytes"`
	URL       string            `json:"url,omitempty"`
	Fields    map[string]string `json:"fields,omitempty"`
	Key       string            `json:"key,omitempty"`
	ReadURL   string            `json:"readUrl,omitempty"`
	ExpiresAt string            `json:"expiresAt,omitempty"`
}

// imageContentTypes are the types a presigned picture may carry: the raster kinds (imageTypes),
// so what the bucket keeps is served under one of them with nosniff, never as SVG or HTML.
var imageContentTypes = map[string]string{"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif",
	"image/webp": "webp", "image/bmp": "bmp"}

func (s *Service) directRoutes(r *authz.Router) {
	r.POST(ImagePolicyRoute, authz.SignedIn(), s.handleImagePolicy).
		Doc(authz.Doc{Summary: "how to upload a rich-text picture (a signed POST to S3, Qiniu or OSS, or local)",
			Body: ImagePolicyRequest{}, Resp: ImagePolicy{}})
}

// handleImagePolicy records the picture as the caller's attachment under a key of its own, and
// signs a POST that may write exactly that key, with the declared type and at most the limit,
// until hours × 3600 s from now. The row comes first so that the picture is read (and deleted)
// like any other upload; a policy never used leaves a row whose read is 404. A Qiniu or OSS
// bucket is not the BFF's storage: its pictures are read from the vendor's public address and
// leave no row (the BFF could neither read nor delete them).
func (s *Service) handleImagePolicy(c echo.Context) error {
	var req ImagePolicyRequest
	if err := httpx.JSON(c, &req); err != nil {
		return err
	}
	ext, ok := imageContentTypes[strings.ToLower(strings.TrimSpace(req.ContentType))]
	if !ok {
		return httpx.BadRequest("contentType", "不支持的图片类型（允许：png, jpg, gif, webp, bmp）")
	}
	limit := min(int64(ImageMaxBytes), s.opt.MaxBytes)
	if s.opt.Presign == nil {
		return c.JSON(http.StatusOK, ImagePolicy{Storage: StorageLocal, MaxBytes: limit})
	}
	ctx := c.Request().Context()
	now := s.opt.Now()
	a := Attachment{Key: newKey(ext), OriginalName: "image." + ext, ContentType: strings.ToLower(strings.TrimSpace(req.ContentType)),
		OwnerID: authz.From(c).UserID, Type: "richtext", CreateTime: now}
	expires := now.Add(s.opt.PolicyTTL)
	p, err := s.opt.Presign.PresignPost(ctx, objstore.PostRules{Key: a.Key, ContentType: a.ContentType, MaxBytes: limit, Expires: expires})
	if err != nil {
		return err
	}
	ans := ImagePolicy{Storage: s.opt.Provider, MaxBytes: limit, URL: p.URL, Fields: p.Fields, Key: a.Key,
		ExpiresAt: httpx.FormatTime(expires)}
	if s.opt.ReadBase != "" {
		ans.ReadURL = s.opt.ReadBase + "/" + a.Key
		return c.JSON(http.StatusOK, ans)
	}
	if err := s.db.WithContext(ctx).Create(&a).Error; err != nil {
		return err
	}
	ans.ReadURL = answer(a).ReadURL
	return c.JSON(http.StatusOK, ans)
}
