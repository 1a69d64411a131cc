// The workspace's look as a person changes it: theme colour behind 正在编译主题, dark mode, the
// layout switches and the size selector, all kept across a reload; the brand title of the
// deployment host; and the same drawer inside the portal at /monomer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn, noErrors } from './flows.mjs';

// 127.0.0.1 has a brand; localhost, the same server, does not.
const s = suite({ portal: true, env: { BFF_BRAND_TITLES: '127.0.0.1=测试商城', BFF_FOOTER_TEXT: '© 2026 测试商城', BFF_CASE_NUMBER: '浙ICP备12345678号-1' } });

const DEFAULT_RGB = 'rgb(47, 110, 255)'; // #2F6EFF
const TEAL = '#13c2c2';
const TEAL_RGB = 'rgb(19, 194, 194)';

async function signedIn(path = '/system/user', origin = s.stack.bffURL) {
  const page = await newPage(s.browser);
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL((u) => u.pathname === path);
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  if (path === '/system/user') await page.locator('main').getByRole('cell', { name: 'admin', exact: true }).waitFor();
  return page;
}

async function openSettings(page, scope = page) {
  await scope.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '布局设置' });
  await drawer.waitFor();
  return drawer;
}

/**
 * Records, from now on, each message text shown together with the primary button's background at
 * that moment: the order of what a person sees, with no timing involved.
 */
async function recordMessages(page, root = 'document') {
  // Colours are read at their target: a button's 0.2 s colour transition would blur the moment.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate((rootSel) => {
    const scope = rootSel === 'document' ? document : document.querySelector(rootSel);
    window.__seen = [];
    const note = () => {
      const text = [...scope.querySelectorAll('.ant-message-notice')].map((n) => n.textContent).join('|');
      const button = scope.querySelector('main .ant-btn-primary');
      const bg = button ? getComputedStyle(button).backgroundColor : '';
      const last = window.__seen.at(-1);
      if (text && (!last || last.text !== text || last.bg !== bg)) window.__seen.push({ text, bg });
    };
    window.__observer?.disconnect();
    window.__observer = new MutationObserver(note);
    window.__observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
  }, root);
}
const seen = (page) => page.evaluate(() => window.__seen);

const primaryBg = (scope) => scope.locator('main .ant-btn-primary').first().evaluate((b) => getComputedStyle(b).backgroundColor);
const height = (locator) => locator.first().evaluate((n) => Math.round(n.getBoundingClientRect().height));
const cookie = async (page, name) => (await page.context().cookies()).find((c) => c.name === name)?.value;
/** Relative luminance (0 black … 1 white) of the pixel a person sees at a point of the page. */
async function luminanceAt(page, x, y) {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    // Decoded without fetch: the page's Content-Security-Policy allows no data: connections.
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const ctx = new OffscreenCanvas(1, 1).getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  }, png.toString('base64'));
}
/** A point just inside the first element matched: its padding, where no text is drawn. */
const corner = async (locator) => {
  const b = await locator.first().boundingBox();
  return [b.x + 3, b.y + 3];
};

test('theme colour: 正在编译主题 until the new colour is on every component, then 布局设置成功; kept across a reload', { skip: s.skip }, async () => {
  const page = await signedIn();
  assert.equal(await primaryBg(page), DEFAULT_RGB, 'the default theme colour is #2F6EFF');
  const drawer = await openSettings(page);
  const swatches = drawer.getByRole('radiogroup', { name: '主题颜色' }).getByRole('radio');
  assert.equal(await swatches.count(), 8);
  assert.equal(await drawer.getByRole('radio', { name: '#2F6EFF' }).getAttribute('aria-checked'), 'true');

  await recordMessages(page);
  await drawer.getByRole('radio', { name: TEAL }).click();
  await page.getByText('布局设置成功').first().waitFor();
  const shown = await seen(page);
  const compiling = shown.findIndex((e) => e.text.includes('正在编译主题'));
  const saved = shown.findIndex((e) => e.text.includes('布局设置成功'));
  assert.ok(compiling >= 0, `正在编译主题 was shown: ${JSON.stringify(shown)}`);
  assert.equal(shown[compiling].bg, DEFAULT_RGB, 'while compiling, the old colour is still on');
  assert.ok(saved > compiling, '布局设置成功 comes after 正在编译主题');
  assert.equal(shown[saved].bg, TEAL_RGB, '布局设置成功 once the new colour is applied');
  assert.ok(!shown[saved].text.includes('正在编译主题'), 'the compiling message is gone');
  assert.equal(await primaryBg(page), TEAL_RGB);
  assert.equal(await drawer.getByRole('radio', { name: TEAL }).getAttribute('aria-checked'), 'true');
  // The frame follows: the selected menu entry is in the theme colour.
  const selected = page.locator('aside .ant-menu-item-selected').first();
  assert.equal(await selected.evaluate((n) => getComputedStyle(n).color), TEAL_RGB);
  await screenshot(page, 'settings-01-theme-teal');

  await page.reload();
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  assert.equal(await primaryBg(page), TEAL_RGB, 'the theme colour is kept');
  noErrors(page);
  await page.context().close();
});

