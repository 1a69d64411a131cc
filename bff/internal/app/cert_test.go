package app_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/cert/ocr/specimen"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/user"
)

// Valid sample values of a submission.
const (
	sampleCredit = "91350100M000100Y43"
	sampleID     = "110101199003070011"
)

// cardImages draws the SPECIMEN card's sides and a blank picture (the licence); no CJK font:
// the test is skipped, saying what to install.
func cardImages(t *testing.T) (front, back, blank []byte) {
	t.Helper()
	front, err := specimen.FrontPNG(specimen.SampleFront)
	if errors.Is(err, specimen.ErrNoFont) {
		t.Skip("no CJK font to draw the specimen card: apt-get install fonts-noto-cjk")
	}
	if err != nil {
		t.Fatal(err)
	}
	if back, err = specimen.BackPNG(specimen.SampleBack); err != nil {
		t.Fatal(err)
	}
	if blank, err = specimen.BlankPNG(); err != nil {
		t.Fatal(err)
	}
	return front, back, blank
}

// uploadFile posts a file to the attachment upload as token and returns its ID.
func uploadFile(t *testing.T, s *apptest.Server, token, name string, content []byte) int64 {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(content)
	_ = w.Close()
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: attach.UploadRoute, Token: token, Raw: body.Bytes(), RawType: w.FormDataContentType()})
	return createdID(t, r)
}

// channelOperator creates an operator of the agency with the channel role and signs them in.
func channelOperator(t *testing.T, s *apptest.Server, name string, agencyID int64) string {
	t.Helper()
	ctx := context.Background()
	var r role.Role
	if err := s.DB.Where("name = ?", seed.ChannelRole).Take(&r).Error; err != nil {
		t.Fatal(err)
	}
	hash, _ := bcrypt.GenerateFromPassword([]byte(apptest.DemoPassword), bcrypt.MinCost)
	if _, _, err := user.NewStore(s.DB, s.Generation).Ensure(ctx, user.User{Username: name, NickName: name, Password: string(hash),
		Enabled: true, Kind: authz.KindChannel, AgencyID: &agencyID}, []int64{r.ID}); err != nil {
		t.Fatal(err)
	}
	return s.ChannelLogin(t, name, apptest.DemoPassword)
}

func demoAgencies(t *testing.T, s *apptest.Server) (a, b agency.Agency) {
	t.Helper()
	store := agency.NewStore(s.DB, s.Generation)
	a, _, errA := store.ByCode(context.Background(), seed.DemoAgencyCode)
	b, _, errB := store.ByCode(context.Background(), seed.OtherAgencyCode)
	if errA != nil || errB != nil || a.ID == 0 || b.ID == 0 {
		t.Fatalf("demo agencies: %v %v", errA, errB)
	}
	return a, b
}

type certRow struct {
	ID          int64  `json:"id"`
	AgencyID    int64  `json:"agencyId"`
	AgencyName  string `json:"agencyName"`
	CompanyName string `json:"companyName"`
	IDNumber    string `json:"idNumber"`
	Status      string `json:"status"`
	Reason      string `json:"reason"`
	IDFront     *struct {
		URL string `json:"url"`
	} `json:"idFront"`
}

func certBody(front, back, licence int64) map[string]any {
	return map[string]any{"companyName": "杭州云栖商贸有限公司", "creditCode": sampleCredit, "legalPerson": "王小明",
		"idNumber": sampleID, "idFront": front, "idBack": back, "license": licence}
}

