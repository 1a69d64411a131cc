// The frame's sidebar, fullscreen control and route progress bar as a person meets them: the
// sidebar's open/closed state kept in a cookie, the mobile width closing it at once and again
// after each navigation, the fullscreen warning, the progress bar on a route change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn, noErrors } from './flows.mjs';

const s = suite();

const siderWidth = (page) => page.locator('aside.ant-layout-sider').evaluate((n) => Math.round(n.getBoundingClientRect().width));
const sidebarCookie = async (page) => (await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value;
// The hamburger in the top bar (seed-spec §2).
const collapseButton = (page) => page.locator('header').getByRole('button', { name: /收起侧边栏|展开侧边栏/ });

async function signedIn(viewport, init) {
  const page = await newPage(s.browser, viewport ? { viewport } : undefined);
  if (init) await page.addInitScript(init);
  await page.goto(`${s.stack.bffURL}/login`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('tab', { name: '数据概览' }).waitFor();
  return page;
}

test('the sidebar is open by default, 205 px, and its state is kept in a cookie (1/0)', { skip: s.skip }, async () => {
  const page = await signedIn();
  assert.equal(await siderWidth(page), 205);
  assert.equal(await sidebarCookie(page), undefined, 'no cookie yet: open by default');
  await collapseButton(page).click();
  await page.waitForFunction(() => document.querySelector('aside.ant-layout-sider').getBoundingClientRect().width === 64);
  assert.equal(await sidebarCookie(page), '0');
  await page.reload();
  await page.getByRole('tab', { name: '数据概览' }).waitFor();
  await page.waitForFunction(() => document.querySelector('aside.ant-layout-sider').getBoundingClientRect().width === 64);
  await collapseButton(page).click();
  await page.waitForFunction(() => document.querySelector('aside.ant-layout-sider').getBoundingClientRect().width === 205);
  assert.equal(await sidebarCookie(page), '1');
  noErrors(page);
  await page.context().close();
});

test('the hamburger sits in the top bar; with 菜单手风琴 opening a directory closes the other', { skip: s.skip }, async () => {
  const page = await signedIn();
  assert.equal(await page.locator('.ant-pro-sider-collapsed-button').count(), 0, 'no toggle at the foot of the sidebar');
  const box = await collapseButton(page).boundingBox();
  assert.ok(box.y < 56, `the toggle is in the 56 px top bar (y ${box.y})`);
  const open = () => page.locator('aside .ant-menu-submenu-open > .ant-menu-submenu-title').allInnerTexts();
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /用户管理/ }).waitFor();
  await page.getByRole('menuitem', { name: /商城/ }).click();
  await page.getByRole('menuitem', { name: /商品管理/ }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('aside .ant-menu-submenu-open').length === 1);
  assert.deepEqual((await open()).map((x) => x.trim()), ['商城']);
  await screenshot(page, 'frame-00-accordion');
  // Switched off in 布局设置, both stay open.
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '菜单手风琴' });
  await drawer.getByRole('switch', { name: '菜单手风琴' }).click();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.waitForFunction(() => document.querySelectorAll('aside .ant-menu-submenu-open').length === 2);
  noErrors(page);
  await page.context().close();
});

test('under 992 px the sidebar is a drawer behind the hamburger, closed again after a route change', { skip: s.skip }, async () => {
  const page = await signedIn({ width: 900, height: 700 });
  await page.getByRole('button', { name: '展开侧边栏' }).waitFor();
  assert.equal(await page.locator('aside.ant-layout-sider').count(), 0, 'no sidebar rail beside the page');
  const content = await page.locator('.ant-pro-layout-content').boundingBox();
  assert.ok(content.x < 10, `the page uses the whole width (x ${content.x})`);
  await screenshot(page, 'frame-01-mobile');

  // The hamburger opens the menu as a drawer; following an entry closes it.
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  const drawer = page.locator('.mall-mobile-menu .ant-drawer-content');
  await drawer.getByRole('menuitem', { name: /系统管理/ }).click();
  await screenshot(page, 'frame-02-mobile-drawer');
  await drawer.getByRole('menuitem', { name: /用户管理/ }).click();
  await page.waitForURL(/\/system\/user$/);
  await page.getByRole('tab', { name: '用户管理' }).waitFor();
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: '展开侧边栏' }).waitFor();
  noErrors(page);
  await page.context().close();
});

