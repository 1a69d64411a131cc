package workflow

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// Boxes of GET /api/workflow/tasks.
const (
	BoxTodo = "todo"
	BoxDone = "done"
	BoxCC   = "cc"
	BoxMine = "mine"
)

// TaskRow is a row of 我的审批 (for mine and cc the row is the instance: ID = InstanceID).
type TaskRow struct {
	ID         int64  `json:"id"`
	InstanceID int64  `json:"instanceId"`
	FormName   string `json:"formName"`
	Applicant  Ref    `json:"applicant"`
	NodeName   string `json:"nodeName"`
	Status     string `json:"status" enum:"running,approved,rejected,withdrawn,returned"`
	CreateTime string `json:"createTime"`
	FinishTime string `json:"finishTime"`
}

type taskRow struct {
	ID, InstanceID, ApplicantID int64
	FormName, NodeName, Status  string
	CreateTime                  time.Time
	FinishTime                  *time.Time
}

// Tasks lists a box of the caller, newest first. Each box reads one index: tasks by
// (assignee, status), copies by user, instances by applicant.
func (s *Service) Tasks(ctx context.Context, p *authz.Principal, box, blurry string, offset, limit int) ([]TaskRow, int64, error) {
	g := s.store.db.WithContext(ctx)
	var tx *gorm.DB
	switch box {
	case BoxTodo, BoxDone:
		status := TPending
		if box == BoxDone {
			status = TDone
		}
		tx = g.Table("wf_tasks t").Joins("JOIN wf_instances i ON i.id = t.instance_id").
			Joins("JOIN wf_forms f ON f.id = i.form_id").Where("t.assignee_id = ? AND t.status = ?", p.UserID, status).
			Select("t.id, t.instance_id, i.applicant_id, f.name AS form_name, t.node_name, i.status, t.create_time, " +
				"t.finish_time").Order("t.id DESC")
	case BoxCC:
		tx = g.Table("wf_ccs c").Joins("JOIN wf_instances i ON i.id = c.instance_id").
			Joins("JOIN wf_forms f ON f.id = i.form_id").Where("c.user_id = ?", p.UserID).
			Select("i.id, i.id AS instance_id, i.applicant_id, f.name AS form_name, i.current AS node_name, i.status, " +
				"i.create_time, i.finish_time").Order("c.id DESC")
	case BoxMine:
		tx = g.Table("wf_instances i").Joins("JOIN wf_forms f ON f.id = i.form_id").Where("i.applicant_id = ?", p.UserID).
			Select("i.id, i.id AS instance_id, i.applicant_id, f.name AS form_name, i.current AS node_name, i.status, " +
				"i.create_time, i.finish_time").Order("i.id DESC")
	default:
		return nil, 0, invalid("box", "须为todo、done、cc或mine")
	}
	if blurry != "" {
		tx = tx.Where("f.name LIKE ?", "%"+blurry+"%")
	}
	var n int64
	if err := tx.Session(&gorm.Session{}).Count(&n).Error; err != nil {
		return nil, 0, err
	}
	var rows []taskRow
	if err := tx.Offset(offset).Limit(limit).Scan(&rows).Error; err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ApplicantID
	}
	people, err := s.users.ByIDs(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	out := make([]TaskRow, len(rows))
	for i, r := range rows {
		out[i] = TaskRow{ID: r.ID, InstanceID: r.InstanceID, FormName: r.FormName, NodeName: r.NodeName,
			Applicant: Ref{ID: r.ApplicantID, Name: people[r.ApplicantID].NickName}, Status: r.Status,
			CreateTime: httpx.FormatTime(r.CreateTime)}
		if r.FinishTime != nil {
			out[i].FinishTime = httpx.FormatTime(*r.FinishTime)
		}
	}
	return out, n, nil
}

// TodoCount is the number of the caller's pending tasks (the header's badge).
func (s *Service) TodoCount(ctx context.Context, p *authz.Principal) (int64, error) {
	var n int64
	err := s.store.db.WithContext(ctx).Model(&Task{}).Where("assignee_id = ? AND status = ?", p.UserID, TPending).Count(&n).Error
	return n, err
}

// BatchView is GET /api/workflow/batches/{id}.
type BatchView struct {
	ID         int64           `json:"id"`
	Form       Ref             `json:"form"`
	Creator    Ref             `json:"creator"`
	CreateTime string          `json:"createTime"`
	Instances  []BatchInstance `json:"instances"`
}

// BatchInstance is one applicant's instance in a batch.
type BatchInstance struct {
	ID        int64  `json:"id"`
	Applicant Ref    `json:"applicant"`
	Status    string `json:"status" enum:"running,approved,rejected,withdrawn,returned"`
}

// Batch reads a batch; only its creator (or the superuser) may.
func (s *Service) Batch(ctx context.Context, p *authz.Principal, id int64) (BatchView, error) {
	g := s.store.db.WithContext(ctx)
	var b WFBatch
	if err := g.Where("id = ?", id).Take(&b).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return BatchView{}, ErrBatchNotFound
	} else if err != nil {
		return BatchView{}, err
	}
	if b.CreatorID != p.UserID && !p.IsAdmin {
		return BatchView{}, ErrForbidden
	}
	var f Form
	var insts []Instance
	if err := g.Where("id = ?", b.FormID).Take(&f).Error; err != nil {
		return BatchView{}, err
	}
	if err := g.Where("batch_id = ?", id).Order("id").Find(&insts).Error; err != nil {
		return BatchView{}, err
	}
	ids := []int64{b.CreatorID}
	for _, in := range insts {
		ids = append(ids, in.ApplicantID)
	}
	people, err := s.users.ByIDs(ctx, ids)
	if err != nil {
		return BatchView{}, err
	}
	v := BatchView{ID: b.ID, Form: Ref{ID: f.ID, Name: f.Name}, Creator: Ref{ID: b.CreatorID, Name: people[b.CreatorID].NickName},
		CreateTime: httpx.FormatTime(b.CreateTime), Instances: []BatchInstance{}}
	for _, in := range insts {
		v.Instances = append(v.Instances, BatchInstance{ID: in.ID, Applicant: Ref{ID: in.ApplicantID, Name: people[in.ApplicantID].NickName}, Status: in.Status})
	}
	return v, nil
}
