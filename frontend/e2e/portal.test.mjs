// The console inside a qiankun host portal on another origin: sign-in, navigation and popups
// stay inside the remote's container, and unmounting leaves nothing behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, newPage, screenshot } from './harness.mjs';
import { signIn, signOut, noErrors } from './flows.mjs';
import { footprint } from './probe.mjs';

const s = suite({ portal: true });

const portalEvents = (page) => page.evaluate(() => window.__portalEvents.slice());
async function waitForEvent(page, name, count) {
  await page.waitForFunction(([n, c]) => window.__portalEvents.filter((e) => e === n).length >= c, [name, count]);
}
/** The embedded app fills the host's container and never makes the host page scroll. */
async function assertFitsHost(page, { signedIn }) {
  const m = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel)?.getBoundingClientRect().toJSON();
    return {
      scrollH: document.documentElement.scrollHeight, innerH: innerHeight,
      header: box('.portal-header'), subapp: box('#subapp'), app: box('#subapp .ant-app'),
    };
  });
  assert.equal(m.scrollH, m.innerH, 'the embedded app does not make the host page scroll');
  assert.equal(m.header.top, 0, "the host's header stays in view");
  assert.equal(Math.round(m.subapp.bottom), m.innerH);
  if (signedIn) {
    assert.equal(m.app.top, m.subapp.top, 'the frame starts at the top of the container');
    assert.equal(m.app.height, m.subapp.height, 'the frame is as tall as the container');
  }
}

const portalLink = (page, name) => page.locator('a[data-portal-link]', { hasText: name });

// What the app may leave on the host after unmount, and why:
// - moudleQiankunAppLifeCycles: vite-plugin-qiankun's registry of lifecycles, needed to mount again;
// - proxy: qiankun's own sandbox handle, set by the host's loader, not by the app.
const ALLOWED_GLOBALS = new Set(['moudleQiankunAppLifeCycles', 'proxy']);
// React attaches one 'selectionchange' listener to the document the first time a root is created
// and never removes it; it is shared by every later root.
const ALLOWED_DOCUMENT_LISTENERS = ['selectionchange'];

