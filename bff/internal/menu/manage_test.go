package menu

import (
	"encoding/json"
	"testing"
)

// TestManageTree: GET /api/menus/tree (seed-spec §7) nests every menu under its parent, buttons
// and hidden pages too, siblings by their sort; a menu whose parent is gone shows at the top
// rather than vanishing from the management page.
func TestManageTree(t *testing.T) {
	all := []Menu{
		{ID: 1, Type: TypeDir, Title: "系统管理", Path: "/system", Component: Layout, Sort: 2, AlwaysShow: true},
		{ID: 2, PID: id(1), Type: TypeMenu, Title: "在线用户", Name: "OnlineUser", Path: "online", Component: "system/online/index", Sort: 2},
		{ID: 3, PID: id(2), Type: TypeButton, Title: "强制退出", Permission: "online:del"},
		{ID: 4, PID: id(1), Type: TypeMenu, Title: "用户管理", Path: "user", Component: "system/user/index", Sort: 1, Hidden: true},
		{ID: 5, PID: id(99), Type: TypeMenu, Title: "孤儿", Path: "orphan", Sort: 1},
	}
	got, err := json.Marshal(Tree(all))
	if err != nil {
		t.Fatal(err)
	}
	type node struct {
		ID         int64  `json:"id"`
		PID        int64  `json:"pid"`
		Type       int    `json:"type"`
		Permission string `json:"permission"`
		Hidden     bool   `json:"hidden"`
		Children   []node `json:"children"`
	}
	var roots []node
	if err := json.Unmarshal(got, &roots); err != nil {
		t.Fatal(err)
	}
	// top: 孤儿 (sort 1) before 系统管理 (sort 2); under it 用户管理 (1) before 在线用户 (2), the button under that
	if len(roots) != 2 || roots[0].ID != 5 || roots[0].PID != 99 || roots[1].ID != 1 || len(roots[1].Children) != 2 {
		t.Fatalf("roots = %s", got)
	}
	kids := roots[1].Children
	if kids[0].ID != 4 || !kids[0].Hidden || kids[0].PID != 1 || kids[1].ID != 2 || len(kids[1].Children) != 1 {
		t.Fatalf("children of 系统管理 = %s", got)
	}
	if b := kids[1].Children[0]; b.ID != 3 || b.Type != TypeButton || b.Permission != "online:del" || b.Children != nil {
		t.Fatalf("button = %+v in %s", b, got)
	}
	if len(Tree(nil)) != 0 {
		t.Fatal("an empty table gives an empty tree")
	}
}
