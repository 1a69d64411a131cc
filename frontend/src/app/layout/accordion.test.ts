import { describe, expect, it } from 'vitest';
import { accordion } from './accordion';

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

  it('a path that only starts alike is not a parent', () => {
    expect(accordion(['/sys'], ['/sys', '/system'])).toEqual(['/system']);
  });
});
