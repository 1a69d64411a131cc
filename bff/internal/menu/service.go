package menu

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
)

// RoleMenus tells which menus a set of roles holds (the role feature implements it).
type RoleMenus interface {
	MenuIDs(ctx context.Context, roleIDs []int64) ([]int64, error)
}

// Service builds router trees and permission lists, cached per set of roles.
type Service struct {
	store *Store
	roles RoleMenus
	trees *cache.Map[string, []byte]
	perms *cache.Map[string, []string]
	// channelOnly are top-level menu paths that only a channel operator (an account with an
	// agency) is shown: their pages speak of the caller's own agency and say nothing to anyone else.
	channelOnly []string
}

// cacheTTL bounds how long another BFF instance's menu or role edit can go unseen here.
const cacheTTL = 10 * time.Second

// NewService caches per role set until gen moves or cacheTTL passes.
func NewService(store *Store, roles RoleMenus, gen *cache.Generation, now func() time.Time) *Service {
	return &Service{
		store: store,
		roles: roles,
		trees: cache.NewMap[string, []byte](gen, cacheTTL, 1024, now),
		perms: cache.NewMap[string, []string](gen, cacheTTL, 1024, now),
	}
}

// HideWithoutAgency names the top-level menu paths (as "/mine") hidden in the tree of an account
// without an agency: left out of the side menu, still routed, so a direct visit answers as before.
func (s *Service) HideWithoutAgency(paths ...string) {
	for _, p := range paths {
		s.channelOnly = append(s.channelOnly, "/"+strings.TrimLeft(p, "/"))
	}
}

// TreeJSON is the caller's router tree as ready JSON: built once per set of roles (and, when some
// menus are channel-only, per whether the caller has an agency).
func (s *Service) TreeJSON(ctx context.Context, p *authz.Principal) ([]byte, error) {
	hide := len(s.channelOnly) > 0 && p.AgencyID == nil
	key := p.RoleKey
	if hide {
		key += "|no-agency"
	}
	return s.trees.Get(key, func() ([]byte, error) {
		all, err := s.store.All(ctx)
		if err != nil {
			return nil, err
		}
		var visible map[int64]bool
		if !p.IsAdmin {
			ids, err := s.roles.MenuIDs(ctx, p.RoleIDs)
			if err != nil {
				return nil, err
			}
			visible = make(map[int64]bool, len(ids))
			for _, id := range ids {
				visible[id] = true
			}
		}
		tree := BuildTree(all, visible)
		if hide {
			// hidden, not removed: the router still knows the pages, so a direct visit answers as
			// before (当前账号不属于任何渠道); only the side menu leaves them out
			for i := range tree {
				if slices.Contains(s.channelOnly, tree[i].Path) {
					tree[i].Hidden = true
				}
			}
		}
		return json.Marshal(tree)
	})
}

// Permissions returns the sorted, distinct permission strings of the roles' menus. key
// identifies the role set for the cache.
func (s *Service) Permissions(ctx context.Context, key string, roleIDs []int64) ([]string, error) {
	return s.perms.Get(key, func() ([]string, error) {
		ids, err := s.roles.MenuIDs(ctx, roleIDs)
		if err != nil || len(ids) == 0 {
			return []string{}, err
		}
		var perms []string
		err = s.store.db.WithContext(ctx).Model(&Menu{}).
			Where("id IN ? AND permission <> ''", ids).Distinct().Pluck("permission", &perms).Error
		slices.Sort(perms)
		return slices.Compact(perms), err
	})
}
