package audit

import (
	"slices"
	"strings"
)

// actionMax is the longest action name the log keeps and searches for (its column's size).
const actionMax = 64

// Action names what a logged write did, for people: 新增用户, 删除角色, 登录失败 (issue 16).
type Action struct {
	Zh, En string
}

// actions name every audited route by "METHOD pattern" (echo's pattern, ":id" for IDs). One table
// beside the log rather than a word at each registration: the names of all the log's actions sit
// together in both languages, and TestEveryWriteRouteHasAnAction (package app) fails for a write
// route registered without one here.
var actions = map[string]Action{
	"POST /api/auth/login":                             {"登录", "Sign in"},
	"POST /api/auth/loginAccount":                      {"门户登录", "Sign in from the portal"},
	"POST /background/common/tj/login":                 {"渠道登录", "Channel sign-in"},
	"DELETE /api/auth/logout":                          {"退出登录", "Sign out"},
	"DELETE /api/auth/online":                          {"强制退出", "End sessions"},
	"DELETE /api/auth/online/users/:id":                {"强制下线", "Sign a user out"},
	"DELETE /api/auth/sessions":                        {"退出全部设备", "Sign out everywhere"},
	"POST /api/init":                                   {"初始化系统", "First-run setup"},
	"POST /api/menus":                                  {"新增菜单", "Add menu"},
	"PUT /api/menus":                                   {"编辑菜单", "Edit menu"},
	"DELETE /api/menus":                                {"删除菜单", "Delete menus"},
	"POST /api/roles":                                  {"新增角色", "Add role"},
	"PUT /api/roles":                                   {"编辑角色", "Edit role"},
	"DELETE /api/roles":                                {"删除角色", "Delete roles"},
	"POST /api/users":                                  {"新增用户", "Add user"},
	"PUT /api/users":                                   {"编辑用户", "Edit user"},
	"DELETE /api/users":                                {"删除用户", "Delete users"},
	"PUT /api/users/enabled":                           {"启用/停用用户", "Enable/disable users"},
	"PUT /api/users/:id/password":                      {"重置密码", "Reset password"},
	"PUT /api/users/center":                            {"修改个人资料", "Edit profile"},
	"PUT /api/messages/read":                           {"消息已读", "Mark messages read"},
	"PUT /api/messages/settings":                       {"消息设置", "Message settings"},
	"POST /api/users/updatePass":                       {"修改密码", "Change password"},
	"POST /api/users/updateAvatar":                     {"修改头像", "Change avatar"},
	"POST /api/localStorage":                           {"上传文件", "Upload file"},
	"DELETE /api/localStorage":                         {"删除文件", "Delete files"},
	"POST /api/dept":                                   {"新增部门", "Add department"},
	"PUT /api/dept":                                    {"编辑部门", "Edit department"},
	"DELETE /api/dept":                                 {"删除部门", "Delete departments"},
	"POST /api/dict":                                   {"新增字典", "Add dictionary"},
	"PUT /api/dict":                                    {"编辑字典", "Edit dictionary"},
	"DELETE /api/dict":                                 {"删除字典", "Delete dictionaries"},
	"POST /api/dictDetail":                             {"新增字典详情", "Add dictionary entry"},
	"PUT /api/dictDetail":                              {"编辑字典详情", "Edit dictionary entry"},
	"DELETE /api/dictDetail/:id":                       {"删除字典详情", "Delete dictionary entry"},
	"POST /api/contract/upload":                        {"上传附件", "Upload attachment"},
	"DELETE /api/actattach/delete/:id":                 {"删除附件", "Delete attachment"},
	"POST /api/files/imagePolicy":                      {"上传图片", "Upload picture"},
	"POST /api/workflow/leave":                         {"请假申请", "Request leave"},
	"POST /api/workflow/leave/batch":                   {"批量请假", "Request leave for several"},
	"POST /api/workflow/forms":                         {"新增表单", "Add form"},
	"PUT /api/workflow/forms/:id":                      {"保存表单", "Save form"},
	"POST /api/workflow/forms/:id/publish":             {"发布表单", "Publish form"},
	"DELETE /api/workflow/forms":                       {"删除表单", "Delete forms"},
	"POST /api/workflow/instances":                     {"发起流程", "Start a flow"},
	"POST /api/workflow/instances/:id/approve":         {"审批通过", "Approve"},
	"POST /api/workflow/instances/:id/reject":          {"审批驳回", "Reject"},
	"POST /api/workflow/instances/:id/withdraw":        {"撤回流程", "Withdraw"},
	"POST /api/workflow/instances/:id/return":          {"退回流程", "Return"},
	"POST /api/workflow/instances/:id/transfer":        {"转交流程", "Transfer"},
	"POST /api/workflow/instances/:id/resubmit":        {"重新提交", "Resubmit"},
	"POST /api/workflow/instances/:id/resend":          {"重新提交为新申请", "Send again as new"},
	"POST /api/workflow/tasks/approve":                 {"批量同意", "Approve several"},
	"POST /api/workflow/batches":                       {"批量发起", "Start for several"},
	"POST /api/olEnterpriseCert":                       {"提交企业认证", "Submit certification"},
	"PUT /api/olEnterpriseCert/:id/audit":              {"审核企业认证", "Review certification"},
	"POST /api/goods":                                  {"新增商品", "Add goods"},
	"PUT /api/goods":                                   {"编辑商品", "Edit goods"},
	"PUT /api/goods/status":                            {"上架/下架商品", "Put on/off sale"},
	"DELETE /api/goods":                                {"删除商品", "Delete goods"},
	"POST /api/categories":                             {"新增商品分类", "Add goods category"},
	"PUT /api/categories":                              {"编辑商品分类", "Edit goods category"},
	"DELETE /api/categories/:id":                       {"删除商品分类", "Delete goods category"},
	"PUT /api/orders/:id/ship":                         {"订单发货", "Ship order"},
	"PUT /api/orders/:id/close":                        {"关闭订单", "Close order"},
	"PUT /api/orders/:id/refund":                       {"订单退款", "Refund order"},
	"PUT /api/orders/:id/complete":                     {"完成订单", "Complete order"},
	"PUT /api/orders/:id/remark":                       {"修改订单备注", "Edit order remark"},
	"PUT /api/orders/:id/address":                      {"修改收货地址", "Edit order address"},
	"PUT /api/orders/:id/shipment":                     {"修改物流", "Correct shipment"},
	"POST /api/orders/:id/unship":                      {"取消发货", "Cancel shipment"},
	"PUT /api/settings/order":                          {"修改订单设置", "Edit order settings"},
	"POST /background/xf/order/expressImport":          {"导入发货", "Import shipments"},
	"POST /api/orders/expressErrors":                   {"下载导入错误", "Download import errors"},
	"POST /api/stock/adjust":                           {"调整库存", "Adjust stock"},
	"POST /api/jobs/:name/run":                         {"立即执行任务", "Run job now"},
	"PUT /api/jobs/:name/pause":                        {"暂停任务", "Pause job"},
	"PUT /api/jobs/:name/resume":                       {"恢复任务", "Resume job"},
	"POST /api/aftersales":                             {"代客申请售后", "Open after-sales case"},
	"POST /api/aftersales/:id/approve":                 {"同意售后", "Approve after-sales case"},
	"POST /api/aftersales/:id/reject":                  {"拒绝售后", "Reject after-sales case"},
	"POST /api/aftersales/:id/receive":                 {"售后收货", "Receive return"},
	"POST /api/aftersales/:id/refund":                  {"售后退款", "Refund after-sales case"},
	"POST /api/aftersales/gateway/notify":              {"退款结果通知", "Refund notification"},
	"POST /api/tracking/push":                          {"物流轨迹推送", "Parcel tracking push"},
	"POST /api/agencies":                               {"新增渠道", "Add agency"},
	"PUT /api/agencies":                                {"编辑渠道", "Edit agency"},
	"DELETE /api/agencies":                             {"删除渠道", "Delete agencies"},
	"POST /api/agencies/:id/operators":                 {"新增渠道账号", "Add operator"},
	"PUT /api/agencies/:id/operators/:userId/enabled":  {"启用/停用渠道账号", "Enable/disable operator"},
	"PUT /api/agencies/:id/operators/:userId/password": {"重置渠道账号密码", "Reset operator password"},
	"PUT /api/agencies/mine":                           {"编辑我的渠道", "Edit my agency"},
	"POST /api/agencyBasicInfo/uploadLogo":             {"上传渠道标志", "Upload agency logo"},
	"POST /api/contracts":                              {"新增合同", "Add contract"},
	"PUT /api/contracts":                               {"编辑合同", "Edit contract"},
	"DELETE /api/contracts":                            {"删除合同", "Delete contracts"},
	"PUT /api/contracts/:id/submit":                    {"提交签署", "Submit for signing"},
	"PUT /api/contracts/:id/sign":                      {"标记已签署", "Mark signed"},
	"PUT /api/contracts/:id/terminate":                 {"终止合同", "Terminate contract"},
	"POST /api/contractTemplates":                      {"新增合同模板", "Add contract template"},
	"PUT /api/contractTemplates":                       {"编辑合同模板", "Edit contract template"},
	"PUT /api/contractTemplates/:id/publish":           {"发布合同模板", "Publish contract template"},
	"DELETE /api/contractTemplates":                    {"删除合同模板", "Delete contract templates"},
	"POST /api/contractTemplate/receive":               {"领取合同模板", "Receive contract template"},
	"POST /api/dashboard/rebuild":                      {"重算数据概览", "Rebuild dashboard"},
	"POST /api/openClients":                            {"新建开放接口客户端", "Add API client"},
	"POST /api/openClients/:id/rotate":                 {"轮换客户端密钥", "Rotate API client secret"},
	"DELETE /api/openClients/:id":                      {"吊销开放接口客户端", "Revoke API client"},
	"POST /api/statements/generate":                    {"生成对账单", "Generate statement"},
	"POST /api/statements/:id/adjustments":             {"调整对账单", "Adjust statement"},
}

