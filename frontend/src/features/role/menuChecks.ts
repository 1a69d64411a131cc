import type { MenuRow } from '@/features/menu/api';

interface Links {
  parent: Map<number, number>;
  children: Map<number, number[]>;
}

function links(tree: MenuRow[]): Links {
  const parent = new Map<number, number>();
  const children = new Map<number, number[]>();
  const walk = (nodes: MenuRow[], pid?: number) => {
    for (const n of nodes) {
      if (pid !== undefined) parent.set(n.id, pid);
      children.set(n.id, (n.children ?? []).map((c) => c.id));
      walk(n.children ?? [], n.id);
    }
  };
  walk(tree);
  return { parent, children };
}

/**
 * Ticking a menu in the role dialog also ticks what it needs and holds: its directories (a page
 * without its directory never shows) and everything under it. Unticking takes the subtree away.
 */
export function toggleMenu(tree: MenuRow[], checked: number[], id: number, on: boolean): number[] {
  const { parent, children } = links(tree);
  const out = new Set(checked);
  const below = (n: number): number[] => [n, ...(children.get(n) ?? []).flatMap(below)];
  if (on) {
    below(id).forEach((n) => out.add(n));
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) out.add(p);
  } else {
    below(id).forEach((n) => out.delete(n));
  }
  return [...out].sort((a, b) => a - b);
}
