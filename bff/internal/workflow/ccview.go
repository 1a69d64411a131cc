package workflow

// ccPerms is the field permissions of someone the instance was copied to at the cc nodes
// copied: a field is read when one of those nodes shows it (a node's missing key is read) and
// hidden when all hide it. Copies never edit; an edit set on a cc node (refused at publishing
// since, possible in an older version) reads.
func (r *run) ccPerms(copied []string) map[string]string {
	out := map[string]string{}
	for _, f := range r.schema.Fields {
		perm := PermHidden
		for _, id := range copied {
			if n := r.ix.nodes[id]; n != nil && n.Props.FieldPerms[f.Key] != PermHidden {
				perm = PermRead
				break
			}
		}
		out[f.Key] = perm
	}
	return out
}
