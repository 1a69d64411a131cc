// What a person sees of the frame and the lists (issue 16, "Look" and "Layout"): links in the theme
// colour, no blank strip or empty corner when the header or logo is switched off, arrows on a strip
// of many tabs, the sidebar back when the window grows, one label layout on a phone, the upload
// hint in dark mode and its limit notice below the header, the language switch on the sign-in
// pages, the user dialog's 状态 in line, the pager's 确定 spaced, dates on one line, the
// dictionary's detail panel in a card, and the app as tall as the host's container.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, signIn, signInEmbedded, noErrors, storedToken, storefrontCall } from './flows.mjs';

const s = suite({ portal: true });

const GREEN = '#11a983';
const GREEN_RGB = 'rgb(17, 169, 131)';
const SETTINGS = 'mall-layout-settings';

/** A signed-in admin on `path`, with layout settings saved before the app starts. */
async function signedIn(path, { settings, viewport } = {}) {
  const page = await newPage(s.browser, viewport ? { viewport } : undefined);
  if (settings) await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [SETTINGS, JSON.stringify(settings)]);
  await page.goto(`${s.stack.bffURL}/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL((u) => u.pathname === path);
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
  return page;
}
/** Every page path of a menu tree (as the page walk reads it). */
function pagesOf(routes, parent = '') {
  const out = [];
  for (const r of routes ?? []) {
    const path = r.path?.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path ?? ''}`;
    if (r.children?.length) out.push(...pagesOf(r.children, path));
    else if (r.component && r.component !== 'Layout' && r.component !== 'ParentView' && !r.path?.startsWith('http')) out.push(path);
  }
  return out;
}
const rect = (locator) => locator.first().evaluate((n) => n.getBoundingClientRect().toJSON());
const colorOf = (locator) => locator.first().evaluate((n) => getComputedStyle(n).color);

test('row links and buttons follow the theme colour', { skip: s.skip }, async () => {
  const page = await signedIn('/system/user', { settings: { theme: GREEN } });
  const row = page.locator('main .ant-table-tbody tr').filter({ hasText: 'admin' }).first();
  await row.waitFor();
  for (const name of ['编辑', '重置密码']) {
    assert.equal(await colorOf(row.getByRole('button', { name })), GREEN_RGB, `${name} is in the theme colour`);
  }
  // a plain link (the breadcrumb's 首页 is a router link in antd's colours)
  await page.goto(`${s.stack.bffURL}/workflow/tasks?box=mine`);
  await page.getByRole('tab', { name: '我发起的' }).waitFor();
  await screenshot(page, 'look-01-green-links');
  noErrors(page);
  await page.context().close();
});

test('固定头部 and 显示Logo off leave no blank strip or empty corner', { skip: s.skip }, async () => {
  const page = await signedIn('/system/user', { settings: { fixedHeader: false, sidebarLogo: false } });
  await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor();
  await screenshot(page, 'look-02-no-fixed-header-no-logo');
  const header = await rect(page.locator('header.ant-pro-layout-header'));
  const crumbs = await rect(page.getByLabel('breadcrumb'));
  // the page starts right under the header: no empty strip between them
  assert.ok(crumbs.top - header.bottom < 40, `breadcrumb ${crumbs.top} right under the header ${header.bottom}`);
  // the header scrolled away: the sidebar reaches the top of the window, no blank strip above it
  await page.setViewportSize({ width: 1366, height: 400 });
  await page.evaluate(() => window.scrollTo(0, 120));
  await page.waitForFunction(() => window.scrollY > 0);
  await page.waitForTimeout(200);
  await screenshot(page, 'look-02-header-scrolled-away');
  const top = await page.evaluate(() => !!document.elementFromPoint(100, 10)?.closest('aside'));
  assert.ok(top, 'the sidebar is under the top left corner once the header has scrolled away');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 800 });
  // the brand's title starts at the left edge, where the logo was
  const title = await rect(page.locator('header a[href$="/dashboard"]'));
  assert.ok(title.left < 40, `the title starts at the left (${title.left})`);
  noErrors(page);
  await page.context().close();
});

