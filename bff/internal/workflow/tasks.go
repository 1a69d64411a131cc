package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/user"
)

// Boxes of GET /api/workflow/tasks.
const (
	BoxTodo = "todo"
	BoxDone = "done"
	BoxCC   = "cc"
	BoxMine = "mine"
)

// TaskRow is a row of 我的审批 (for mine and cc the row is the instance: ID = InstanceID).
// The node is the task's (todo, done) or the one the instance waits at (mine, cc; all three
// empty once it is finished). NodeName is the name the designer gave it, "" when none: the
// screen then titles it by NodeType in its language, as the designer's canvas does.
type TaskRow struct {
	ID         int64  `json:"id"`
	InstanceID int64  `json:"instanceId"`
	FormID     int64  `json:"formId"`
	FormName   string `json:"formName"`
	Applicant  Ref    `json:"applicant"`
	NodeID     string `json:"nodeId"`
	NodeName   string `json:"nodeName"`
	NodeType   string `json:"nodeType"`
	Status     string `json:"status" enum:"running,approved,rejected,withdrawn,returned"`
	CreateTime string `json:"createTime"`
	FinishTime string `json:"finishTime"`
	// Summary is one line of the request's key fields ("请假类型：年假，请假时间：…"), the first
	// fields with a value that no node hides (summary.go).
	Summary string `json:"summary"`
}

// Tasks lists a box of the caller, newest first. Each box pages one table through one index —
// tasks by (assignee, status), copies by user, instances by applicant — and only then reads the
// page's instances and forms by primary key: a join driven by the optimizer once chose to walk a
// million instances for the todo count (13 s at p95 in BenchmarkEngineAtScale).
func (s *Service) Tasks(ctx context.Context, p *authz.Principal, box, blurry string, offset, limit int) ([]TaskRow, int64, error) {
	g := s.store.db.WithContext(ctx)
	var tx *gorm.DB
	switch box {
	case BoxTodo, BoxDone:
		status := TPending
		if box == BoxDone {
			status = TDone
		}
		tx = g.Table("wf_tasks").Where("assignee_id = ? AND status = ?", p.UserID, status).
			Select("id, instance_id, node_id, create_time, finish_time")
	case BoxCC:
		tx = g.Table("wf_ccs").Where("user_id = ?", p.UserID).Select("id, instance_id, '' AS node_id, create_time, NULL AS finish_time")
	case BoxMine:
		tx = g.Table("wf_instances").Where("applicant_id = ?", p.UserID).Select("id, id AS instance_id, '' AS node_id, create_time, finish_time")
	default:
		return nil, 0, invalid("box", "须为todo、done、cc或mine")
	}
	if blurry != "" {
		// Rare: the form-name search narrows by the forms' IDs first (a small table).
		var forms []int64
		if err := g.Model(&Form{}).Where("name LIKE ?", "%"+blurry+"%").Pluck("id", &forms).Error; err != nil {
			return nil, 0, err
		}
		if box == BoxMine {
			tx = tx.Where("form_id IN ?", append(forms, 0))
		} else {
			tx = tx.Where("instance_id IN (?)", g.Table("wf_instances").Select("id").Where("form_id IN ?", append(forms, 0)))
		}
	}
	var n int64
	if err := tx.Session(&gorm.Session{}).Count(&n).Error; err != nil {
		return nil, 0, err
	}
	var rows []struct {
		ID, InstanceID int64
		NodeID         string
		CreateTime     time.Time
		FinishTime     *time.Time
	}
	if err := tx.Order("id DESC").Offset(offset).Limit(limit).Scan(&rows).Error; err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.InstanceID
	}
	insts, forms, people, err := s.hydrate(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	flows, err := s.flows(ctx, insts)
	if err != nil {
		return nil, 0, err
	}
	z := &summarizer{s: s, ctx: ctx, dicts: map[string]map[string]string{}}
	out := make([]TaskRow, len(rows))
	for i, r := range rows {
		in := insts[r.InstanceID]
		out[i] = TaskRow{ID: r.ID, InstanceID: r.InstanceID, FormID: in.FormID, FormName: forms[in.FormID], NodeID: r.NodeID,
			Applicant: Ref{ID: in.ApplicantID, Name: people[in.ApplicantID].NickName}, Status: in.Status,
			CreateTime: httpx.FormatTime(r.CreateTime)}
		finish := r.FinishTime
		if box == BoxCC || box == BoxMine {
			out[i].NodeID, finish = in.Current, in.FinishTime
		}
		v := flows[in.VersionID]
		if v != nil && v.ix.nodes[out[i].NodeID] != nil {
			n := v.ix.nodes[out[i].NodeID]
			out[i].NodeName, out[i].NodeType = n.Name, n.Type
		}
		if out[i].Summary, err = z.summary(v, in.Data); err != nil {
			return nil, 0, err
		}
		if finish != nil {
			out[i].FinishTime = httpx.FormatTime(*finish)
		}
	}
	return out, n, nil
}

// hydrate reads a page's instances, their forms' names and their applicants by primary key.
func (s *Service) hydrate(ctx context.Context, ids []int64) (map[int64]Instance, map[int64]string, map[int64]user.User, error) {
	g := s.store.db.WithContext(ctx)
	var insts []Instance
	if err := g.Select("id, form_id, version_id, applicant_id, creator_id, status, current, data, finish_time").Where("id IN ?", append(ids, 0)).Find(&insts).Error; err != nil {
		return nil, nil, nil, err
	}
	byID := map[int64]Instance{}
	var formIDs, people []int64
	for _, in := range insts {
		byID[in.ID] = in
		formIDs, people = append(formIDs, in.FormID), append(people, in.ApplicantID)
	}
	var fs []Form
	if err := g.Select("id, name").Where("id IN ?", append(uniq(formIDs), 0)).Find(&fs).Error; err != nil {
		return nil, nil, nil, err
	}
	names := map[int64]string{}
	for _, f := range fs {
		names[f.ID] = f.Name
	}
	users, err := s.users.ByIDs(ctx, people)
	return byID, names, users, err
}

// flows reads the flows and schemas of a page's versions (usually one or two), so each row names
// its node from the version it runs (a task row's stored node_name is only its name, not its
// type) and sums up its data by that version's fields.
func (s *Service) flows(ctx context.Context, insts map[int64]Instance) (map[int64]*version, error) {
	var ids []int64
	for _, in := range insts {
		ids = append(ids, in.VersionID)
	}
	var vs []FormVersion
	if err := s.store.db.WithContext(ctx).Select([]string{"id", "flow", "schema"}).Where("id IN ?", append(uniq(ids), 0)).Find(&vs).Error; err != nil {
		return nil, err
	}
	out := map[int64]*version{}
	for _, v := range vs {
		var root Node
		var sc Schema
		if err := errors.Join(json.Unmarshal([]byte(v.Flow), &root), json.Unmarshal([]byte(v.Schema), &sc)); err != nil {
			return nil, err
		}
		ix := newIndex(&root)
		out[v.ID] = &version{ix: ix, schema: sc, hidden: hiddenFields(ix)}
	}
	return out, nil
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
