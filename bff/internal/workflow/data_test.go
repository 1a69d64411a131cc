package workflow_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestDataValidation: values are checked against the version's field types; a bad one is 400 on
// its key, nothing is written; rich text is sanitised and unknown keys dropped.
func TestDataValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		sc := workflow.Schema{Fields: []workflow.Field{
			{Key: "txt", Type: workflow.TText, Label: "文本", Max: fp(3)},
			{Key: "num", Type: workflow.TNumber, Label: "数字", Min: fp(1), Precision: ip(1)},
			{Key: "amt", Type: workflow.TAmount, Label: "金额"},
			{Key: "sel", Type: workflow.TSelect, Label: "选择", Multiple: true, Dict: workflow.LeaveTypeDict},
			{Key: "day", Type: workflow.TDate, Label: "日期"},
			{Key: "span", Type: workflow.TDateRange, Label: "区间"},
			{Key: "dep", Type: workflow.TDept, Label: "部门"},
			{Key: "who", Type: workflow.TUser, Label: "人员", Multiple: true},
			{Key: "files", Type: workflow.TUpload, Label: "附件"},
			{Key: "html", Type: workflow.TRichtext, Label: "正文"},
			{Key: "must", Type: workflow.TTextarea, Label: "必填", Required: true},
			{Key: "note", Type: workflow.TDesc, Label: "说明", Content: "请如实填写"},
		}}
		id, err := o.s.SaveForm(ctx, workflow.FormInput{Name: "全类型", Schema: sc, Flow: start(approver("n1", "or", users(o.ref("lead")), pass))})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.s.Publish(ctx, id); err != nil {
			t.Fatal(err)
		}
		ok := func() map[string]any { return map[string]any{"must": "有"} }
		for _, c := range []struct {
			key string
			v   any
		}{
			{"txt", "四个字符"}, {"txt", 5.0}, {"num", 0.5}, {"num", 1.25}, {"num", "1"}, {"amt", 1.001},
			{"sel", "annual"}, {"sel", []any{"annual", "nope"}}, {"day", "2026-13-01"}, {"span", []any{"2026-02-01", "2026-01-01"}},
			{"dep", 999999.0}, {"dep", 1.5}, {"who", []any{999999.0}}, {"files", []any{999999.0}}, {"must", "  "},
		} {
			data := ok()
			data[c.key] = c.v
			_, _, err := o.s.Start(ctx, o.p["ann"], id, data, nil)
			var inv *workflow.Invalid
			if !errors.As(err, &inv) || inv.Field != c.key {
				t.Errorf("%s = %v: %v, want 400 on %s", c.key, c.v, err, c.key)
			}
		}
		var n int64
		g.Table("wf_instances").Count(&n)
		if n != 0 {
			t.Fatalf("%d instances written by refused data", n)
		}
		data := map[string]any{"must": "有", "txt": "三个字", "num": 2.5, "amt": 9.99, "sel": []any{"annual", "sick"},
			"day": "2026-06-01", "span": []any{"2026-06-01", "2026-06-02"}, "dep": float64(o.team),
			"who": []any{float64(o.users["bob"])}, "html": `<p onclick="x()">hi<script>alert(1)</script></p>`, "extra": "dropped"}
		inst := o.start(t, id, "ann", data)
		v := o.view(t, "ann", inst)
		if v.Data["html"] != "<p>hi</p>" || v.Data["extra"] != nil || v.Data["num"] != 2.5 || v.FieldPerms["txt"] != "read" {
			t.Fatalf("stored data: %+v perms %+v", v.Data, v.FieldPerms)
		}
	})
}
