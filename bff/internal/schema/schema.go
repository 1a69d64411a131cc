// Package schema lists the migrations of every feature, so that the program and the tests apply
// the same history.
package schema

import (
	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/cert"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/kv"
	"mallconsole/bff/internal/report"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/statement"
	"mallconsole/bff/internal/stock"
	"mallconsole/bff/internal/storefront"
	"mallconsole/bff/internal/tracking"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// Migrations returns all migrations; db.Migrate orders them by ID.
func Migrations() []db.Migration {
	var all []db.Migration
	for _, ms := range [][]db.Migration{
		dept.Migrations(), menu.Migrations(), role.Migrations(), user.Migrations(),
		dict.Migrations(), initsetup.Migrations(), auth.Migrations(), kv.Migrations(),
		audit.Migrations(),
		attach.Migrations(),
		workflow.Migrations(),
		goods.Migrations(), category.Migrations(), stock.Migrations(), order.Migrations(), agency.Migrations(), dashboard.Migrations(),
		cert.Migrations(),
		contract.Migrations(),
		storefront.Migrations(),
		aftersale.Migrations(),
		job.Migrations(),
		report.Migrations(),
		statement.Migrations(),
		notify.Migrations(),
		tracking.Migrations(),
	} {
		all = append(all, ms...)
	}
	return all
}
