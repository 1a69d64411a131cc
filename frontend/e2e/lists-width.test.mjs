// Lists at the widths people used (issue 33): at 1366×768 the status, money and time columns of
// 合同管理, 合同模板, 渠道管理 and 订单管理 are in view beside the pinned 操作 column, which shows at
// most three buttons and 更多; at 390×844 a row is a card and the header keeps the logo; inside
// the portal a toast starts below the console's own header, not over the host's bar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, newPage, screenshot } from './harness.mjs';
import { signInAt, signInEmbedded, noErrors } from './flows.mjs';

// the demo shop: agencies, their contracts and orders
const s = suite({ portal: true, env: { BFF_DEMO_SHOP: 'on' } });

const LISTS = [
  { name: 'contract', path: '/channel/contract', heads: ['合同编号', '状态', '合同期限', '合同金额', '创建时间'], card: ['合同期限', '合同金额', '创建时间'] },
  { name: 'template', path: '/channel/contractTemplate', heads: ['模板名称', '启用', '发布状态', '创建时间'], card: ['发布状态', '创建时间'] },
  { name: 'agency', path: '/channel/agency', heads: ['渠道名称', '状态', '认证状态', '创建时间'], card: ['认证状态', '创建时间'] },
  { name: 'order', path: '/mall/order', heads: ['订单号', '状态', '订单金额', '下单时间'], card: ['订单金额', '下单时间', '快递'] },
];

const head = (page, text) => page.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${text}$`) }).first();

/** The text of the inline buttons of each row's 操作 cell. */
const rowButtons = (page) =>
  page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll('td.ant-table-cell-fix-right button')].map((b) => b.textContent.trim())),
  );

test('at 1366×768 状态, 金额 and the times are in view beside 操作, which shows at most three buttons and 更多', { skip: s.skip }, async () => {
  const page = await newPage(s.browser, { viewport: { width: 1366, height: 768 } });
  await signInAt(page, s.stack.bffURL, 'admin', s.stack.passwords.admin);
  for (const list of LISTS) {
    await page.goto(`${s.stack.bffURL}${list.path}`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.waitForTimeout(300); // the columns settle once the rows are in
    const pinned = await page.locator('.ant-table-thead th.ant-table-cell-fix-right').first().boundingBox();
    assert.ok(pinned.x + pinned.width <= 1366, `${list.name}: 操作 is in the window`);
    for (const text of list.heads) {
      const box = await head(page, text).boundingBox();
      assert.ok(box, `${list.name}: ${text} is shown`);
      assert.ok(box.x >= 0 && box.x + box.width <= pinned.x + 1, `${list.name}: ${text} (${box.x}–${box.x + box.width}) is left of 操作 (${pinned.x})`);
    }
    // no sideways scrolling was needed for that
    assert.equal(await page.locator('.ant-table-content, .ant-table-body').first().evaluate((n) => n.scrollLeft), 0);
    const buttons = await rowButtons(page);
    assert.ok(buttons.length > 0);
    for (const row of buttons) {
      const inline = row.filter((b) => b !== '更多');
      assert.ok(inline.length <= 3, `${list.name}: at most three buttons a row, not ${row}`);
      assert.ok(row.indexOf('更多') === -1 || row.indexOf('更多') === row.length - 1, `${list.name}: 更多 last in ${row}`);
    }
    await screenshot(page, `lists-1366-${list.name}`);
  }

  // 合同管理: the row awaiting its signature, without a scan yet (so no 标记已签署), folds 删除 into
  // 更多; 删除 there still asks
  await page.goto(`${s.stack.bffURL}/channel/contract`);
  const pending = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '待签署' }).first();
  await pending.waitFor();
  assert.deepEqual(await pending.locator('td.ant-table-cell-fix-right button').allInnerTexts().then((l) => l.map((x) => x.trim())), ['编辑', '详情', '终止', '更多']);
  await pending.getByRole('button', { name: /更多/ }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
  await menu.waitFor();
  assert.deepEqual((await menu.getByRole('menuitem').allInnerTexts()).map((x) => x.trim()), ['删除', '详情 ↗']);
  await screenshot(page, 'lists-1366-contract-more');
  await page.keyboard.press('Escape');

  // 字典管理: half the page, the keyword box is a usable width
  await page.goto(`${s.stack.bffURL}/system/dict`);
  const keyword = page.getByRole('textbox', { name: '关键字' });
  await keyword.waitFor();
  const kw = await keyword.boundingBox();
  assert.ok(kw.width >= 160, `the keyword box is ${kw.width} px wide`);
  await screenshot(page, 'lists-1366-dict');
  noErrors(page);
});

test('at 390×844 a row is a card with its key fields and buttons, and the header keeps the logo', { skip: s.skip }, async () => {
  const page = await newPage(s.browser, { viewport: { width: 390, height: 844 } });
  await signInAt(page, s.stack.bffURL, 'admin', s.stack.passwords.admin);
  for (const list of LISTS) {
    await page.goto(`${s.stack.bffURL}${list.path}`);
    const card = page.locator('.data-table-card-row').first();
    await card.waitFor();
    assert.equal(await page.locator('.ant-table').count(), 0, `${list.name}: no table on a phone`);
    assert.ok((await card.locator('.data-table-card-title').innerText()).trim().length > 0, `${list.name}: the card has its heading`);
    assert.ok(await card.locator('.data-table-card-status .ant-tag').count(), `${list.name}: the status tag beside the heading`);
    const lines = await card.locator('.data-table-card-field').allInnerTexts();
    for (const field of list.card) assert.ok(lines.some((l) => l.startsWith(field)), `${list.name}: ${field} on the card: ${lines}`);
    assert.ok(lines.every((l) => /\S\s+\S/.test(l)), `${list.name}: every line has its value: ${lines}`);
    const box = await card.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${list.name}: the card fits the window`);
    const buttons = await card.locator('.data-table-card-actions button').allInnerTexts();
    assert.ok(buttons.length > 0 && buttons.filter((b) => b.trim() !== '更多').length <= 3, `${list.name}: ${buttons}`);
    const logo = await page.locator('.ant-pro-layout-header svg[aria-hidden="true"]').first().boundingBox();
    assert.ok(logo && logo.x >= 0 && logo.x + logo.width <= 390 && logo.y >= 0, `${list.name}: the logo is in the header`);
    await screenshot(page, `lists-390-${list.name}`);
  }
  noErrors(page);
});

