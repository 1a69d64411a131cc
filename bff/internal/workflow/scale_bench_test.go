package workflow_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// BenchmarkEngineAtScale: on MariaDB with 1,000,000 finished instances (each with its done task
// and its steps), the p95 of one approve step and of the approver's todo list (first page and
// count); for information the done list of an approver holding a third of the finished tasks. Needs BFF_TEST_MYSQL_DSN; the fill takes a minute or two:
//
//	go test ./bff/internal/workflow/ -run '^$' -bench EngineAtScale -benchtime 1x
func BenchmarkEngineAtScale(b *testing.B) {
	const finished, samples = 1_000_000, 300
	g := dbtest.Open(b, "mysql")
	ctx := context.Background()
	o := newOrg(b, g)
	form := o.publish(b, start(approver("n1", "or", users(o.ref("lead"), o.ref("bob")), pass)))
	var version int64
	g.Table("wf_form_versions").Where("form_id = ?", form).Pluck("id", &version)
	began := time.Now()
	fill(b, g, form, version, []int64{o.users["lead"], o.users["bob"], o.users["boss1"]}, o.users["ann"], finished)
	b.Logf("filled %d finished instances in %s", finished, time.Since(began).Round(time.Second))

	ids := make([]int64, samples)
	for i := range ids {
		ids[i] = o.start(b, form, "ann", nil)
	}
	b.ResetTimer()
	var todo, done, approve []time.Duration
	for range b.N {
		for _, id := range ids {
			t0 := time.Now()
			if _, _, err := o.s.Tasks(ctx, o.p["lead"], workflow.BoxTodo, "", 0, 10); err != nil {
				b.Fatal(err)
			}
			todo = append(todo, time.Since(t0))
			t0 = time.Now()
			if _, _, err := o.s.Tasks(ctx, o.p["lead"], workflow.BoxDone, "", 0, 10); err != nil {
				b.Fatal(err)
			}
			done = append(done, time.Since(t0))
			t0 = time.Now()
			if err := o.act("lead", id, workflow.Action{Name: "approve", Comment: "同意"}); err != nil {
				b.Fatal(err)
			}
			approve = append(approve, time.Since(t0))
		}
	}
	b.StopTimer()
	b.ReportMetric(pct(todo, 50), "todo-p50-ms")
	b.ReportMetric(pct(todo, 95), "todo-p95-ms")
	b.ReportMetric(pct(done, 95), "done-p95-ms")
	b.ReportMetric(pct(approve, 50), "approve-p50-ms")
	b.ReportMetric(pct(approve, 95), "approve-p95-ms")
}

func pct(ds []time.Duration, p int) float64 {
	slices.Sort(ds)
	return float64(ds[len(ds)*p/100].Microseconds()) / 1000
}

// fill inserts n finished (approved) instances with one done task and two steps each, by
// multi-row INSERTs of 1,000 rows inside one transaction per 50,000.
func fill(b *testing.B, g *gorm.DB, form, version int64, approvers []int64, applicant int64, n int) {
	const rows, perTx = 1000, 50_000
	at := "2026-01-02 03:04:05"
	for from := 0; from < n; from += perTx {
		// Silent: each INSERT of 1,000 rows would be logged as slow SQL.
		err := g.Session(&gorm.Session{Logger: logger.Default.LogMode(logger.Silent)}).Transaction(func(tx *gorm.DB) error {
			for chunk := from; chunk < min(from+perTx, n); chunk += rows {
				var inst, task, step strings.Builder
				inst.WriteString("INSERT INTO wf_instances (id, form_id, version_id, applicant_id, creator_id, status, data, current, return_from, passed, rev, create_time, finish_time) VALUES ")
				task.WriteString("INSERT INTO wf_tasks (instance_id, node_id, node_name, assignee_id, seq, status, action, create_time, finish_time) VALUES ")
				step.WriteString("INSERT INTO wf_steps (instance_id, node_id, node_name, action, user_id, comment, time) VALUES ")
				for i := chunk; i < min(chunk+rows, n); i++ {
					sep := ","
					if i == chunk {
						sep = ""
					}
					id := int64(i + 1)
					who := approvers[i%len(approvers)]
					fmt.Fprintf(&inst, "%s(%d,%d,%d,%d,%d,'approved','{\"amount\":1}','','','[\"start\",\"n1\"]',2,'%s','%s')", sep, id, form, version, applicant, applicant, at, at)
					fmt.Fprintf(&task, "%s(%d,'n1','审批n1',%d,0,'done','approve','%s','%s')", sep, id, who, at, at)
					fmt.Fprintf(&step, "%s(%d,'start','发起人','submit',%d,'','%s'),(%d,'n1','审批n1','approve',%d,'同意','%s')", sep, id, applicant, at, id, who, at)
				}
				for _, q := range []*strings.Builder{&inst, &task, &step} {
					if err := tx.Exec(q.String()).Error; err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
