package workflow

import (
	"fmt"
	"strings"
	"time"
)

// Form is a designed form with its draft; Version is the published version (0: never published).
// Code names a built-in form (the leave request's "leave"); designed forms have none.
type Form struct {
	ID           int64 `gorm:"primaryKey"`
	Code         *string
	Name         string
	Icon         string
	GroupName    string
	Version      int
	DraftSchema  string // JSON Schema
	DraftFlow    string // JSON Node, "" when none yet
	DraftChanged bool   // the draft differs from the published version
	Enabled      bool   // false: deleted while instances still need it
	CreateTime   time.Time
	UpdateTime   time.Time
}

// TableName of the forms.
func (Form) TableName() string { return "wf_forms" }

// FormVersion is a published, frozen schema and flow: instances point at one and never see a
// later change of the form.
type FormVersion struct {
	ID          int64 `gorm:"primaryKey"`
	FormID      int64
	Version     int
	Schema      string
	Flow        string
	PublishTime time.Time
}

// TableName of the versions.
func (FormVersion) TableName() string { return "wf_form_versions" }

// Schema is a form's fields (docs/workflow.md "Form schema").
type Schema struct {
	Fields []Field `json:"fields"`
}

// Field is one field of a form; which properties apply depends on Type.
type Field struct {
	Key         string   `json:"key"`
	Type        string   `json:"type" enum:"text,textarea,number,amount,select,date,dateRange,leaveRange,dept,user,upload,richtext,description"`
	Label       string   `json:"label"`
	Required    bool     `json:"required,omitempty"`
	Placeholder string   `json:"placeholder,omitempty"`
	Default     any      `json:"default,omitempty"`
	Dict        string   `json:"dict,omitempty"`
	Options     []Option `json:"options,omitempty"`
	Multiple    bool     `json:"multiple,omitempty"`
	Min         *float64 `json:"min,omitempty"`
	Max         *float64 `json:"max,omitempty"`
	Precision   *int     `json:"precision,omitempty"`
	MaxCount    *int     `json:"maxCount,omitempty"`
	MaxSizeMB   *int     `json:"maxSizeMB,omitempty"`
	Accept      string   `json:"accept,omitempty"`
	Content     string   `json:"content,omitempty"`
}

// Option is one choice of a select without a dictionary.
type Option struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Ref is a user, role or department as the designer names it; the engine reads only ID.
type Ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Node is a node of a flow (docs/workflow.md "Flow"): start, approver, route or cc.
type Node struct {
	ID       string    `json:"id"`
	Type     string    `json:"type" enum:"start,approver,route,cc"`
	Name     string    `json:"name"`
	Props    NodeProps `json:"props"`
	Branches []Branch  `json:"branches,omitempty"`
	Next     *Node     `json:"next"`
}

// NodeProps are the settings of a node; which apply depends on its type.
type NodeProps struct {
	Assignee   *Assignee         `json:"assignee,omitempty"`
	Mode       string            `json:"mode,omitempty" enum:"or,and,seq"`
	Empty      *Empty            `json:"empty,omitempty"`
	FieldPerms map[string]string `json:"fieldPerms,omitempty"`
	Users      []Ref             `json:"users,omitempty"`
	Roles      []Ref             `json:"roles,omitempty"`
}

// Assignee says who approves: named users, a role's holders, the initiator's department heads
// (levels FromLevel..Levels, FromLevel defaults to 1) or people the initiator picks.
type Assignee struct {
	Kind      string `json:"kind" enum:"users,role,leader,self"`
	Users     []Ref  `json:"users,omitempty"`
	Roles     []Ref  `json:"roles,omitempty"`
	Levels    int    `json:"levels,omitempty"`
	FromLevel int    `json:"fromLevel,omitempty"`
}

// Empty is what happens when nobody resolves: pass, or go to Admin.
type Empty struct {
	Action string `json:"action" enum:"pass,admin"`
	Admin  *Ref   `json:"admin,omitempty"`
}

// Branch is one branch of a route.
type Branch struct {
	ID         string      `json:"id"`
	Name       string      `json:"name"`
	Priority   int         `json:"priority"`
	Default    bool        `json:"default"`
	Conditions []Condition `json:"conditions"`
	Next       *Node       `json:"next"`
}

// Condition is a test on a form field or on the initiator's department.
type Condition struct {
	Kind  string `json:"kind" enum:"field,dept"`
	Field string `json:"field,omitempty"`
	Op    string `json:"op,omitempty" enum:"gt,ge,lt,le,eq,ne,in"`
	Value any    `json:"value,omitempty"`
	Depts []Ref  `json:"depts,omitempty"`
}

// Field types.
const (
	TText       = "text"
	TTextarea   = "textarea"
	TNumber     = "number"
	TAmount     = "amount"
	TSelect     = "select"
	TDate       = "date"
	TDateRange  = "dateRange"
	TLeaveRange = "leaveRange"
	TDept       = "dept"
	TUser       = "user"
	TUpload     = "upload"
	TRichtext   = "richtext"
	TDesc       = "description"
)

// Node types, approval modes and field permissions.
const (
	NStart    = "start"
	NApprover = "approver"
	NRoute    = "route"
	NCC       = "cc"

	ModeOr  = "or"
	ModeAnd = "and"
	ModeSeq = "seq"

	PermRead   = "read"
	PermEdit   = "edit"
	PermHidden = "hidden"
)

// label is how the server's messages name a node: its name, else what the designer's canvas
// titles a node of its type (the same words as the front end's wf.node.* strings in Chinese),
// so a problem on an unnamed node reads 审批人：请设置审批人 and not ：请设置审批人.
func (n *Node) label() string {
	if name := strings.TrimSpace(n.Name); name != "" {
		return name
	}
	switch n.Type {
	case NStart:
		return "发起人"
	case NApprover:
		return "审批人"
	case NCC:
		return "抄送人"
	case NRoute:
		return "条件分支"
	}
	return n.ID
}

// label names a branch in messages as the designer names a new one: 条件{priority}, 默认.
func (b *Branch) label() string {
	if name := strings.TrimSpace(b.Name); name != "" {
		return name
	}
	if b.Default {
		return "默认"
	}
	return fmt.Sprintf("条件%d", b.Priority)
}
