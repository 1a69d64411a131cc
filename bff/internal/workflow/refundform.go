package workflow

// RefundFormCode is the code of the seeded 退款审批 form: an after-sales refund over the
// approval threshold starts an instance of it (StartFor) and is sent only when it is approved.
// Its keys are fixed because the after-sales feature writes and reads them.
const (
	RefundFormCode  = "refund"
	RefundKeyCase   = "caseNo"
	RefundKeyOrder  = "orderNo"
	RefundKeyAmount = "amount"
	RefundKeyReason = "reason"
)

// RefKind of an instance started for an after-sales case.
const RefAftersale = "aftersale"

// InstanceRef is the record an instance was started for ({kind: "aftersale", no: "AS…"}): the
// instance's page links to it (/look/aftersale/<no>).
type InstanceRef struct {
	Kind string `json:"kind" enum:"aftersale"`
	No   string `json:"no"`
}

// refOf is the record an instance of f with data was started for, nil when none.
func refOf(f Form, data map[string]any) *InstanceRef {
	if f.Code == nil || *f.Code != RefundFormCode {
		return nil
	}
	no, _ := data[RefundKeyCase].(string)
	if no == "" {
		return nil
	}
	return &InstanceRef{Kind: RefAftersale, No: no}
}

// systemStarted tells whether a form is started only by its feature (StartFor), never from
// 流程申请: a 退款审批 without its case could never be sent or refused.
func systemStarted(f Form) bool { return f.Code != nil && *f.Code == RefundFormCode }

// RefundForm is the 退款审批 schema and flow: the case's number, its order, the amount and the
// reason, read-only everywhere (the case decides them); one approval node for the holders of
// the administrators' role (any one of them, 或签), falling back to admin when nobody else
// holds it. The applicant (the staff member who asked for the refund) is never their own
// approver (the engine's rule).
func RefundForm(adminRole, admin Ref) (Schema, *Node) {
	sc := Schema{Fields: []Field{
		{Key: RefundKeyCase, Type: TText, Label: "售后单号", Required: true, Max: ptrF(32)},
		{Key: RefundKeyOrder, Type: TText, Label: "订单号", Required: true, Max: ptrF(64)},
		{Key: RefundKeyAmount, Type: TAmount, Label: "退款金额", Required: true, Min: ptrF(0.01)},
		{Key: RefundKeyReason, Type: TTextarea, Label: "退款原因", Max: ptrF(maxReason)},
	}}
	read := map[string]string{}
	for _, f := range sc.Fields {
		read[f.Key] = PermRead
	}
	flow := &Node{ID: "start", Type: NStart, Name: "发起人", Props: NodeProps{FieldPerms: read},
		Next: &Node{ID: "refund_approve", Type: NApprover, Name: "退款审批", Props: NodeProps{
			Assignee: &Assignee{Kind: "role", Roles: []Ref{adminRole}}, Mode: ModeOr,
			Empty: &Empty{Action: "admin", Admin: &admin}, FieldPerms: read}}}
	return sc, flow
}
