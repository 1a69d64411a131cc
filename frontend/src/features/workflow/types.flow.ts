/**
 * The JSON of forms, flows and instances as docs/workflow.md defines it. The engine is written in
 * parallel; once `make contract` generates its types, these become aliases of the generated ones.
 */

export interface Ref {
  id: number;
  name: string;
}

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'amount'
  | 'select'
  | 'date'
  | 'dateRange'
  | 'leaveRange'
  | 'dept'
  | 'user'
  | 'upload'
  | 'richtext'
  | 'description';

/** One field of a form version's schema (only what the flow pages read). */
export interface FormField {
  key: string;
  type: FieldType;
  label: string;
  required?: boolean;
  dict?: string;
  options?: Array<{ label: string; value: string }>;
  multiple?: boolean;
  content?: string;
}

export interface FormSchema {
  fields: FormField[];
}

export type FieldPerm = 'read' | 'edit' | 'hidden';
export type FieldPerms = Record<string, FieldPerm>;

export type AssigneeKind = 'users' | 'role' | 'leader' | 'self';
export type ApproveMode = 'or' | 'and' | 'seq';

export interface ApproverProps {
  assignee: { kind: AssigneeKind; users: Ref[]; roles: Ref[]; levels: number };
  mode: ApproveMode;
  empty: { action: 'pass' | 'admin'; admin: Ref | null };
  fieldPerms: FieldPerms;
}

export interface CcProps {
  users: Ref[];
  roles: Ref[];
  /** What the copied read: `read` or `hidden` (copies never edit; the server refuses `edit`). */
  fieldPerms: FieldPerms;
}

export type CompareOp = 'gt' | 'ge' | 'lt' | 'le' | 'eq' | 'ne';

export type Condition =
  | { kind: 'field'; field: string; op: CompareOp; value: number }
  | { kind: 'field'; field: string; op: 'in'; value: string[] }
  | { kind: 'dept'; depts: Ref[] };

export interface Branch {
  id: string;
  name: string;
  priority: number;
  default: boolean;
  conditions: Condition[];
  next: FlowNode | null;
}

interface NodeBase {
  id: string;
  name: string;
  next: FlowNode | null;
}

export interface StartNode extends NodeBase {
  type: 'start';
  props: { fieldPerms: FieldPerms };
}
export interface ApproverNode extends NodeBase {
  type: 'approver';
  props: ApproverProps;
}
export interface CcNode extends NodeBase {
  type: 'cc';
  props: CcProps;
}
export interface RouteNode extends NodeBase {
  type: 'route';
  branches: Branch[];
}

export type FlowNode = StartNode | ApproverNode | CcNode | RouteNode;

/** A node the designer may add with "+". */
export type AddableType = 'approver' | 'cc' | 'route';

/** One complaint of the server's publish check (400 `problems`) or of the local check. */
export interface Problem {
  nodeId: string;
  message: string;
}

/** GET /api/workflow/forms/{id}. */
export interface FormDetail {
  id: number;
  name: string;
  icon: string;
  group: string;
  version: number;
  published: { version: number; schema: FormSchema; flow: FlowNode | null; publishTime: string } | null;
  draft: { schema: FormSchema; flow: FlowNode | null } | null;
}

export type InstanceStatus = 'running' | 'approved' | 'rejected' | 'withdrawn' | 'returned';
export type InstanceAction = 'approve' | 'reject' | 'transfer' | 'return' | 'withdraw' | 'resubmit' | 'resend';
export type StepAction =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'withdraw'
  | 'return'
  | 'resubmit'
  | 'transfer'
  | 'cc'
  | 'auto_pass'
  | 'to_admin'
  | 'finish';

export interface Step {
  id: number;
  nodeId: string;
  nodeName: string;
  action: StepAction;
  user: Ref | null;
  comment: string;
  time: string;
  to: Ref | null;
}

/** GET /api/workflow/instances/{id} (also the answer of every action). */
export interface Instance {
  id: number;
  status: InstanceStatus;
  form: { id: number; name: string; version: number; schema: FormSchema; flow: FlowNode };
  data: Record<string, unknown>;
  applicant: Ref;
  createTime: string;
  batchId: number | null;
  /** The record a feature started the instance for (the 退款审批's after-sales case); absent otherwise. */
  ref?: { kind: 'aftersale'; no: string };
  currentNodeIds: string[];
  passedNodeIds: string[];
  pending: Array<{ nodeId: string; nodeName: string; users: Ref[] }>;
  timeline: Step[];
  actions: InstanceAction[];
  returnTargets: Array<{ nodeId: string; name: string }>;
  fieldPerms: FieldPerms;
  /** The rejected request this one sends again; the request that sent this rejected one again. */
  resubmitOf?: number;
  resentAs?: number;
}

export type Box = 'todo' | 'done' | 'cc' | 'mine';

export interface TaskRow {
  id: number;
  instanceId: number;
  formId: number;
  formName: string;
  /** One line of the request's first fields (hidden ones left out), e.g. 售后单号：AS…，退款金额：¥1200.00. */
  summary?: string;
  applicant: Ref;
  /** The task's node, or the one the instance waits at ('' once finished). */
  nodeId: string;
  /** The designer's name of the node, '' when it has none: shown through nodeLabel. */
  nodeName: string;
  nodeType: FlowNode['type'] | '';
  status: InstanceStatus;
  createTime: string;
  finishTime: string | null;
}

export interface Batch {
  id: number;
  form: Ref;
  creator: Ref;
  createTime: string;
  instances: Array<{ id: number; applicant: Ref; status: InstanceStatus }>;
}
