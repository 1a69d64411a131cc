// Package perm names every permission string a route can require and the seed grants. They are
// constants so that a typo fails to compile; cmd/openapi reads this file and writes the same
// names into the front end (frontend/src/shared/api/permissions.ts), so both sides spell a
// permission once.
package perm

// Permissions of the system-management pages and their buttons.
const (
	UserList = "user:list"
	UserAdd  = "user:add"
	UserEdit = "user:edit"
	UserDel  = "user:del"

	RoleList = "role:list"
	RoleAdd  = "role:add"
	RoleEdit = "role:edit"
	RoleDel  = "role:del"

	MenuList = "menu:list"
	MenuAdd  = "menu:add"
	MenuEdit = "menu:edit"
	MenuDel  = "menu:del"

	DeptList = "dept:list"
	DeptAdd  = "dept:add"
	DeptEdit = "dept:edit"
	DeptDel  = "dept:del"

	DictList = "dict:list"
	DictAdd  = "dict:add"
	DictEdit = "dict:edit"
	DictDel  = "dict:del"

	LogList = "log:list"

	// 存储管理: the uploaded files and the pictures among them (/api/localStorage, /api/pictures).
	StorageList = "storage:list"
	StorageAdd  = "storage:add"
	StorageDel  = "storage:del"

	OnlineList = "online:list"
	OnlineDel  = "online:del"

	// APIDoc reads the API document (GET /api/openapi.json; 系统管理 → 接口文档).
	APIDoc = "api:doc"

	// UpstreamMetrics reads the counters of proxied calls (no menu grants it: the superuser).
	UpstreamMetrics = "upstream:metrics"
)

// Permissions of the workflow.
const (
	// LeaveBatch starts leave requests for other people.
	LeaveBatch = "leave:batch"
	// WorkflowDesign creates, edits, publishes and deletes forms and their flows (表单管理).
	WorkflowDesign = "workflow:design"
)

// Permissions of the shop: goods and orders (docs/decisions.md "Goods and orders").
const (
	GoodsList   = "goods:list"
	GoodsAdd    = "goods:add"
	GoodsEdit   = "goods:edit"
	GoodsDel    = "goods:del"
	GoodsExport = "goods:export"

	OrderList     = "order:list"
	OrderDetail   = "order:detail"
	OrderShip     = "order:ship"
	OrderClose    = "order:close"
	OrderRefund   = "order:refund"
	OrderComplete = "order:complete"
	OrderExport   = "order:export"
	// OrderExportDetail exports the orders' item lines with the full phone and address (导出明细):
	// a sheet for the warehouse, apart from the list's export.
	OrderExportDetail = "order:exportDetail"
	// OrderEdit changes an order's remark (修改备注), nothing of what was sold.
	OrderEdit = "order:edit"
	// OrderPrint prints picking lists and delivery notes of selected orders (打印), full phones
	// and addresses included: granted with OrderShip.
	OrderPrint = "order:print"
	// OrderSetting reads and saves the order rules (订单设置: unpaid close, auto-complete,
	// after-sales window, default low-stock threshold).
	OrderSetting = "order:setting"

	// 库存流水 (docs/decisions.md "Stock"): reading the ledger, booking a manual change (入库,
	// 出库, 盘点), exporting the ledger.
	StockList   = "stock:list"
	StockAdjust = "stock:adjust"
	StockExport = "stock:export"

	// 售后管理 (docs/aftersale.md): reading cases, approving, rejecting and opening them for a
	// customer (代客申请), receiving returned parcels, paying refunds, exporting.
	AftersaleList    = "aftersale:list"
	AftersaleAudit   = "aftersale:audit"
	AftersaleReceive = "aftersale:receive"
	AftersaleRefund  = "aftersale:refund"
	AftersaleExport  = "aftersale:export"
)

// Permissions of 商品分类, the goods category tree (docs/decisions.md "Goods categories"). Reading
// the tree to pick a category needs only a session.
const (
	CategoryList = "category:list"
	CategoryAdd  = "category:add"
	CategoryEdit = "category:edit"
	CategoryDel  = "category:del"
)

// Permissions of the data overview (docs/decisions.md "Dashboard").
const (
	// DashboardView reads the figures (GET /api/dashboard).
	DashboardView = "dashboard:view"
	// DashboardRebuild recomputes the figures from the orders and goods (after data was loaded
	// past the console, by SQL).
	DashboardRebuild = "dashboard:rebuild"
)

// Permissions of the reports (报表; docs/decisions.md "Sales reports are daily figures refreshed
// by a job").
const (
	// ReportList reads the sales report and exports it (销售报表).
	ReportList = "report:list"
)

// Permissions of the agency statements (对账单; docs/decisions.md "Agency statements").
const (
	// StatementList reads and downloads statements: staff every agency's, an operator their own.
	StatementList = "statement:list"
	// StatementGenerate makes a month not yet frozen again as a draft (staff).
	StatementGenerate = "statement:generate"
	// StatementAdjust adds an adjustment line to a statement (staff).
	StatementAdjust = "statement:adjust"
)

// Permissions of the enterprise certification (docs/decisions.md "Enterprise certification").
const (
	// CertSubmit: an agency operator submits their company's certification and reads ID cards.
	CertSubmit = "cert:submit"
	CertList   = "cert:list"
	CertAudit  = "cert:audit"
)

// Permissions of contracts and their templates (docs/decisions.md "Contracts").
const (
	ContractList   = "contract:list"
	ContractAdd    = "contract:add"
	ContractEdit   = "contract:edit" // edit, attach scans, and every status move
	ContractDel    = "contract:del"
	ContractExport = "contract:export"

	ContractTemplateList    = "contractTemplate:list"
	ContractTemplateAdd     = "contractTemplate:add"
	ContractTemplateEdit    = "contractTemplate:edit" // edit and publish
	ContractTemplateDel     = "contractTemplate:del"
	ContractTemplateReceive = "contractTemplate:receive" // an operator receives a template for their agency
)

// Permissions of 渠道管理 (docs/decisions.md "Agency management"). Operators of an agency are
// managed with AgencyEdit.
const (
	AgencyList   = "agency:list"
	AgencyAdd    = "agency:add"
	AgencyEdit   = "agency:edit"
	AgencyDel    = "agency:del"
	AgencyExport = "agency:export"
)

// Permissions of 开放接口: the API clients of the storefront API (docs/storefront.md).
const (
	OpenClientList = "openClient:list"
	OpenClientAdd  = "openClient:add"
	OpenClientEdit = "openClient:edit" // rotate a client's secret
	OpenClientDel  = "openClient:del"  // revoke
)

// Permissions of 定时任务 (docs/operations.md "Jobs").
const (
	JobList = "job:list" // the jobs and their runs
	JobRun  = "job:run"  // 立即执行
	JobEdit = "job:edit" // 暂停/恢复
)
