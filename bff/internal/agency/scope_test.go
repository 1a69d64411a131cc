package agency_test

import (
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
)

func TestScope(t *testing.T) {
	if s := agency.Scope(&authz.Principal{Kind: authz.KindStaff}); s != nil {
		t.Errorf("staff scope = %v, want every row", *s)
	}
	if s := agency.Scope(&authz.Principal{Kind: authz.KindChannel}); s == nil || *s != 0 {
		t.Errorf("a channel operator without an agency must see nothing, scope = %v", s)
	}
}