// exports name the lists whose export routes (<list>/download, <list>/downloadAll) are logged.
var exports = map[string]Action{
	"/api/users": {"用户", "users"}, "/api/roles": {"角色", "roles"}, "/api/dict": {"字典", "dictionaries"},
	"/api/dictDetail": {"字典详情", "dictionary entries"}, "/api/logs": {"操作日志", "operation log"},
	"/api/auth/online": {"在线用户", "online users"}, "/api/goods": {"商品", "goods"}, "/api/orders": {"订单", "orders"}, "/api/orders/items": {"订单明细", "order items"},
	"/api/agencies": {"渠道", "agencies"}, "/api/contracts": {"合同", "contracts"},
	"/api/localStorage": {"文件", "files"}, "/api/pictures": {"图片", "pictures"},
	"/api/stock/ledger": {"库存流水", "stock ledger"}, "/api/aftersales": {"售后单", "after-sales cases"},
	"/api/reports/sales": {"销售报表", "sales report"},
}

// ActionOf names the write method on route (echo's pattern); failed says a sign-in was refused
// (登录失败). ok is false for a route with no name.
func ActionOf(method, route string, failed bool) (Action, bool) {
	if a, ok := actions[method+" "+route]; ok {
		if failed && isSignIn(route) {
			return Action{a.Zh + "失败", a.En + " failed"}, true
		}
		return a, true
	}
	if method == "POST" {
		list, ok := strings.CutSuffix(route, "/downloadAll")
		if !ok {
			list, ok = strings.CutSuffix(route, "/download")
		}
		if e, known := exports[list]; ok && known {
			return Action{"导出" + e.Zh, "Export " + e.En}, true
		}
	}
	return Action{}, false
}

func isSignIn(route string) bool { return slices.Contains(SignInRoutes, route) }
