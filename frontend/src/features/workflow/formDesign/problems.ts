import { AxiosError } from 'axios';
import { failureOf } from '@/shared/api';
import type { PublishProblem } from '../formApi';
import type { Item } from './model';

/** A failed save or publish, sorted for the designer: per canvas field, the form's own inputs, and a list. */
export interface DesignErrors {
  /** What failed: the save of the draft, or the publish. */
  action: 'save' | 'publish';
  /** By canvas uid: the server's reason for that field's schema (`fields[3].key`). */
  byUid: Record<string, string>;
  /** name, icon, group. */
  meta: Record<string, string>;
  /** Everything as lines for the alert: `标题「请假天数」: 字段标识重复`, flow nodes by id. */
  lines: string[];
}

const FIELD_PATH = /^(?:schema\.)?fields\[(\d+)\](?:\.(\w+))?/;

/**
 * Reads the 400 of PUT/POST forms and of publish (docs/workflow.md: field errors named by path,
 * and `problems: [{ nodeId, message }]` for the flow) against the canvas. Errors it shows are
 * marked placed, so the request client's notice does not repeat them.
 */
export function designErrors(action: DesignErrors['action'], error: unknown, items: Item[], nodeText: (nodeId: string) => string): DesignErrors | null {
  const failure = failureOf(error);
  if (!failure) return null;
  const out: DesignErrors = { action, byUid: {}, meta: {}, lines: [] };
  for (const e of failure.errors) {
    const m = FIELD_PATH.exec(e.field);
    const item = m ? items[Number(m[1])] : undefined;
    if (item) {
      out.byUid[item.uid] = e.message;
      out.lines.push(`${item.field.label || item.field.key}（${item.field.key}）：${e.message}`);
    } else if (e.field === 'name' || e.field === 'icon' || e.field === 'group') {
      out.meta[e.field] = e.message;
      out.lines.push(e.message);
    } else {
      out.lines.push(e.field ? `${e.field}：${e.message}` : e.message);
    }
    failure.placed.add(e.field);
  }
  const data = error instanceof AxiosError ? (error.response?.data as { problems?: PublishProblem[] } | undefined) : undefined;
  for (const p of data?.problems ?? []) out.lines.push(`${nodeText(p.nodeId)}：${p.message}`);
  // an answer naming nothing (404, 500) has been told by the request client already
  return out.lines.length ? out : null;
}
