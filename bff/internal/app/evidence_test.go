package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/cert"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// deleteFile deletes an attachment the way its owner does, and through 存储管理 as the admin.
func deleteFile(c client, id int64) apptest.Response {
	return c.do(http.MethodDelete, fmt.Sprintf("/api/actattach/delete/%d", id), nil)
}

func deleteStored(admin client, id int64) apptest.Response {
	return admin.do(http.MethodDelete, attach.LibraryRoute, []int64{id})
}

// TestCertificationKeepsItsPictures: the pictures of a certification pending review or approved
// cannot be deleted — by their operator, by staff, through 存储管理, or by replacing the avatar they
// were uploaded as — while a picture not yet submitted, or one of a rejected certification, can.
func TestCertificationKeepsItsPictures(t *testing.T) {
	for _, variant := range []string{"sqlite", "mysql"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			s := apptest.Start(t, variant)
			admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
			op := client{t, s, s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)}
			pic := func(c client, name string) int64 { return uploadFile(t, s, c.tok, name, pngHead) }

			draft := pic(op, "draft.png")
			want(t, deleteFile(op, draft), http.StatusOK, "")

			// the avatar doubles as the licence: replacing the avatar must not take the licence
			want(t, postPart(t, s, user.AvatarRoute, op.tok, "avatar", nil, "me.png", pngHead), http.StatusOK, "")
			var avatar int64
			s.DB.Table("attachments").Where("type = ? AND owner_id = ?", "avatar", userID(t, s, seed.ChannelUser)).Pluck("id", &avatar)
			front, back := pic(op, "front.png"), pic(op, "back.png")
			id := createdID(t, op.do(http.MethodPost, "/api/olEnterpriseCert", certBody(front, back, avatar)))
			want(t, deleteFile(op, front), http.StatusConflict, "待审核的认证材料不能删除")
			want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/olEnterpriseCert/%d/audit", id), map[string]any{"approve": true}),
				http.StatusNoContent, "")
			for _, f := range []int64{front, back, avatar} {
				want(t, deleteFile(op, f), http.StatusConflict, "已审核通过的认证材料不能删除")
				want(t, deleteFile(admin, f), http.StatusConflict, "已审核通过的认证材料不能删除")
				want(t, deleteStored(admin, f), http.StatusConflict, "已审核通过的认证材料不能删除")
			}
			want(t, postPart(t, s, user.AvatarRoute, op.tok, "avatar", nil, "new.png", pngHead), http.StatusOK, "")
			var detail cert.Row
			admin.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/%d", id), nil).JSON(t, &detail)
			for _, img := range []*cert.Image{detail.IDFront, detail.IDBack, detail.License} {
				if img == nil || s.Do(t, apptest.Request{Path: img.URL}).Status != http.StatusOK {
					t.Fatalf("an approved certification lost a picture: %+v", detail)
				}
			}

			// agency B's certification is rejected: its operator replaces a picture and submits again
			b := client{t, s, channelOperator(t, s, "channel_b", demoAgency(t, s, seed.OtherAgencyCode))}
			bFront, bBack, bLicence := pic(b, "front.png"), pic(b, "back.png"), pic(b, "l.png")
			bID := createdID(t, b.do(http.MethodPost, "/api/olEnterpriseCert", certBody(bFront, bBack, bLicence)))
			want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/olEnterpriseCert/%d/audit", bID),
				map[string]any{"approve": false, "reason": "身份证不清晰"}), http.StatusNoContent, "")
			want(t, deleteFile(b, bFront), http.StatusOK, "")
			again := pic(b, "front2.png")
			createdID(t, b.do(http.MethodPost, "/api/olEnterpriseCert", certBody(again, bBack, bLicence)))
			want(t, deleteFile(b, again), http.StatusConflict, "待审核的认证材料不能删除")
		})
	}
}

// TestApplicationsKeepTheirAttachments: a leave request's attachment cannot be deleted while it is
// being approved or once decided, by its applicant or through 存储管理; returned to the applicant,
// it can, and the files resubmitted are kept again. A first-slice leave application keeps its
// files too. A signed contract keeps its scans through 存储管理 as well.
func TestApplicationsKeepTheirAttachments(t *testing.T) {
	for _, variant := range []string{"sqlite", "mysql"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			s := apptest.Start(t, variant)
			staff, admin := leaveFixture(t, s)
			lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
			note := func(name string) int64 { return uploadFile(t, s, staff.tok, name, pngHead) }
			act := func(c client, id int64, action string, body map[string]any) {
				t.Helper()
				want(t, c.do(http.MethodPost, fmt.Sprintf("/api/workflow/instances/%d/%s", id, action), body), http.StatusOK, "")
			}

			sick := note("病假条.png")
			id := createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"attachments": []int64{sick}})))
			want(t, deleteFile(staff, sick), http.StatusConflict, "审批中的申请附件不能删除")
			act(lead, id, "approve", map[string]any{"comment": "同意"})
			want(t, deleteFile(staff, sick), http.StatusConflict, "已审批通过的申请附件不能删除")
			want(t, deleteStored(admin, sick), http.StatusConflict, "已审批通过的申请附件不能删除")

			first := note("第一版.png")
			id = createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"attachments": []int64{first}})))
			act(lead, id, "return", map[string]any{"nodeId": "start", "comment": "请补病假条"})
			want(t, deleteFile(staff, first), http.StatusOK, "")
			second := note("第二版.png")
			data := leaveData()
			data["attachments"] = []int64{second}
			act(staff, id, "resubmit", map[string]any{"data": data})
			want(t, deleteFile(staff, second), http.StatusConflict, "审批中的申请附件不能删除")
			act(lead, id, "reject", map[string]any{"comment": "不批"})
			want(t, deleteFile(staff, second), http.StatusConflict, "已驳回的申请附件不能删除")

			// a first-slice application keeps its files; a number merely inside another one's is not kept
			old, other := note("旧.png"), note("无关.png")
			if err := s.DB.Create(&workflow.Leave{ApplicantID: userID(t, s, "staff"), CreatorID: userID(t, s, "staff"),
				Type: "personal", StartTime: s.Clock.Now(), EndTime: s.Clock.Now().AddDate(0, 0, 1), DayHundredths: 100,
				Reason: "旧申请", ApproverID: userID(t, s, "lead"), AttachmentIDs: fmt.Sprintf("%d0, %d", other, old),
				Status: workflow.StatusPending, CreateTime: s.Clock.Now()}).Error; err != nil {
				t.Fatal(err)
			}
			want(t, deleteFile(staff, old), http.StatusConflict, "审批中的申请附件不能删除")
			want(t, deleteFile(staff, other), http.StatusOK, "")

			m := &matrix{s: s, admin: admin.tok}
			signed := m.newContract(t, contract.Submit)
			scan := contractUpload(t, s, admin.tok, map[string]string{"type": contract.ContractFile, "businessId": fmt.Sprint(signed)},
				"scan.pdf", contract.MinimalPDF("signed"), http.StatusCreated)
			want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/contracts/%d/sign", signed), nil), http.StatusNoContent, "")
			want(t, deleteStored(admin, scan), http.StatusConflict, "status: 合同已签署，附件不能再更改")
		})
	}
}