test('inside the portal a toast starts below the console’s header, not over the host’s bar', { skip: s.skip }, async () => {
  const page = await newPage(s.browser, { viewport: { width: 1366, height: 768 } });
  const app = await signInEmbedded(page, s.stack.portalURL, 'admin', s.stack.passwords.admin);
  await app.getByRole('menuitem', { name: /系统管理/ }).click();
  await app.getByRole('menuitem', { name: /字典管理/ }).click();
  await page.waitForURL(/\/monomer\/system\/dict$/);
  await app.getByRole('cell', { name: 'user_status', exact: true }).waitFor();
  // 导出选中 with nothing selected says so in a message
  await app.getByRole('button', { name: /导出选中/ }).click();
  const toast = page.locator('.ant-message-notice').filter({ hasText: '请先选择要导出的数据' });
  await toast.waitFor();
  await page.waitForTimeout(400); // it slides in
  const [top, host, header] = await Promise.all([
    toast.boundingBox(),
    page.locator('.portal-header').boundingBox(),
    app.locator('.ant-pro-layout-header').first().boundingBox(),
  ]);
  assert.ok(top.y >= host.y + host.height, `the toast (${top.y}) is below the host's bar (${host.y + host.height})`);
  assert.ok(top.y >= header.y + header.height, `the toast (${top.y}) is below the console's header (${header.y + header.height})`);
  await screenshot(page, 'lists-portal-toast');
  noErrors(page);
});
