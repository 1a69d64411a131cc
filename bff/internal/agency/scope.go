// Package agency holds channel agencies (渠道): the goods and orders a channel operator works
// with belong to their agency. Agencies themselves (the table, the operator's membership) come
// later; this holds the one data-scope rule every shop feature applies to a session.
package agency

import "mallconsole/bff/internal/platform/authz"

// none is an agency ID no row has.
const none int64 = 0

// Scope is the agency whose rows the caller may see and change: nil (every row) for staff, the
// operator's own agency for a channel session. Until agencies exist an operator has none, so a
// channel session sees and changes nothing rather than everything (docs/decisions.md "Goods and
// orders").
func Scope(p *authz.Principal) *int64 {
	if p == nil || p.Kind != authz.KindChannel {
		return nil
	}
	id := none
	return &id
}
