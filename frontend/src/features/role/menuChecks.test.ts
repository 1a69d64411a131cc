import { describe, expect, it } from 'vitest';
import type { MenuRow } from '@/features/menu/api';
import { toggleMenu } from './menuChecks';

const node = (id: number, children?: MenuRow[]) => ({ id, children }) as MenuRow;
const tree = [node(1, [node(2, [node(3), node(4)]), node(5)])];

describe('toggleMenu', () => {
  it('ticks the directories above and everything below; unticks the subtree', () => {
    expect(toggleMenu(tree, [], 2, true)).toEqual([1, 2, 3, 4]);
    expect(toggleMenu(tree, [], 3, true)).toEqual([1, 2, 3]);
    expect(toggleMenu(tree, [1, 2, 3, 4, 5], 2, false)).toEqual([1, 5]);
  });
});