test('tabs, logo, fixed header and dark mode switch, say 布局设置成功 and are kept across a reload', { skip: s.skip }, async () => {
  const page = await signedIn();
  // Empty content area, sider below its menu, header right of the title, a table cell's padding.
  const points = {
    content: [700, 700],
    sider: [6, 780], // the sider's left margin, clear of the menu's words however many items it has
    header: [900, 28],
    table: await corner(page.locator('main .ant-table-tbody .ant-table-cell')),
  };
  const contentLight = await luminanceAt(page, ...points.content);
  let drawer = await openSettings(page);
  const logo = page.locator('header a[href$="/dashboard"] svg');
  assert.equal(await logo.count(), 1);
  const headerPosition = () => page.locator('header.ant-pro-layout-header').evaluate((h) => getComputedStyle(h).position);
  assert.equal(await headerPosition(), 'fixed');

  // the footer: the configured text and the filing number linked to the register (seed-spec §3)
  const footer = page.getByLabel('footer');
  await footer.getByText('© 2026 测试商城').waitFor();
  assert.equal(await footer.getByRole('link', { name: '浙ICP备12345678号-1' }).getAttribute('href'), 'https://beian.miit.gov.cn/');
  for (const name of ['显示标签', '显示Logo', '固定头部', '显示页脚']) {
    const before = await page.getByText('布局设置成功').count();
    await drawer.getByRole('switch', { name }).click();
    await page.waitForFunction((n) => [...document.querySelectorAll('.ant-message-notice')].filter((x) => x.textContent.includes('布局设置成功')).length > n, before);
  }
  await page.getByRole('tablist').waitFor({ state: 'detached' });
  assert.equal(await logo.count(), 0, 'no logo');
  assert.equal(await footer.count(), 0, 'no footer');
  assert.notEqual(await headerPosition(), 'fixed', 'the header scrolls with the page');
  await page.setViewportSize({ width: 1366, height: 400 });
  await page.evaluate(() => window.scrollTo(0, 120));
  await page.waitForFunction(() => window.scrollY > 0);
  const headerTop = await page.locator('header.ant-pro-layout-header').evaluate((h) => h.getBoundingClientRect().top);
  assert.ok(headerTop < 0, `the header has scrolled away (top ${headerTop})`);
  await screenshot(page, 'settings-02-header-scrolled');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 800 });

  // the switches' own 布局设置成功 messages must be gone first, or the wait below ends on one of them
  await page.waitForFunction(() => document.querySelectorAll('.ant-message-notice').length === 0, undefined, { timeout: 10_000 });
  await recordMessages(page);
  await drawer.getByRole('switch', { name: '暗色模式' }).click();
  await page.waitForFunction(() => window.__seen.some((e) => e.text.includes('布局设置成功')));
  assert.ok((await seen(page)).some((e) => e.text.includes('正在编译主题')), 'dark mode is a theme change too');
  await page.waitForTimeout(400); // the drawer's switches and the message finish moving
  await screenshot(page, 'settings-03-dark-drawer');
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  await drawer.waitFor({ state: 'hidden' });
  await page.waitForTimeout(300);
  await screenshot(page, 'settings-03-dark-frame');
  const dark = {};
  for (const [part, [x, y]] of Object.entries(points)) dark[part] = await luminanceAt(page, x, y);
  assert.ok(contentLight > 0.8, `light content ${contentLight}`);
  for (const [part, l] of Object.entries(dark)) assert.ok(l < 0.2, `dark ${part}: luminance ${l}`);
  const text = await page.locator('main .ant-table-cell').first().evaluate((n) => getComputedStyle(n).color);
  assert.ok(Number(text.match(/\d+/)[0]) > 150, `table text is light on dark: ${text}`);

  await page.reload();
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  assert.equal(await page.getByRole('tablist').count(), 0, 'tabs still hidden');
  assert.equal(await logo.count(), 0, 'logo still hidden');
  assert.notEqual(await headerPosition(), 'fixed', 'header still not fixed');
  assert.ok((await luminanceAt(page, ...points.content)) < 0.2, 'still dark');
  drawer = await openSettings(page);
  for (const name of ['显示标签', '显示Logo', '固定头部', '显示页脚']) {
    assert.equal(await drawer.getByRole('switch', { name }).isChecked(), false, name);
  }
  assert.equal(await drawer.getByRole('switch', { name: '暗色模式' }).isChecked(), true);
  assert.equal(await drawer.getByRole('switch', { name: '菜单手风琴' }).isChecked(), true);
  noErrors(page);
  await page.context().close();
});

