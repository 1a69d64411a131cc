package agency_test

import (
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
)

func TestScope(t *testing.T) {
	seven := int64(7)
	if s := agency.Scope(&authz.Principal{Kind: authz.KindStaff, AgencyID: &seven}); s != nil {
		t.Errorf("staff scope = %v, want every row (an agency on a staff account means nothing)", *s)
	}
	if s := agency.Scope(nil); s != nil {
		t.Errorf("no principal: scope = %v", *s)
	}
	if s := agency.Scope(&authz.Principal{Kind: authz.KindChannel}); s == nil || *s != 0 {
		t.Errorf("a channel operator without an agency must see nothing, scope = %v", s)
	}
	if s := agency.Scope(&authz.Principal{Kind: authz.KindChannel, AgencyID: &seven}); s == nil || *s != 7 {
		t.Errorf("a channel operator of agency 7: scope = %v", s)
	}
}
