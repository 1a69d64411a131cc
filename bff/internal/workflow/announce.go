package workflow

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strconv"

	"mallconsole/bff/internal/notify"
)

// Notifier is what the engine tells people through (the message centre): a task waiting for
// them, how their request ended, and that their 待办 count changed. Optional (Notify).
type Notifier interface {
	Send(ctx context.Context, to notify.Audience, m notify.Message) error
	Todo(ctx context.Context, userIDs ...int64)
}

// Notify sets who the engine tells after each committed step (nil: nobody). Called while
// wiring, before serving. log receives a failed Send (nil: nowhere): a message that could not
// be sent never undoes the step.
func (s *Service) Notify(n Notifier, log *slog.Logger) {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s.notifier, s.log = n, log
}

// news is who a step's transaction found to tell, kept on the run and told only once the
// transaction committed (a rolled-back step tells nobody).
type news struct {
	instance int64
	tasks    []int64 // users who got a pending task
	todo     []int64 // users whose pending tasks changed otherwise (done, cancelled, transferred)
	result   string  // IApproved, IRejected, IReturned when the step ended or returned the request
	comment  string  // the comment of the action that did
}

// taskFor records a new pending task of u.
func (r *run) taskFor(u int64) { r.news.tasks = append(r.news.tasks, u) }

// ending records how the step ended the request, with the action's comment.
func (r *run) ending(status string) { r.news.result, r.news.comment = status, r.comment }

// flowLink is the console's page of an instance, as 我的审批 opens it.
func flowLink(id int64) string { return "/flowDetail?id=" + strconv.FormatInt(id, 10) }

// resultTitles are the titles of the starter's message per outcome; a withdrawal, the
// starter's own doing, tells nobody.
var resultTitles = map[string]string{IApproved: "申请已通过：", IRejected: "申请被驳回：", IReturned: "申请被退回："}

// announce tells, after the commit, what the steps in ns found: the new tasks' assignees (a
// message and their 待办), the starter how the request ended, and everyone whose 待办 changed.
func (s *Service) announce(ctx context.Context, ns ...news) {
	if s.notifier == nil {
		return
	}
	var todo []int64
	for _, n := range ns {
		if n.instance == 0 {
			continue
		}
		todo = append(append(todo, n.tasks...), n.todo...)
		if len(n.tasks) == 0 && resultTitles[n.result] == "" {
			continue
		}
		if err := s.tell(ctx, n); err != nil {
			s.log.Warn("workflow: telling about an instance", "instance", n.instance, "err", err)
		}
	}
	if todo = uniq(todo); len(todo) > 0 {
		s.notifier.Todo(ctx, todo...)
	}
}

// tell sends one instance's messages, reading its form, starter and summary as 我的审批 does.
func (s *Service) tell(ctx context.Context, n news) error {
	insts, forms, people, err := s.hydrate(ctx, []int64{n.instance})
	if err != nil {
		return err
	}
	in, ok := insts[n.instance]
	if !ok {
		return nil
	}
	form := forms[in.FormID]
	if tasks := uniq(n.tasks); len(tasks) > 0 {
		flows, err := s.flows(ctx, insts)
		if err != nil {
			return err
		}
		z := &summarizer{s: s, ctx: ctx, dicts: map[string]map[string]string{}}
		sum, err := z.summary(flows[in.VersionID], in.Data)
		if err != nil {
			return err
		}
		starter := people[in.ApplicantID].NickName
		if starter == "" {
			starter = people[in.ApplicantID].Username
		}
		m := notify.Message{Type: notify.ApprovalTask, Title: "待审批：" + form + " · " + starter, Body: sum, Link: flowLink(in.ID)}
		if err := s.notifier.Send(ctx, notify.Audience{UserIDs: tasks}, m); err != nil {
			s.log.Warn("workflow: sending an approval task", "instance", in.ID, "err", err)
		}
	}
	if title := resultTitles[n.result]; title != "" {
		to := []int64{in.ApplicantID}
		if in.CreatorID != 0 && in.CreatorID != in.ApplicantID && !slices.Contains(to, in.CreatorID) {
			to = append(to, in.CreatorID) // who started it for the applicant (a batch) hears too
		}
		m := notify.Message{Type: notify.RequestResult, Title: title + form, Body: n.comment, Link: flowLink(in.ID)}
		if err := s.notifier.Send(ctx, notify.Audience{UserIDs: to}, m); err != nil {
			s.log.Warn("workflow: sending a request's result", "instance", in.ID, "err", err)
		}
	}
	return nil
}

// Announce tells the assignees of an instance's pending tasks that they wait for them: for a
// system start inside the caller's transaction (StartFor with tx), which the engine cannot see
// commit; the caller calls it after its commit.
func (s *Service) Announce(ctx context.Context, instanceID int64) {
	if s.notifier == nil {
		return
	}
	var users []int64
	if err := s.store.db.WithContext(ctx).Model(&Task{}).Where("instance_id = ? AND status = ?", instanceID, TPending).
		Pluck("assignee_id", &users).Error; err != nil {
		s.log.Warn("workflow: reading an instance's tasks to announce", "instance", instanceID, "err", err)
		return
	}
	s.announce(ctx, news{instance: instanceID, tasks: users})
}
