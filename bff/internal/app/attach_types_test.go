package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/seed"
)

// TestAttachmentTypesAreExact: an upload's type is one of a closed set, compared byte for byte,
// so no spelling of "contract" escapes the contract's rule. Agency A's operator (holding
// contract:edit) cannot put a "scan" on agency B's contract with any spelling, nobody adds one
// to a signed contract, an unknown type is a 400 naming type, and a row stored under another
// spelling (before the set was closed) is not a scan of the contract on MySQL's case-blind
// collation either, so the contract cannot be signed on it.
func TestAttachmentTypesAreExact(t *testing.T) {
	for _, variant := range []string{"sqlite", "mysql"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			s := apptest.Start(t, variant)
			grant(t, s, seed.ChannelRole, perm.ContractList, perm.ContractEdit)
			admTok := s.Login(t, "admin", apptest.AdminPassword)
			chTok := s.ChannelLogin(t, "channel", apptest.DemoPassword)
			admin := client{t, s, admTok}
			newB := func() int64 {
				body := contractBody(t, s)
				body["agencyId"] = demoAgency(t, s, seed.OtherAgencyCode)
				id := createdID(t, admin.do(http.MethodPost, "/api/contracts", body))
				want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/contracts/%d/submit", id), nil), http.StatusNoContent, "")
				return id
			}
			pending, signed := newB(), newB()
			scan := func(id int64) map[string]string {
				return map[string]string{"type": contract.ContractFile, "businessId": fmt.Sprint(id)}
			}
			contractUpload(t, s, admTok, scan(signed), "scan.pdf", contract.MinimalPDF("B"), http.StatusCreated)
			want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/contracts/%d/sign", signed), nil), http.StatusNoContent, "")

			forged := contract.MinimalPDF("forged")
			for _, kind := range []string{"CONTRACT", "Contract", "cOnTrAcT", "ｃｏｎｔｒａｃｔ", "contract\u200b", "contracttemplate", "invoice"} {
				for _, id := range []int64{pending, signed} {
					for _, tok := range []string{chTok, admTok} {
						r := postFile(t, s, attach.UploadRoute, tok, map[string]string{"type": kind, "businessId": fmt.Sprint(id)}, "scan.pdf", forged)
						wantField(t, r, http.StatusBadRequest, "type")
					}
				}
				r := postFile(t, s, attach.LibraryRoute, admTok, map[string]string{"type": kind, "businessId": fmt.Sprint(pending)}, "scan.pdf", forged)
				wantField(t, r, http.StatusBadRequest, "type")
			}
			// the exact spelling meets the rule: B's contract is not in A's scope; a signed one takes no more scans
			contractUpload(t, s, chTok, scan(pending), "scan.pdf", forged, http.StatusNotFound)
			contractUpload(t, s, admTok, scan(signed), "scan.pdf", forged, http.StatusConflict)
			// a contract's number only as the list shows it: "05" would be a scan no contract lists
			contractUpload(t, s, admTok, map[string]string{"type": contract.ContractFile, "businessId": "0" + fmt.Sprint(pending)},
				"scan.pdf", forged, http.StatusBadRequest)

			// a row of another spelling, as the old code stored it, is nobody's scan
			legacy := attach.Attachment{Key: "0123456789abcdef0123456789abcdef.pdf", OriginalName: "scan.pdf",
				ContentType: "application/pdf", Size: 1, OwnerID: 1, Type: "Contract", BusinessID: fmt.Sprint(pending),
				CreateTime: s.Clock.Now()}
			if err := s.DB.Create(&legacy).Error; err != nil {
				t.Fatal(err)
			}
			var d struct {
				Files []struct {
					ID int64 `json:"id"`
				} `json:"files"`
			}
			admin.do(http.MethodGet, fmt.Sprintf("/api/contracts/%d", pending), nil).JSON(t, &d)
			if len(d.Files) != 0 {
				t.Fatalf("B's pending contract shows files %+v", d.Files)
			}
			want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/contracts/%d/sign", pending), nil), http.StatusConflict,
				"files: 请先上传已签署的合同扫描件")
		})
	}
}

// wantField checks the status and that the error names field.
func wantField(t *testing.T, r apptest.Response, status int, field string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d %s, want %d naming %s", r.Status, r.Body, status, field)
	}
	e := r.Error(t)
	if len(e.Errors) == 0 || e.Errors[0].Field != field {
		t.Fatalf("error %+v, want the field %s", e, field)
	}
}