// TestCertification: the operator reads the card, submits, staff reject with a reason, the
// operator resubmits, staff approve; every step's refusals are answered with the field and reason.
func TestCertification(t *testing.T) {
	front, back, blank := cardImages(t)
	s := apptest.Start(t, "sqlite")
	a, _ := demoAgencies(t, s)
	admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	op := client{t, s, s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)}
	frontID := uploadFile(t, s, op.tok, "front.png", front)
	backID := uploadFile(t, s, op.tok, "back.png", back)
	licence := uploadFile(t, s, op.tok, "licence.png", blank)
	pdf := uploadFile(t, s, op.tok, "x.pdf", []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"))

	var card ocr.Card
	r := op.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=front", frontID), nil)
	if r.Status == http.StatusServiceUnavailable {
		t.Skip("tesseract is not installed: apt-get install tesseract-ocr tesseract-ocr-chi-sim")
	}
	r.JSON(t, &card)
	if r.Status != http.StatusOK || card.Name != "王小明" || card.Number != sampleID || card.Gender != "男" || card.Birth != "1990-03-07" {
		t.Fatalf("front: %d %s", r.Status, r.Body)
	}
	r = op.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=back", backID), nil)
	r.JSON(t, &card)
	if r.Status != http.StatusOK || card.Authority != "北京市公安局东城分局" || card.Validity != "2020.01.01-2040.01.01" {
		t.Fatalf("back: %d %s", r.Status, r.Body)
	}
	// failures: not an image, nothing to read, bad parameters, no such file
	want(t, op.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=front", pdf), nil), 400, "fileId: 不是图片文件，无法识别")
	want(t, op.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=front", licence), nil), 422,
		"无法识别身份证，请上传清晰、完整的身份证照片")
	r = op.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=top", frontID), nil)
	if r.Status != 400 || !strings.Contains(string(r.Body), `"side"`) {
		t.Fatalf("side=top: %d %s", r.Status, r.Body)
	}
	want(t, op.do(http.MethodGet, "/api/olEnterpriseCert/ocrIdCard?fileId=999999&side=front", nil), 404, "文件不存在")

	// the submission's checks
	bad := certBody(frontID, backID, licence)
	bad["creditCode"], bad["idNumber"], bad["companyName"] = "91350100M000100Y44", "110101199003070012", " "
	r = op.do(http.MethodPost, "/api/olEnterpriseCert", bad)
	for _, f := range []string{`"creditCode"`, `"idNumber"`, `"companyName"`} {
		if r.Status != 400 || !strings.Contains(string(r.Body), f) {
			t.Fatalf("bad submission: %d %s, want 400 naming %s", r.Status, r.Body, f)
		}
	}
	want(t, op.do(http.MethodPost, "/api/olEnterpriseCert", certBody(frontID, backID, pdf)), 400, "")
	var mine struct {
		Cert *certRow `json:"cert"`
	}
	op.do(http.MethodGet, "/api/olEnterpriseCert/mine", nil).JSON(t, &mine)
	if mine.Cert != nil {
		t.Fatalf("refused submissions left a row: %+v", mine.Cert)
	}

	id := createdID(t, op.do(http.MethodPost, "/api/olEnterpriseCert", certBody(frontID, backID, licence)))
	want(t, op.do(http.MethodPost, "/api/olEnterpriseCert", certBody(frontID, backID, licence)), 409, "")
	op.do(http.MethodGet, "/api/olEnterpriseCert/mine", nil).JSON(t, &mine)
	if mine.Cert == nil || mine.Cert.ID != id || mine.Cert.Status != "pending" || mine.Cert.AgencyID != a.ID || mine.Cert.IDFront == nil {
		t.Fatalf("mine after submitting: %+v", mine.Cert)
	}

	// staff: the list masks the number, the detail shows it and the images
	var list struct {
		Content []certRow `json:"content"`
	}
	admin.do(http.MethodGet, "/api/olEnterpriseCert?page=0&size=10&status=pending", nil).JSON(t, &list)
	if len(list.Content) != 1 || list.Content[0].IDNumber != "1101**********0011" || list.Content[0].AgencyName != a.Name {
		t.Fatalf("list: %+v", list.Content)
	}
	if r := admin.do(http.MethodGet, "/api/olEnterpriseCert?page=0&size=10", nil); strings.Contains(string(r.Body), sampleID) {
		t.Fatalf("the list shows the whole ID number: %s", r.Body)
	}
	var detail certRow
	admin.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/%d", id), nil).JSON(t, &detail)
	if detail.IDNumber != sampleID || detail.IDFront == nil || !strings.HasPrefix(detail.IDFront.URL, "/api/files/") {
		t.Fatalf("detail: %+v", detail)
	}

	// reject needs a reason; rejected → resubmit → approve; a decided one is not decided again
	want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/olEnterpriseCert/%d/audit", id), map[string]any{"approve": false, "reason": " "}), 400, "")
	admin.do(http.MethodPut, fmt.Sprintf("/api/olEnterpriseCert/%d/audit", id), map[string]any{"approve": false, "reason": "营业执照不清晰"})
	op.do(http.MethodGet, "/api/olEnterpriseCert/mine", nil).JSON(t, &mine)
	if mine.Cert.Status != "rejected" || mine.Cert.Reason != "营业执照不清晰" {
		t.Fatalf("after rejecting: %+v", mine.Cert)
	}
	want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/olEnterpriseCert/%d/audit", id), map[string]any{"approve": true}), 409, "")
	if again := createdID(t, op.do(http.MethodPost, "/api/olEnterpriseCert", certBody(frontID, backID, licence))); again != id {
		t.Fatalf("a resubmission made a new row %d (want %d)", again, id)
	}
	op.do(http.MethodGet, "/api/olEnterpriseCert/mine", nil).JSON(t, &mine)
	if mine.Cert.Status != "pending" || mine.Cert.Reason != "" {
		t.Fatalf("after resubmitting: %+v", mine.Cert)
	}
	if r := admin.do(http.MethodPut, fmt.Sprintf("/api/olEnterpriseCert/%d/audit", id), map[string]any{"approve": true}); r.Status != http.StatusNoContent {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}
	op.do(http.MethodGet, "/api/olEnterpriseCert/mine", nil).JSON(t, &mine)
	if mine.Cert.Status != "approved" {
		t.Fatalf("after approving: %+v", mine.Cert)
	}
	// the agency's certification state follows (渠道管理 shows it)
	var agencyState string
	s.DB.Model(&agency.Agency{}).Where("id = ?", a.ID).Pluck("cert_status", &agencyState)
	if agencyState != agency.CertApproved {
		t.Fatalf("agency cert_status = %q, want approved", agencyState)
	}
	want(t, op.do(http.MethodPost, "/api/olEnterpriseCert", certBody(frontID, backID, licence)), 409, "")
}

// TestCertOCRProviders: a cloud vendor that does not answer is a 502 with a clear message, and
// OCR switched off says to type the fields.
func TestCertOCRProviders(t *testing.T) {
	front, _, _ := cardImages(t)
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	for _, c := range []struct {
		provider string
		status   int
		msg      string
	}{
		{config.OCRCloud, http.StatusBadGateway, "身份证识别服务暂不可用，请稍后重试或手动填写"},
		{config.OCROff, http.StatusServiceUnavailable, "未启用身份证识别，请手动填写"},
	} {
		s := apptest.Start(t, "sqlite", func(cfg *config.Config) {
			cfg.OCR = config.OCR{Provider: c.provider, CloudURL: gone.URL, CloudKey: "ak", CloudSec: "sk"}
		})
		op := client{t, s, s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)}
		id := uploadFile(t, s, op.tok, "front.png", front)
		want(t, op.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=front", id), nil), c.status, c.msg)
	}
}
