package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

// treeKind is one parent-pointer table managed through the API: departments or menus.
type treeKind struct {
	name, path, table string
	reads             []string // pages that walk the tree; %d is the looping node
	body              func(n int, id, pid int64) map[string]any
	loopMsg           string
}

var treeKinds = []treeKind{
	{"dept", "/api/dept", "depts", []string{"/api/dept", "/api/dept/list?deptId=%d", "/api/users?deptId=%d"}, func(n int, id, pid int64) map[string]any {
		return map[string]any{"id": id, "name": fmt.Sprintf("环%d", n), "pid": pid, "deptSort": 1}
	}, "pid: 部门数据中有循环的上下级关系，请先把其中一个部门移到顶级"},
	{"menu", "/api/menus", "menus", []string{"/api/menus/tree", "/api/menus/build"}, func(n int, id, pid int64) map[string]any {
		return map[string]any{"id": id, "type": 0, "title": fmt.Sprintf("环%d", n), "path": fmt.Sprintf("/loop%d", n), "pid": pid}
	}, "pid: 菜单数据中有循环的上下级关系，请先把其中一个菜单移到顶级"},
}

func pidOf(s *apptest.Server, table string, id int64) int64 {
	var pid *int64
	s.DB.Table(table).Where("id = ?", id).Pluck("pid", &pid)
	if pid == nil {
		return 0
	}
	return *pid
}

// TestConcurrentMovesMakeNoLoop: A under B and B under A, sent at the same moment, many times:
// at most one goes through; the tree never gets a loop.
func TestConcurrentMovesMakeNoLoop(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		tokens := []string{admin.tok, s.Login(t, "admin", apptest.AdminPassword)} // one session each
		for _, k := range treeKinds {
			for round := range 10 {
				// 6 pairs per round, each pair: A under B and B under A at the same moment
				type pair struct{ a, b int64 }
				pairs := make([]pair, 6)
				for p := range pairs {
					n := 1000*round + 10*p
					pairs[p] = pair{createdID(t, admin.do(http.MethodPost, k.path, k.body(n, 0, 0))),
						createdID(t, admin.do(http.MethodPost, k.path, k.body(n+1, 0, 0)))}
				}
				var wg sync.WaitGroup
				statuses := make([]int, 2*len(pairs))
				start := make(chan struct{})
				for p, pr := range pairs {
					for i, mv := range [][2]int64{{pr.a, pr.b}, {pr.b, pr.a}} {
						wg.Add(1)
						go func() {
							defer wg.Done()
							<-start
							statuses[2*p+i] = s.Do(t, apptest.Request{Method: http.MethodPut, Path: k.path, Token: tokens[i],
								JSON: k.body(1000*round+10*p+2+i, mv[0], mv[1])}).Status
						}()
					}
				}
				close(start)
				wg.Wait()
				for _, pr := range pairs {
					if pidOf(s, k.table, pr.a) == pr.b && pidOf(s, k.table, pr.b) == pr.a {
						t.Fatalf("%s round %d: a loop was written (answers %v)", k.name, round, statuses)
					}
				}
				for _, st := range statuses {
					if st != http.StatusNoContent && st != http.StatusBadRequest {
						t.Fatalf("%s round %d: answers %v", k.name, round, statuses)
					}
				}
			}
		}
	})
}

// TestStoredLoopIsRefused: a loop written straight into the database (X → Y → X) makes moves
// under it and deletes of it answer 409 with the reason, at once, instead of hanging the
// server; moving one of them to the top repairs it.
func TestStoredLoopIsRefused(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		for _, k := range treeKinds {
			x := createdID(t, admin.do(http.MethodPost, k.path, k.body(1, 0, 0)))
			y := createdID(t, admin.do(http.MethodPost, k.path, k.body(2, 0, x)))
			z := createdID(t, admin.do(http.MethodPost, k.path, k.body(3, 0, 0)))
			if err := s.DB.Exec("UPDATE "+k.table+" SET pid = ? WHERE id = ?", y, x).Error; err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				want(t, admin.do(http.MethodPut, k.path, k.body(3, z, y)), http.StatusConflict, k.loopMsg)
				want(t, admin.do(http.MethodDelete, k.path, []int64{x}), http.StatusConflict, k.loopMsg)
				want(t, admin.do(http.MethodDelete, k.path, []int64{z, y}), http.StatusConflict, k.loopMsg)
				for _, page := range k.reads {
					if strings.Contains(page, "%d") {
						page = fmt.Sprintf(page, x)
					}
					want(t, admin.do(http.MethodGet, page, nil), http.StatusOK, "")
				}
				// the repair: X to the top
				want(t, admin.do(http.MethodPut, k.path, k.body(1, x, 0)), http.StatusNoContent, "")
				want(t, admin.do(http.MethodDelete, k.path, []int64{x}), http.StatusOK, "")
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%s: the server hung on a stored loop", k.name)
			}
		}
	})
}