test('size selector: default, medium, small, mini resize the controls, kept in the size cookie (default small)', { skip: s.skip }, async () => {
  const page = await signedIn();
  const button = page.locator('main .ant-btn-primary');
  const input = page.locator('main input.ant-input');
  assert.equal(await cookie(page, 'size'), undefined, 'no cookie: small');
  assert.equal(await height(button), 24, 'small: 24 px buttons');
  const smallInput = await height(input);

  const choose = async (label) => {
    await page.getByRole('button', { name: '布局大小' }).click();
    const item = page.getByRole('menuitem', { name: label });
    await item.click();
    await item.waitFor({ state: 'hidden' });
  };
  await page.getByRole('button', { name: '布局大小' }).click();
  const labels = await page.getByRole('menu').last().getByRole('menuitem').allTextContents();
  assert.deepEqual(labels, ['默认', '中等', '小型', '迷你']);
  assert.match(await page.getByRole('menuitem', { name: '小型' }).getAttribute('class'), /selected/, 'the current size is checked');
  await page.keyboard.press('Escape');

  await choose('默认');
  await page.getByText('布局设置成功').first().waitFor();
  await page.waitForFunction(() => document.querySelector('main .ant-btn-primary').getBoundingClientRect().height === 40);
  assert.ok((await height(input)) > smallInput, 'the input grows too');
  assert.equal(await cookie(page, 'size'), 'default');
  await screenshot(page, 'settings-04-size-default');

  await choose('迷你');
  await page.waitForFunction(() => document.querySelector('main .ant-btn-primary').getBoundingClientRect().height === 20);
  assert.ok((await height(input)) < smallInput, 'mini inputs are smaller than small ones');
  assert.equal(await cookie(page, 'size'), 'mini');
  await page.waitForTimeout(300);
  await screenshot(page, 'settings-05-size-mini');

  await page.reload();
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  assert.equal(await height(button), 20, 'mini is kept across a reload');
  await choose('中等');
  await page.waitForFunction(() => document.querySelector('main .ant-btn-primary').getBoundingClientRect().height === 32);
  assert.equal(await cookie(page, 'size'), 'medium');
  noErrors(page);
  await page.context().close();
});

test('brand title by host: 127.0.0.1 is configured (测试商城), localhost is not (商城)', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.bffURL}/login`);
  await page.getByRole('heading', { name: '测试商城' }).waitFor();
  await page.waitForFunction(() => document.title === '登录 - 测试商城');
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.locator('header').getByText('测试商城', { exact: true }).waitFor();
  await page.waitForFunction(() => document.title === '数据概览 - 测试商城');
  await screenshot(page, 'settings-06-brand');

  const generic = await newPage(s.browser);
  await generic.goto(s.stack.bffURL.replace('127.0.0.1', 'localhost') + '/login');
  await generic.getByRole('heading', { name: '商城' }).waitFor();
  // The brand answer has come (and said none) once the config request is done.
  await generic.waitForResponse((r) => r.url().includes('/api/app/config')).catch(() => undefined);
  assert.equal(await generic.getByRole('heading', { level: 1 }).textContent(), '商城');
  assert.equal(await generic.title(), '登录 - 商城');
  noErrors(page);
  noErrors(generic);
  await page.context().close();
  await generic.context().close();
});

test('inside the portal at /monomer: the drawer opens in the container and a theme change works', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.goto(`${s.stack.portalURL}/monomer/login?redirect=/system/user`);
  const subapp = page.locator('#subapp');
  await subapp.getByLabel('用户名').waitFor();
  await signIn(subapp, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/monomer\/system\/user$/);
  // The portal's page is on 127.0.0.1 too: its host picks the brand.
  await subapp.locator('header').getByText('测试商城', { exact: true }).waitFor();

  const drawer = await openSettings(page, subapp);
  assert.ok(await page.evaluate(() => document.querySelector('#subapp').contains(document.querySelector('.ant-drawer'))),
    'the drawer is inside the container');
  assert.equal(await primaryBg(subapp), DEFAULT_RGB);
  await recordMessages(page, '#subapp');
  await drawer.getByRole('radio', { name: '#6959CD' }).click();
  await subapp.getByText('布局设置成功').first().waitFor();
  assert.ok((await seen(page)).some((e) => e.text.includes('正在编译主题')), '正在编译主题 inside the container');
  assert.equal(await primaryBg(subapp), 'rgb(105, 89, 205)');
  await page.waitForTimeout(400);
  await screenshot(page, 'settings-07-portal-theme');
  await drawer.getByRole('switch', { name: '显示标签' }).click();
  await subapp.getByRole('tablist').waitFor({ state: 'detached' });
  noErrors(page);
  await page.context().close();
});
