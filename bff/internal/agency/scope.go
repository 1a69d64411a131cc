package agency

import "mallconsole/bff/internal/platform/authz"

// none is an agency ID no row has.
const none int64 = 0

// Scope is the agency whose rows the caller may see and change: nil (every row) for staff, the
// operator's own agency for a channel session. The agency comes from the operator's account
// (users.agency_id), read with the rest of the session's access on every request (cached, see
// docs/decisions.md "Agencies"); an operator without one sees and changes nothing rather than
// everything.
func Scope(p *authz.Principal) *int64 {
	if p == nil || p.Kind != authz.KindChannel {
		return nil
	}
	id := none
	if p.AgencyID != nil {
		id = *p.AgencyID
	}
	return &id
}
