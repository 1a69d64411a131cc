package workflow

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/httpx"
)

// Holds is where the workflow says which files its applications keep (attach.Service).
type Holds interface {
	Hold(h attach.Holder)
}

// keptBy answers deleting a file an application keeps, by the application's state. Once
// submitted, the files of its upload fields are what approvers decide (or decided) on: running,
// approved, rejected and withdrawn instances keep them. Only an instance returned to its
// applicant (returned) lets them go, while the applicant edits it. A first-slice leave
// application (leave_applications: pending, rejected) can no longer change, so it keeps its
// files in either state.
var keptBy = map[string]string{
	IRunning:      "审批中的申请附件不能删除",
	StatusPending: "审批中的申请附件不能删除",
	IApproved:     "已审批通过的申请附件不能删除",
	IRejected:     "已驳回的申请附件不能删除",
	IWithdrawn:    "已撤回的申请附件不能删除",
}

// FileRules registers with the uploads that a submitted application keeps its attachments (409
// to deleting one, by whoever and through whichever route).
func (s *Service) FileRules(h Holds) {
	h.Hold(func(ctx context.Context, a attach.Attachment) error {
		status, err := s.store.StatusHolding(ctx, a.ID)
		if err != nil || status == "" {
			return err
		}
		return &httpx.Error{Status: http.StatusConflict, Message: keptBy[status]}
	})
}

// StatusHolding is the state of an application that keeps file, "" when none does. Instance
// data is JSON text: LIKE on the number finds the few candidates, and the version's upload
// fields decide, so a number or text that merely contains the digits holds nothing.
func (s *Store) StatusHolding(ctx context.Context, file int64) (string, error) {
	id := strconv.FormatInt(file, 10)
	pattern := "%" + id + "%" // digits only: nothing to escape
	tx := s.db.WithContext(ctx)
	var insts []Instance
	if err := tx.Select("id", "version_id", "status", "data").
		Where("status <> ? AND data LIKE ?", IReturned, pattern).Order("id").Find(&insts).Error; err != nil {
		return "", err
	}
	schemas := map[int64]Schema{}
	for _, in := range insts {
		sc, ok := schemas[in.VersionID]
		if !ok {
			var v FormVersion
			if err := tx.Select("id", "schema").Where("id = ?", in.VersionID).Take(&v).Error; err != nil {
				return "", err
			}
			if err := json.Unmarshal([]byte(v.Schema), &sc); err != nil {
				return "", err
			}
			schemas[in.VersionID] = sc
		}
		var data map[string]any
		if err := json.Unmarshal([]byte(in.Data), &data); err != nil {
			return "", err
		}
		if uploads(sc, data, file) {
			return in.Status, nil
		}
	}
	var leaves []Leave
	if err := tx.Select("id", "status", "attachment_ids").Where("attachment_ids LIKE ?", pattern).Find(&leaves).Error; err != nil {
		return "", err
	}
	for _, l := range leaves {
		if slices.ContainsFunc(strings.Split(l.AttachmentIDs, ","), func(x string) bool { return strings.TrimSpace(x) == id }) {
			return l.Status, nil
		}
	}
	return "", nil
}

// claimFiles marks the files the instance's data takes as claimed: the IDs of its upload fields and
// the pictures of its rich text (read paths inside the data). Every save of the data passes
// here — start, resubmit, an approver's edits — so whatever the data holds is claimed.
func (r *run) claimFiles() error {
	if r.s.files == nil { // a service without uploads (system starts in tests) has none to claim
		return nil
	}
	var ids []int64
	for _, f := range r.schema.Fields {
		if f.Type != TUpload {
			continue
		}
		if got, ok := idList(r.data[f.Key]); ok {
			ids = append(ids, got...)
		}
	}
	if err := r.s.files.Claim(r.tx, ids...); err != nil {
		return err
	}
	return r.s.files.ClaimIn(r.tx, r.inst.Data)
}

// uploads tells whether one of the schema's upload fields holds file in data.
func uploads(sc Schema, data map[string]any, file int64) bool {
	for _, f := range sc.Fields {
		if f.Type != TUpload {
			continue
		}
		if ids, ok := idList(data[f.Key]); ok && slices.Contains(ids, file) {
			return true
		}
	}
	return false
}
