import type { FormRow } from '../formApi';

export interface FormGroup {
  group: string;
  forms: FormRow[];
}

/**
 * Published forms by group, in the order groups first appear (the server's order), those without
 * a group last under `other`; `search` keeps forms whose name or group contains it (any case).
 */
export function groupForms(forms: FormRow[], search: string, other: string): FormGroup[] {
  const q = search.trim().toLowerCase();
  const byGroup = new Map<string, FormRow[]>();
  for (const f of forms) {
    const group = f.group.trim();
    if (q && !f.name.toLowerCase().includes(q) && !group.toLowerCase().includes(q)) continue;
    const list = byGroup.get(group) ?? [];
    list.push(f);
    byGroup.set(group, list);
  }
  const named = [...byGroup].filter(([g]) => g !== '').map(([group, list]) => ({ group, forms: list }));
  const rest = byGroup.get('');
  return rest ? [...named, { group: other, forms: rest }] : named;
}