test('a strip of many tabs scrolls with arrows', { skip: s.skip }, async () => {
  const page = await signedIn('/system/user', { viewport: { width: 1000, height: 700 } });
  // the admin's list pages from the menu, one after another, each leaving its tab
  const res = await fetch(`${s.stack.bffURL}/api/menus/build`, { headers: { Authorization: await storedToken(page) } });
  const paths = pagesOf(await res.json()).filter((p) => !p.includes(':') && !p.startsWith('/flowDesign')).slice(0, 12);
  for (const path of paths) {
    await page.goto(`${s.stack.bffURL}${path}`);
    await page.getByRole('tablist', { name: 'tabs' }).waitFor();
  }
  const right = page.getByRole('button', { name: '向右滚动标签' });
  const left = page.getByRole('button', { name: '向左滚动标签' });
  await right.waitFor();
  const strip = page.getByRole('tablist', { name: 'tabs' });
  const at = () => strip.evaluate((n) => n.scrollLeft);
  await page.goto(`${s.stack.bffURL}/dashboard`);
  await page.waitForFunction(() => document.querySelector('[role="tablist"]')?.scrollLeft === 0);
  assert.ok(await left.isDisabled(), 'nothing more on the left');
  await right.click();
  await page.waitForFunction(() => document.querySelector('[role="tablist"]')?.scrollLeft > 0);
  assert.ok(await at() > 0);
  await screenshot(page, 'look-03-tab-arrows');
  await left.click();
  await page.waitForFunction(() => document.querySelector('[role="tablist"]')?.scrollLeft === 0);
  noErrors(page);
  await page.context().close();
});

test('the sidebar opens again when the window grows back past 992 px', { skip: s.skip }, async () => {
  const page = await signedIn('/system/user');
  const sider = page.locator('aside.ant-layout-sider');
  const width = async () => ((await sider.count()) ? Math.round((await rect(sider)).width) : 0);
  assert.equal(await width(), 205);
  await page.setViewportSize({ width: 800, height: 800 });
  await page.waitForFunction(() => !document.querySelector('aside.ant-layout-sider') || document.querySelector('aside.ant-layout-sider').getBoundingClientRect().width === 0);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.waitForFunction(() => document.querySelector('aside.ant-layout-sider')?.getBoundingClientRect().width === 205);
  await screenshot(page, 'look-04-sidebar-back');
  noErrors(page);
  await page.context().close();
});

test('on a phone every form puts its labels above the fields', { skip: s.skip }, async () => {
  const page = await signedIn('/user/center', { viewport: { width: 390, height: 800 } });
  const label = page.locator('main .ant-form-item-label').first();
  await label.waitFor();
  const l = await rect(label);
  const c = await rect(page.locator('main .ant-form-item-control').first());
  assert.ok(l.bottom <= c.top + 1, `label (${l.bottom}) above its field (${c.top})`);
  assert.ok(Math.abs(c.width - l.width) < 2 && Math.abs(c.left - l.left) < 2, `label and field share the row (${l.left}/${l.width}, ${c.left}/${c.width})`);
  await screenshot(page, 'look-05-phone-form');
  noErrors(page);
  await page.context().close();
});

/** Relative luminance (0 black … 1 white) of a CSS colour like rgba(r, g, b, a) over a dark background. */
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// a real 1×1 picture
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('upload: the hint is readable in dark mode; the limit notice leaves the header controls free', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  await page.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ dark: true })), SETTINGS);
  await page.goto(`${s.stack.bffURL}/applyForm`);
  await signIn(page, 'staff', s.stack.passwords.demo);
  await page.waitForURL(/\/applyForm$/);
  await page.getByRole('list', { name: '人事' }).getByRole('listitem', { name: '请假' }).click();
  const hint = page.getByText('最多 10 个文件，每个不超过 5MB');
  await hint.waitFor();
  assert.ok(luminance(await colorOf(hint)) > 0.5, `light hint on dark: ${await colorOf(hint)}`);
  await page.locator('input[type=file]').setInputFiles(Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: PNG })));
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '提示' });
  await notice.waitFor();
  await page.waitForTimeout(400); // its slide-in
  await screenshot(page, 'look-06-upload-dark-notice');
  const header = await rect(page.locator('header.ant-pro-layout-header'));
  assert.ok((await rect(notice)).top >= header.bottom, 'the notice opens below the header');
  // the header's user menu can still be clicked while the notice is open
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '布局设置' }).waitFor();
  noErrors(page);
  await page.context().close();
});

test('the sign-in pages offer the language switch', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  for (const [path, submit] of [['/login', /^登\s*录$/], ['/newLogin', /^登\s*录$/]]) {
    await page.goto(`${s.stack.bffURL}${path}`);
    await page.getByRole('button', { name: submit }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await screenshot(page, `look-07-signin-english${path.replace('/', '-')}`);
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('button', { name: submit }).waitFor();
  }
  noErrors(page);
  await page.context().close();
});

