package menu

import (
	"encoding/json"
	"testing"
)

func id(v int64) *int64 { return &v }

func TestBuildTree(t *testing.T) {
	all := []Menu{
		{ID: 1, Type: TypeDir, Title: "系统管理", Path: "/system", Component: Layout, Icon: "setting", Sort: 2, AlwaysShow: true, Breadcrumb: true},
		{ID: 2, PID: id(1), Type: TypeMenu, Title: "在线用户", Name: "OnlineUser", Path: "online", Component: "system/online/index", Icon: "monitor", Sort: 2, Breadcrumb: true},
		{ID: 3, PID: id(2), Type: TypeButton, Title: "强制退出", Permission: "online:del", Breadcrumb: true},
		{ID: 4, PID: id(1), Type: TypeMenu, Title: "用户管理", Name: "User", Path: "user", Component: "system/user/index", Sort: 1, Cache: true, Breadcrumb: true},
		{ID: 5, Type: TypeMenu, Title: "首页", Name: "Home", Path: "home", Component: "home/index", Sort: 1, Breadcrumb: false},
		{ID: 6, Type: TypeDir, Title: "空目录", Path: "empty", Sort: 3, Breadcrumb: true},
		{ID: 7, PID: id(1), Type: TypeDir, Title: "子目录", Path: "sub", Sort: 3, Breadcrumb: true},
		{ID: 8, PID: id(7), Type: TypeMenu, Title: "外链", Path: "https://example.com", IFrame: true, Sort: 1, Hidden: true, Breadcrumb: true},
	}
	got, _ := json.Marshal(BuildTree(all, nil))
	want := `[` +
		`{"path":"/home","hidden":false,"component":"Layout","children":[{"name":"Home","path":"index","hidden":false,"component":"home/index","meta":{"title":"首页","icon":"","noCache":true,"breadcrumb":false}}]},` +
		`{"name":"系统管理","path":"/system","hidden":false,"redirect":"noredirect","component":"Layout","alwaysShow":true,"meta":{"title":"系统管理","icon":"setting","noCache":true},"children":[` +
		`{"name":"User","path":"user","hidden":false,"component":"system/user/index","meta":{"title":"用户管理","icon":"","noCache":false}},` +
		`{"name":"OnlineUser","path":"online","hidden":false,"component":"system/online/index","meta":{"title":"在线用户","icon":"monitor","noCache":true}},` +
		`{"name":"子目录","path":"sub","hidden":false,"redirect":"noredirect","component":"ParentView","meta":{"title":"子目录","icon":"","noCache":true},"children":[` +
		`{"name":"外链","path":"https://example.com","hidden":true,"meta":{"title":"外链","icon":"","noCache":true}}]}]}]`
	if string(got) != want {
		t.Fatalf("tree\n got %s\nwant %s", got, want)
	}

	// Only granted menus show; a page whose directory is not granted does not.
	got, _ = json.Marshal(BuildTree(all, map[int64]bool{1: true, 2: true, 3: true, 8: true}))
	want = `[{"name":"系统管理","path":"/system","hidden":false,"redirect":"noredirect","component":"Layout","alwaysShow":true,"meta":{"title":"系统管理","icon":"setting","noCache":true},"children":[` +
		`{"name":"OnlineUser","path":"online","hidden":false,"component":"system/online/index","meta":{"title":"在线用户","icon":"monitor","noCache":true}}]}]`
	if string(got) != want {
		t.Fatalf("granted tree\n got %s\nwant %s", got, want)
	}
	if got, _ := json.Marshal(BuildTree(all, map[int64]bool{})); string(got) != "[]" {
		t.Fatalf("no grants = %s, want []", got)
	}
}
