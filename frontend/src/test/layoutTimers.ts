import { afterAll } from 'vitest';

/**
 * pro-layout's menu-item tooltip sets its state 400 ms after every mount or collapse
 * (SiderMenu/BaseMenu MenuItemTooltip). A test file that ends sooner has its jsdom torn down under
 * that timer, and React then fails with "window is not defined" outside any test — an error
 * vitest counts against the run. Files that draw the frame's sidebar wait the timer out.
 */
export function outliveMenuTooltipTimers() {
  afterAll(() => new Promise<void>((done) => setTimeout(done, 450)));
}
