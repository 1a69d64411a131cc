package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
)

// KeyStatementPages marks 对账单 as seeded (added later, for every database).
const KeyStatementPages = "seed.statement-pages"

// StatementMenu is the title of the statements page, under 商城 for staff and under 我的渠道
// for operators (the same page: the server shows an operator their agency's only).
const StatementMenu = "对账单"

// statementPages adds 对账单 under 商城 with its staff buttons (granted to the superuser role),
// and under 我的渠道 without them, granted to the operators' role (docs/decisions.md "Agency
// statements"). The operators' page is not under 商城 so that an operator holding 商城 does not
// see it twice.
func statementPages(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	err := shopPage(ctx, tx, gen, page{StatementMenu, "Statement", "statement", "mall/statement/index", "doc",
		perm.StatementList, 6, [][2]string{{"生成", perm.StatementGenerate}, {"调整", perm.StatementAdjust}}}, nil)
	if err != nil {
		return err
	}
	menus := menu.NewStore(tx, gen)
	mine, err := menus.Ensure(ctx, mineDir())
	if err != nil {
		return err
	}
	pages, err := ensurePages(ctx, menus, mine.ID, []page{{StatementMenu, "MineStatement", "statement", "mall/statement/index",
		"doc", perm.StatementList, 5, nil}})
	if err != nil {
		return err
	}
	roles := role.NewStore(tx, gen)
	operators, err := roles.Ensure(ctx, role.Role{Name: agency.OperatorRole, Level: 3, DataScope: role.ScopeDept,
		Description: "渠道运营人员"}, nil)
	if err != nil {
		return err
	}
	return roles.Grant(ctx, operators.ID, append(pages, mine.ID))
}