test('user dialog: 状态 in line with its label and the other fields', { skip: s.skip }, async () => {
  const page = await signedIn('/system/user');
  await page.locator('main').getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('用户名').waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'look-08-user-dialog');
  const item = (label) => dialog.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
  const status = await rect(item('状态').locator('.ant-form-item-control'));
  const statusLabel = await rect(item('状态').locator('.ant-form-item-label'));
  const gender = await rect(item('性别'));
  const phone = await rect(item('电话').locator('.ant-form-item-control'));
  assert.ok(Math.abs(status.left - statusLabel.left) < 2, `the select starts under its label (${status.left} / ${statusLabel.left})`);
  assert.ok(Math.abs(status.width - phone.width) < 2, `as wide as the other fields (${status.width} / ${phone.width})`);
  assert.ok(Math.abs(statusLabel.top - gender.top) < 2, `beside 性别 on its row (${statusLabel.top} / ${gender.top})`);
  noErrors(page);
  await page.context().close();
});

test('lists: the pager’s 确定 has its space in both languages; dates stay on one line', { skip: s.skip }, async () => {
  const page = await signedIn('/system/user', { viewport: { width: 1100, height: 800 } });
  const cell = page.locator('main .ant-table-tbody tr').filter({ hasText: 'admin' }).first().locator('td.mall-date-cell');
  await cell.waitFor();
  const lineHeight = await cell.evaluate((n) => parseFloat(getComputedStyle(n).lineHeight) || 22);
  const textHeight = await cell.evaluate((n) => { const r = document.createRange(); r.selectNodeContents(n); return r.getBoundingClientRect().height; });
  assert.ok(textHeight < lineHeight * 1.5, `the date is one line (${textHeight} for a line of ${lineHeight})`);
  // the jumper shows on a list of more than one page: eight more users make two
  const token = await storedToken(page);
  const staff = (await apiCall(s.stack.bffURL, token, 'GET', '/api/users?page=0&size=10')).content.find((u) => u.username === 'staff');
  for (let i = 1; i <= 8; i++) {
    await apiCall(s.stack.bffURL, token, 'POST', '/api/users', {
      username: `look${i}`, nickName: `翻页${i}`, gender: '男', email: `look${i}@example.com`, phone: `1380013810${i}`, enabled: true,
      dept: { id: staff.dept.id }, roles: staff.roles.map((r) => ({ id: r.id })), password: 'look-pass-1',
    });
  }
  await page.reload();
  await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor();
  for (const language of ['zh', 'en']) {
    if (language === 'en') await page.getByRole('button', { name: 'English' }).click();
    const jumper = page.locator('main .ant-pagination-options-quick-jumper');
    await jumper.waitFor();
    const gap = await jumper.evaluate((n) => {
      const button = n.querySelector('.ant-btn').getBoundingClientRect();
      const input = n.querySelector('input').getBoundingClientRect();
      // the text between the input and the button ("页" / "Page")
      const range = document.createRange();
      const text = [...n.childNodes].filter((c) => c.nodeType === 3 && c.textContent.trim()).at(-1);
      range.selectNodeContents(text);
      const word = range.getBoundingClientRect();
      return { before: word.left - input.right, after: button.left - word.right };
    });
    assert.ok(gap.after >= 6, `${language}: 确定 is ${gap.after}px after the word before it`);
    await jumper.scrollIntoViewIfNeeded();
    await screenshot(page, `look-09-pager-${language}`);
  }
  noErrors(page);
  await page.context().close();
});

test('dictionary: the detail panel sits in a card', { skip: s.skip }, async () => {
  const page = await signedIn('/system/dict');
  await page.locator('main .ant-empty').filter({ hasText: '点击字典查看详情' }).waitFor();
  assert.equal(await page.locator('main .ant-card .ant-empty').filter({ hasText: '点击字典查看详情' }).count(), 1, 'the empty detail panel is a card');
  await screenshot(page, 'look-10-dict');
  noErrors(page);
  await page.context().close();
});

