package app_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

func publishForm(name string, flow map[string]any) map[string]any {
	return map[string]any{"name": name, "icon": "form", "group": "发布",
		"schema": map[string]any{"fields": []any{map[string]any{"key": "note", "type": "text", "label": "备注"}}}, "flow": flow}
}

type published struct {
	Version   int  `json:"version"`
	Unchanged bool `json:"unchanged"`
}

// TestConcurrentPublishes: 32 publishes at once (two for each of 16 forms) while the forms are
// read. On SQLite the publish used to check the flow through the pool while holding the write
// lock: the requests stalled for the busy timeout and some answered 500 database is locked; on
// MariaDB the loser of a race on one form answered 500 duplicated key. Now each form gets exactly
// one version and every answer is 200 or 409 表单已被他人发布，请刷新后重试.
func TestConcurrentPublishes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		var adminID int64
		s.DB.Table("users").Where("username = ?", "admin").Pluck("id", &adminID)
		const forms, each = 16, 2
		ids := make([]int64, forms)
		for i := range ids {
			ids[i] = createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", publishForm(fmt.Sprintf("并发%d", i), publishFlow(adminID, "审批"))))
		}
		type answer struct {
			r    apptest.Response
			took time.Duration
		}
		answers := make([]answer, forms*each+forms)
		ready := make(chan struct{})
		var wg sync.WaitGroup
		began := time.Now()
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-ready
				at := time.Now()
				form := ids[i%forms]
				req := apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/forms/%d/publish", form), Token: admin.tok}
				if i >= forms*each {
					req = apptest.Request{Method: http.MethodGet, Path: fmt.Sprintf("/api/workflow/forms/%d", form), Token: admin.tok}
				}
				answers[i] = answer{s.Do(t, req), time.Since(at)}
			}()
		}
		close(ready)
		wg.Wait()
		total := time.Since(began)
		wins, conflicts := 0, 0
		for i, a := range answers {
			switch a.r.Status {
			case http.StatusOK:
				var p published
				if i < forms*each {
					a.r.JSON(t, &p)
					if !p.Unchanged {
						wins++
					}
				}
			case http.StatusConflict:
				conflicts++
				want(t, a.r, http.StatusConflict, "表单已被他人发布，请刷新后重试")
			default:
				t.Errorf("request %d answered %d after %v: %s", i, a.r.Status, a.took, a.r.Body)
			}
		}
		if t.Failed() {
			t.Fatalf("all requests took %v", total)
		}
		var versions int64
		s.DB.Table("wf_form_versions").Where("form_id IN ?", ids).Count(&versions)
		if wins != forms || versions != forms {
			t.Fatalf("%d publishes made a version, %d versions stored, want %d of each (all took %v)", wins, versions, forms, total)
		}
		t.Logf("%d requests in %v, %d publishes lost a race (409)", len(answers), total, conflicts)
	})
}

// TestPublishingAnUnchangedDraft: publishing a draft that equals the latest version, whether
// nobody touched it or it was saved again as it was, answers that version with unchanged and
// stores no new one; a change in the form designer or the flow designer makes the next version.
func TestPublishingAnUnchangedDraft(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		var adminID int64
		s.DB.Table("users").Where("username = ?", "admin").Pluck("id", &adminID)
		body := publishForm("不变", publishFlow(adminID, "审批"))
		id := createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", body))
		path := fmt.Sprintf("/api/workflow/forms/%d", id)
		publish := func(version int, unchanged bool) {
			t.Helper()
			var p published
			r := admin.do(http.MethodPost, path+"/publish", nil)
			want(t, r, http.StatusOK, "")
			r.JSON(t, &p)
			if p.Version != version || p.Unchanged != unchanged {
				t.Fatalf("publish answered %s, want version %d unchanged %v", r.Body, version, unchanged)
			}
			var n int64
			s.DB.Table("wf_form_versions").Where("form_id = ?", id).Count(&n)
			if n != int64(version) {
				t.Fatalf("%d versions stored after publishing version %d", n, version)
			}
		}
		publish(1, false)
		publish(1, true)
		want(t, admin.do(http.MethodPut, path, body), http.StatusNoContent, "")
		publish(1, true)
		var list struct {
			Content []struct {
				ID           int64 `json:"id"`
				DraftChanged bool  `json:"draftChanged"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/workflow/forms?page=0&size=50&blurry=不变", nil).JSON(t, &list)
		if len(list.Content) != 1 || list.Content[0].DraftChanged {
			t.Fatalf("after publishing an unchanged draft the list says %+v", list.Content)
		}
		// the flow designer saves the draft with another flow
		body["flow"] = publishFlow(adminID, "复核")
		want(t, admin.do(http.MethodPut, path, body), http.StatusNoContent, "")
		publish(2, false)
		publish(2, true)
	})
}