test('fullscreen warns where the browser cannot; a route change shows the progress bar', { skip: s.skip }, async () => {
  const page = await signedIn(undefined, () => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false, configurable: true });
  });
  await page.getByRole('button', { name: '全屏' }).click();
  await page.getByText('you browser can not work').waitFor();
  await page.waitForTimeout(400); // the message slides in
  await screenshot(page, 'frame-03-fullscreen-warning');

  await page.evaluate(() => {
    window.__progress = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="route progress"]');
      if (bar) window.__progress.push(bar.getAttribute('aria-valuenow'));
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /在线用户/ }).click();
  await page.waitForURL(/\/system\/online$/);
  await page.waitForFunction(() => window.__progress.includes('100'));
  await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
  const seen = await page.evaluate(() => window.__progress);
  assert.equal(seen[0], '30', 'the bar starts part way');
  noErrors(page);
  await page.context().close();
});

test('layout settings: show tabs and show logo switch, say 布局设置成功, and persist across a reload', { skip: s.skip }, async () => {
  const page = await signedIn();
  const openSettings = async () => {
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '布局设置' }).click();
    await page.getByRole('dialog').filter({ hasText: '布局设置' }).waitFor();
  };
  await openSettings();
  const logos = () => page.locator('header svg, header img').count();
  const before = await logos();
  await page.getByRole('switch', { name: '显示标签' }).click();
  await page.getByText('布局设置成功').first().waitFor();
  await page.getByRole('tablist').waitFor({ state: 'detached' });
  await page.getByRole('switch', { name: '显示Logo' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('header svg, header img').length < n, before);
  await page.waitForTimeout(400);
  await screenshot(page, 'frame-04-settings');

  await page.reload();
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  assert.equal(await page.getByRole('tablist').count(), 0, 'tabs still hidden after a reload');
  assert.ok((await logos()) < before, 'logo still hidden after a reload');
  await openSettings();
  assert.equal(await page.getByRole('switch', { name: '显示标签' }).isChecked(), false);
  await page.getByRole('switch', { name: '显示标签' }).click();
  await page.getByRole('tablist').waitFor();
  noErrors(page);
  await page.context().close();
});

test('pages outside their directory\'s path (流程申请, 流程申请（多人）, 表单管理) keep 流程 open and lit', { skip: s.skip }, async () => {
  const page = await signedIn();
  const open = () => page.locator('aside .ant-menu-submenu-open > .ant-menu-submenu-title').allInnerTexts();
  const lit = () => page.locator('aside .ant-menu-item-selected').allInnerTexts();
  for (const [path, name] of [['/applyForm', '流程申请'], ['/formDesign', '表单管理'], ['/system/user', '用户管理']]) {
    await page.goto(`${s.stack.bffURL}${path}`);
    await page.getByRole('tab', { name }).waitFor();
    await page.waitForFunction((n) => [...document.querySelectorAll('aside .ant-menu-item-selected')].some((e) => e.textContent.trim() === n), name);
    assert.deepEqual((await lit()).map((x) => x.trim()), [name], `${path} lights ${name}`);
    assert.equal((await open()).length, 1, `${path}: one directory open`);
  }
  // From the sidebar itself: 流程 → 流程申请（多人） keeps 流程 open.
  await page.locator('aside .ant-menu-submenu-title').filter({ hasText: /^\s*流程\s*$/ }).click();
  await page.getByRole('menuitem', { name: /流程申请（多人）/ }).click();
  await page.waitForFunction(() => [...document.querySelectorAll('aside .ant-menu-item-selected')].some((e) => e.textContent.includes('流程申请（多人）')));
  await page.waitForTimeout(300); // the submenu's motion
  assert.deepEqual((await open()).map((x) => x.trim()), ['流程']);
  await screenshot(page, 'frame-05-workflow-open');
  noErrors(page);
  await page.context().close();
});