test('inside the portal the app fills its container’s height, not only its content', { skip: s.skip }, async () => {
  // a window taller than the page, so the content alone would not reach the bottom
  const page = await newPage(s.browser, { viewport: { width: 1366, height: 1400 } });
  const app = await signInEmbedded(page, s.stack.portalURL, 'admin', s.stack.passwords.admin);
  await page.goto(`${s.stack.portalURL}/monomer/system/dict`);
  await app.locator('.ant-empty').filter({ hasText: '点击字典查看详情' }).waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'look-11-portal-short-page');
  const m = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel)?.getBoundingClientRect().toJSON();
    return { subapp: box('#subapp'), layout: box('#subapp .ant-pro-layout'), content: box('#subapp .ant-pro-layout-container') };
  });
  assert.equal(Math.round(m.layout.bottom), Math.round(m.subapp.bottom), 'the frame reaches the container’s bottom');
  assert.equal(Math.round(m.content.bottom), Math.round(m.subapp.bottom), 'the content column reaches the container’s bottom');
  noErrors(page);
  await page.context().close();
});

/** An unpaid order of 2 units of a new SKU, placed through the storefront API (so its stock is reserved); its goods are on sale. */
async function placedOrder(token, code) {
  const { bffURL } = s.stack;
  await apiCall(bffURL, token, 'POST', '/api/goods', {
    name: `详情操作 ${code}`, code, category: 'digital', status: 'on_sale',
    specs: [], skus: [{ code, specs: [], price: '25.00', cost: '10.00', stock: 10, lowStock: 2, onSale: true }],
  });
  const client = await apiCall(bffURL, token, 'POST', '/api/openClients', { name: `店面 ${code}`, agencyId: null });
  const { status, body: placed } = await storefrontCall(bffURL, client, 'POST', '/open/v1/orders',
    { customerName: '详情顾客', phone: '13900001234', address: '上海市浦东新区 1 号', freight: '0.00', items: [{ skuCode: code, quantity: 2 }] },
    `e2e-${code}`);
  assert.equal(status, 201, JSON.stringify(placed));
  const order = (await apiCall(bffURL, token, 'GET', `/api/orders?orderNo=${placed.orderNo}&page=0&size=1`)).content[0];
  const goods = (await apiCall(bffURL, token, 'GET', `/api/goods?blurry=${code}&page=0&size=1`)).content[0];
  return { order, goods };
}

test('an order’s and a goods’ detail offer the list’s moves: 关闭 an unpaid order, 下架 goods', { skip: s.skip }, async () => {
  const page = await signedIn('/dashboard');
  const token = await storedToken(page);
  const { order, goods } = await placedOrder(token, 'LOOKMOVE');
  await page.goto(`${s.stack.bffURL}/look?type=order&id=${order.id}`);
  const basics = page.locator('.ant-card').filter({ has: page.getByLabel('基本信息') });
  const close = basics.getByRole('button', { name: /关\s*闭/ });
  await close.waitFor();
  // unpaid: 关闭 only (发货 and 退款 are a paid order's, 完成 a shipped one's)
  assert.equal(await basics.getByRole('button', { name: /发\s*货|退\s*款|完\s*成/ }).count(), 0);
  await screenshot(page, 'look-12-order-detail-moves');
  await close.click();
  await page.getByRole('dialog').filter({ hasText: order.orderNo }).getByRole('button', { name: /确\s*定/ }).click();
  await basics.locator('.ant-card-head .ant-tag').filter({ hasText: '已关闭' }).waitFor();
  const stock = page.locator('.ant-card').filter({ has: page.getByText('库存流水', { exact: true }) });
  const released = stock.getByRole('row').filter({ hasText: '取消释放' });
  await released.waitFor();
  assert.match(await released.innerText(), /\+2/);
  assert.equal(await close.count(), 0, 'a closed order offers no move');
  await stock.scrollIntoViewIfNeeded();
  await screenshot(page, 'look-13-order-closed-on-detail');

  await page.goto(`${s.stack.bffURL}/look?type=goods&id=${goods.id}`);
  const goodsBasics = page.locator('.ant-card').filter({ has: page.getByLabel('基本信息') });
  await goodsBasics.getByRole('button', { name: /编\s*辑/ }).waitFor();
  await goodsBasics.getByRole('button', { name: /下\s*架/ }).click();
  await page.getByRole('dialog').filter({ hasText: goods.name }).getByRole('button', { name: /确\s*定/ }).click();
  await goodsBasics.getByRole('button', { name: /上\s*架/ }).waitFor();
  assert.match(await goodsBasics.locator('.ant-card-head .ant-tag').textContent(), /已下架/);
  await screenshot(page, 'look-14-goods-off-sale-on-detail');
  assert.equal((await apiCall(s.stack.bffURL, token, 'GET', `/api/goods/${goods.id}`)).status, 'off_sale');
  noErrors(page);
  await page.context().close();
});