function without(list, allowed) {
  const rest = [...list];
  for (const a of allowed) {
    const i = rest.indexOf(a);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

test('inside the portal at /monomer: sign in, navigate, popups stay in the container, unmount leaves nothing, remount works', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.portalURL}/`);
  await page.getByRole('heading', { name: '门户首页' }).waitFor();
  // Playwright's clicks add listeners of its own to window (hit-target checks): take the baseline
  // after one click on the host so they are counted on both sides.
  await portalLink(page, '其他应用').click();
  await page.getByRole('heading', { name: '其他应用' }).waitFor();
  const before = await footprint(page);

  await portalLink(page, '商城后台').click();
  await waitForEvent(page, 'mount:monomer', 1);
  // Under the product's base path the sign-in check applies.
  await page.waitForURL(/\/monomer\/login\?redirect=/);
  const subapp = page.locator('#subapp');
  await subapp.getByLabel('用户名').waitFor();
  await assertFitsHost(page, { signedIn: false });
  await screenshot(page, 'portal-01-login');

  await signIn(subapp, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/monomer\/dashboard$/);
  await subapp.getByText('订单数').first().waitFor();
  assert.equal(await page.title(), '数据概览 - 商城');
  await subapp.getByRole('menuitem', { name: '系统管理' }).waitFor();
  await assertFitsHost(page, { signedIn: true });
  // What a person sees is what a full-page picture shows, and taking it changes nothing
  // (a page taller than the window made the sidebar collapse and reopen while captured).
  // The charts animate as they draw: wait (bounded) until three pictures 200 ms apart agree. Two
  // back to back could agree mid-animation on a busy machine, where a frame takes longer than a
  // picture.
  let view = await page.screenshot();
  for (let i = 0, same = 0; i < 40 && same < 2; i++) {
    await page.waitForTimeout(200);
    const next = await page.screenshot();
    same = next.equals(view) ? same + 1 : 0;
    view = next;
  }
  assert.ok((await page.screenshot({ fullPage: true })).equals(view), 'full page == window');
  assert.ok((await page.screenshot()).equals(view), 'the page did not change while captured');
  assert.equal(Math.round((await subapp.locator('.ant-layout-sider').boundingBox()).width), 205, 'sidebar 205 px');
  await screenshot(page, 'portal-02-dashboard');

  // The portal's own nav stays usable while the app is mounted.
  await page.locator('header, nav').first().getByRole('link', { name: '门户首页' }).waitFor();

  await subapp.getByRole('menuitem', { name: /系统管理/ }).click();
  await subapp.getByRole('menuitem', { name: /在线用户/ }).click();
  await page.waitForURL(/\/monomer\/system\/online$/);
  await subapp.getByRole('cell', { name: 'admin', exact: true }).first().waitFor();
  await screenshot(page, 'portal-03-online');

  // Dropdown and confirm render inside the remote's container, not in the host's body.
  await subapp.getByRole('button', { name: '用户菜单' }).click();
  await subapp.getByRole('menuitem', { name: '退出登录' }).waitFor();
  await page.keyboard.press('Escape');
  await signOut(subapp, subapp);
  await page.waitForURL(/\/monomer\/login/);
  await signIn(subapp, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/monomer\/dashboard$/);
  await subapp.getByText('订单数').first().waitFor();
  const outside = await page.evaluate(() => [...document.body.children]
    .filter((n) => !n.contains(document.querySelector('#subapp')) && n.tagName !== 'SCRIPT')
    .map((n) => n.className || n.tagName));
  assert.deepEqual(outside.filter((c) => /ant-/.test(String(c))), [], 'no antd popup outside the container');

  // While mounted the probe sees the app's additions, so an empty difference later means something.
  const mounted = await footprint(page);
  assert.ok(mounted.container > 0, 'the app rendered into the container');
  assert.ok(mounted.globals.some((k) => !before.globals.includes(k)) || mounted.head.length > before.head.length
    || mounted.windowListeners.length > before.windowListeners.length, 'the probe sees what the mounted app added');

  // Leave /monomer: the remote unmounts.
  await portalLink(page, '其他应用').click();
  await waitForEvent(page, 'unmount:monomer', 1);
  await page.getByRole('heading', { name: '其他应用' }).waitFor();
  const after1 = await footprint(page);
  assert.equal(after1.container, 0, 'the container is empty');
  assert.deepEqual(after1.head, before.head, 'the host head is as it was (styles, preload links)');
  assert.deepEqual(after1.bodyChildren, before.bodyChildren, 'the host body is as it was');
  assert.deepEqual(after1.windowListeners, before.windowListeners, 'no window listener left');
  assert.deepEqual(without(after1.documentListeners, ALLOWED_DOCUMENT_LISTENERS), before.documentListeners,
    'no document listener left');
  assert.deepEqual(after1.bodyListeners, before.bodyListeners, 'no body listener left');
  const newGlobals = after1.globals.filter((k) => !before.globals.includes(k) && !ALLOWED_GLOBALS.has(k));
  assert.deepEqual(newGlobals, [], 'no global left on window');
  assert.equal(after1.title, before.title, "the host's document title is back");

  // Back to /monomer: mounted again, still signed in.
  await portalLink(page, '商城后台').click();
  await waitForEvent(page, 'mount:monomer', 2);
  await subapp.getByText('订单数').first().waitFor();
  await screenshot(page, 'portal-04-remounted');

  // A second round leaves exactly what the first did: nothing accumulates.
  await portalLink(page, '其他应用').click();
  await waitForEvent(page, 'unmount:monomer', 2);
  const after2 = await footprint(page);
  assert.deepEqual(after2, after1, 'a second mount/unmount leaves the same as the first');

  assert.deepEqual(await page.evaluate(() => window.__portalErrors), []);
  assert.deepEqual((await portalEvents(page)).filter((e) => e.startsWith('error')), []);
  noErrors(page);
  await page.context().close();
});

test('embedded at 800x600 the console still fits the host and stays usable', { skip: s.skip }, async () => {
  const page = await newPage(s.browser, { viewport: { width: 800, height: 600 } });
  await page.goto(`${s.stack.portalURL}/monomer/dashboard`);
  const subapp = page.locator('#subapp');
  await subapp.getByLabel('用户名').waitFor();
  await assertFitsHost(page, { signedIn: false });
  await signIn(subapp, 'staff', s.stack.passwords.demo);
  await page.waitForURL(/\/monomer\/dashboard$/);
  await subapp.getByText('订单数').first().waitFor();
  await assertFitsHost(page, { signedIn: true });
  // Under 992 px the device counts as mobile: no sidebar beside the page, the menu is a drawer
  // behind the hamburger, and the page starts at the container's left edge.
  await page.waitForFunction(() => {
    const card = document.querySelector('#subapp .ant-card')?.getBoundingClientRect();
    return !document.querySelector('#subapp .ant-layout-sider') && card && card.left < 60;
  });
  await subapp.getByRole('button', { name: '展开侧边栏' }).click();
  const drawer = page.locator('.mall-mobile-menu .ant-drawer-content');
  await drawer.getByRole('menuitem', { name: /数据概览/ }).waitFor();
  assert.equal(await subapp.locator('.mall-mobile-menu').count(), 1, 'the drawer stays inside the container');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await screenshot(page, 'portal-05-800x600');
  noErrors(page);
  await page.context().close();
});
