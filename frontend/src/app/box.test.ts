import { afterEach, describe, expect, it } from 'vitest';
import { fillBox } from './box';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the box the app fills', () => {
  it('standalone: the window, as a column the page grows into', () => {
    const root = document.createElement('div');
    document.body.appendChild(root);
    const undo = fillBox(root, null);
    expect(root.style.minHeight).toBe('100vh');
    expect(root.style.display).toBe('flex');
    expect(root.style.flexDirection).toBe('column');
    undo();
    expect(root.hasAttribute('style')).toBe(false);
  });

  it("embedded: the host's container, never the window's height; undo gives back the host's styles", () => {
    // qiankun's wrapper inside the host's container; a host with a header sizes its container
    // to what is left (the portal: min-height calc(100vh - 52px)).
    const hostBox = document.createElement('div');
    hostBox.style.minHeight = 'calc(100vh - 52px)';
    const wrapper = document.createElement('div');
    wrapper.setAttribute('style', 'color: red;');
    const root = document.createElement('div');
    wrapper.appendChild(root);
    hostBox.appendChild(wrapper);
    document.body.appendChild(hostBox);

    const undo = fillBox(root, wrapper);
    for (const box of [wrapper, root]) {
      expect(box.style.minHeight).toBe('inherit');
      expect(box.style.height).toBe('100%');
      expect(box.getAttribute('style')).not.toMatch(/vh/);
    }
    expect(root.style.display).toBe('flex');
    expect(root.style.flexDirection).toBe('column');
    expect(wrapper.style.color).toBe('red');
    undo();
    expect(wrapper.getAttribute('style')).toBe('color: red;');
    expect(root.hasAttribute('style')).toBe(false);
    expect(hostBox.getAttribute('style')).toBe('min-height: calc(100vh - 52px);');
  });
});
