import { describe, expect, it } from 'vitest';
import { accordion, parentsOf } from './accordion';

describe('accordion', () => {
  it('opening a directory closes the others but keeps its own parents', () => {
    expect(accordion(['/system'], ['/system', '/mall'])).toEqual(['/mall']);
    expect(accordion(['/system'], ['/system', '/system/tools'])).toEqual(['/system', '/system/tools']);
    expect(accordion(['/system', '/system/tools'], ['/system', '/system/tools', '/mall'])).toEqual(['/mall']);
    expect(accordion([], ['/mall'])).toEqual(['/mall']);
  });

  it('closing one changes nothing else', () => {
    expect(accordion(['/system', '/mall'], ['/mall'])).toEqual(['/mall']);
    expect(accordion(['/mall'], [])).toEqual([]);
  });

  it('a page outside its directory\'s path keeps the directory open (流程 → /applyForm)', () => {
    const tree = [
      { path: '/system', children: [{ path: '/system/user' }] },
      { path: '/workflow', children: [{ path: '/applyForm' }, { path: '/formDesign' }] },
    ];
    expect(accordion(['/system'], ['/system', '/workflow', '/applyForm'], tree)).toEqual(['/workflow', '/applyForm']);
    expect(accordion([], ['/workflow', '/formDesign'], tree)).toEqual(['/workflow', '/formDesign']);
    expect(parentsOf(tree, '/applyForm')).toEqual(['/workflow']);
    expect(parentsOf(tree, '/nowhere')).toEqual([]);
  });

  it('a path that only starts alike is not a parent', () => {
    expect(accordion(['/sys'], ['/sys', '/system'])).toEqual(['/system']);
  });
});
