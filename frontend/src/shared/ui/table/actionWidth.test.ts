import { describe, expect, it } from 'vitest';
import { actionsWidth, estimatedWidth, textWidth } from './actionWidth';

// issue 16: the 操作 column is as wide as one row's buttons in the chosen language
describe('action column width', () => {
  it('grows with the labels, the English ones wider than the Chinese', () => {
    expect(actionsWidth([])).toBe(0);
    expect(actionsWidth(['编辑', '删除'])).toBeLessThan(actionsWidth(['编辑', '重置密码', '删除']));
    expect(actionsWidth(['Edit', 'Reset password', 'Delete'])).toBeGreaterThan(actionsWidth(['编辑', '重置密码', '删除']));
  });
  it('errs wide: a Chinese character is a full em, Latin letters most of one', () => {
    expect(estimatedWidth('重置密码')).toBe(56);
    expect(estimatedWidth('Reset password')).toBeGreaterThanOrEqual(100);
  });
  it('estimates where the page cannot measure (jsdom has no canvas)', () => {
    expect(textWidth('Reset password')).toBe(estimatedWidth('Reset password'));
  });
});
