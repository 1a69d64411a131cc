package cert

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/gate"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// Base is the certification's path (seed-spec §7 names its OCR call under it).
const Base = "/api/olEnterpriseCert"

// Routes registers the certification: the operator's submission, card reading and own state
// (cert:submit), the staff list and detail (cert:list) and the decision (cert:audit).
func (s *Service) Routes(r *authz.Router) {
	r.GET(Base+"/ocrIdCard", authz.Perm(perm.CertSubmit), s.handleOCR).
		Doc(authz.Doc{Summary: "read an uploaded identity card (OCR)", Params: ocrParams{}, Resp: ocr.Card{}})
	r.GET(Base+"/mine", authz.Perm(perm.CertSubmit), s.handleMine).
		Doc(authz.Doc{Summary: "my agency's certification", Resp: MineAnswer{}})
	r.POST(Base, authz.Perm(perm.CertSubmit), s.handleSubmit).
		Doc(authz.Doc{Summary: "submit (or, after a rejection, resubmit) the certification", Body: Body{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.GET(Base, authz.Perm(perm.CertList), s.handleList).
		Doc(authz.Doc{Summary: "list certifications (ID numbers masked)", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.GET(Base+"/:id", authz.Perm(perm.CertList), s.handleGet).
		Doc(authz.Doc{Summary: "one certification with its images", Params: httpx.IDPath{}, Resp: Row{}})
	r.PUT(Base+"/:id/audit", authz.Perm(perm.CertAudit), s.handleAudit).
		Doc(authz.Doc{Summary: "approve, or reject with a reason, a pending certification", Params: httpx.IDPath{}, Body: AuditBody{}})
}

type ocrParams struct {
	FileID int64  `query:"fileId" required:"true" minimum:"1"`
	Side   string `query:"side" required:"true" enum:"front,back"`
}

type listParams struct {
	httpx.PageParams
	httpx.BlurryParams
	Status string `query:"status" enum:"pending,approved,rejected"`
}

// Body is a submission.
type Body struct {
	AgencyID    int64  `json:"agencyId,omitempty" description:"staff only: the agency submitted for"`
	CompanyName string `json:"companyName"`
	CreditCode  string `json:"creditCode"`
	LegalPerson string `json:"legalPerson"`
	IDNumber    string `json:"idNumber"`
	IDFront     int64  `json:"idFront"`
	IDBack      int64  `json:"idBack"`
	License     int64  `json:"license"`
}

// AuditBody is a decision: approve, or reject with a reason.
type AuditBody struct {
	Approve bool   `json:"approve"`
	Reason  string `json:"reason"`
}

// Image is one of the certification's pictures.
type Image struct {
	ID  int64  `json:"id"`
	URL string `json:"url"`
}

// Row is a certification in answers. In the list the ID number is masked.
type Row struct {
	ID          int64  `json:"id"`
	AgencyID    int64  `json:"agencyId"`
	AgencyName  string `json:"agencyName"`
	CompanyName string `json:"companyName"`
	CreditCode  string `json:"creditCode"`
	LegalPerson string `json:"legalPerson"`
	IDNumber    string `json:"idNumber"`
	IDFront     *Image `json:"idFront,omitempty"`
	IDBack      *Image `json:"idBack,omitempty"`
	License     *Image `json:"license,omitempty"`
	Status      string `json:"status" enum:"pending,approved,rejected"`
	Reason      string `json:"reason"`
	SubmitTime  string `json:"submitTime"`
	AuditTime   string `json:"auditTime,omitempty"`
}

// MineAnswer is the operator's own certification, null before the first submission.
type MineAnswer struct {
	Cert *Row `json:"cert"`
}

// Field limits.
const (
	maxCompany = 128
	maxPerson  = 64
	maxReason  = 200
)

// httpError is the one place where the service's errors become answers; any other error is
// the server's fault (500, logged).
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("企业认证不存在")
	case errors.Is(err, ErrState):
		return &httpx.Error{Status: http.StatusConflict, Message: "当前状态不能进行此操作（待审核或已通过的认证不能重复提交）"}
	case errors.Is(err, ErrNoAgency):
		return httpx.BadRequest("agencyId", "没有可认证的渠道")
	case errors.Is(err, ErrFile):
		return httpx.BadRequest("files", "请上传本人上传的图片文件")
	case errors.Is(err, ErrNoFile):
		return httpx.NotFound("文件不存在")
	case errors.Is(err, ErrNoReason):
		return httpx.BadRequest("reason", "驳回时必须填写原因")
	case errors.Is(err, ocr.ErrNotImage):
		return httpx.BadRequest("fileId", "不是图片文件，无法识别")
	case errors.Is(err, ocr.ErrImageSize):
		return httpx.BadRequest("fileId", fmt.Sprintf("图片过大或不像身份证照片（每边不超过%d像素，长边不超过短边的%d倍），请裁剪或压缩后重新上传",
			ocr.MaxSide, ocr.MaxAspect))
	case errors.Is(err, gate.ErrBusy):
		return &httpx.Error{Status: http.StatusServiceUnavailable, Message: "身份证识别繁忙，请稍后重试或手动填写"}
	case errors.Is(err, ocr.ErrUnreadable):
		return &httpx.Error{Status: http.StatusUnprocessableEntity, Message: "无法识别身份证，请上传清晰、完整的身份证照片"}
	case errors.Is(err, ocr.ErrUnavailable):
		return &httpx.Error{Status: http.StatusBadGateway, Message: "身份证识别服务暂不可用，请稍后重试或手动填写"}
	case errors.Is(err, ocr.ErrOff):
		return &httpx.Error{Status: http.StatusServiceUnavailable, Message: "未启用身份证识别，请手动填写"}
	}
	return err
}

func (s *Service) handleOCR(c echo.Context) error {
	var chk httpx.Check
	id, err := strconv.ParseInt(c.QueryParam("fileId"), 10, 64)
	if err != nil || id <= 0 {
		chk.Fail("fileId", "必须是正整数")
	}
	side := c.QueryParam("side")
	chk.OneOf("side", side, string(ocr.Front), string(ocr.Back))
	if err := chk.Err; err != nil {
		return err
	}
	card, err := s.ReadCard(c.Request().Context(), authz.From(c), id, ocr.Side(side))
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, card)
}

func (s *Service) handleSubmit(c echo.Context) error {
	var b Body
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("companyName", &b.CompanyName, maxCompany, true)
	chk.Text("legalPerson", &b.LegalPerson, maxPerson, true)
	b.CreditCode = strings.ToUpper(strings.TrimSpace(b.CreditCode))
	if !CreditCode(b.CreditCode) {
		chk.Fail("creditCode", "统一社会信用代码格式或校验位不正确")
	}
	b.IDNumber = strings.ToUpper(strings.TrimSpace(b.IDNumber))
	if !IDCard(b.IDNumber) {
		chk.Fail("idNumber", "身份证号码格式或校验位不正确")
	}
	for _, f := range []struct {
		name string
		id   int64
	}{{"idFront", b.IDFront}, {"idBack", b.IDBack}, {"license", b.License}} {
		if f.id <= 0 {
			chk.Fail(f.name, "请上传图片")
		}
	}
	if err := chk.Err; err != nil {
		return err
	}
	id, err := s.Submit(c.Request().Context(), authz.From(c), Input(b))
	if err != nil {
		return httpError(err)
	}
	return httpx.Saved(c, true, id)
}

func (s *Service) handleAudit(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var b AuditBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("reason", &b.Reason, maxReason, !b.Approve)
	if err := chk.Err; err != nil {
		return err
	}
	if err := s.Audit(c.Request().Context(), authz.From(c), id, b.Approve, b.Reason); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}
