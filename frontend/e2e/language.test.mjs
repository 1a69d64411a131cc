// The zh-CN ⇄ en-US switch as a person uses it (DECISIONS §2): the frame, menus, dialogs, the
// pager, a list's delete confirm and a form's validation all switch; the choice survives a
// reload; switching back gives Chinese again. The seeded menus' titles switch too (issue 16: no
// screen mixes languages where the product controls the words), and the tab and the breadcrumb
// of a page say the same. Once standalone and once inside the portal at /monomer. At 1366×768
// the 操作 column holds its buttons whole on the list pages, in both languages, and no date is cut.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite, settled } from './harness.mjs';
import { noErrors, revoke, signIn, signInEmbedded, storedToken } from './flows.mjs';

// the demo shop too: the goods and orders lists have rows
const s = suite({ portal: true, env: { BFF_DEMO_SHOP: 'on' } });

const crumbs = (scope) => scope.getByLabel('breadcrumb').innerText().then((x) => x.split(/\s*\/\s*|\n/).map((y) => y.trim()).filter(Boolean));
/** The items of the newest open dropdown menu, once it has its `n` items (an older one may be fading out). */
const menuItems = (page, n) =>
  page.waitForFunction((count) => {
    const open = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')];
    const texts = [...(open.at(-1)?.querySelectorAll('[role="menuitem"]') ?? [])].map((e) => e.textContent.trim());
    return texts.length === count && texts;
  }, n).then((h) => h.jsonValue());

/** Eleven more sessions of staff, so that 在线用户 has two pages and its pager shows the jumper. */
async function twoPagesOfSessions() {
  for (let i = 0; i < 11; i++) {
    const res = await fetch(`${s.stack.bffURL}/api/auth/login`, {
      method: 'POST', body: new URLSearchParams({ username: 'staff', password: s.stack.passwords.demo }),
    });
    assert.equal(res.status, 200);
  }
}

async function shown(page, name) {
  await page.waitForFunction((n) => document.querySelector(`[role="tab"][aria-label="${n}"]`)?.getAttribute('aria-selected') === 'true', name);
}

test('switch to English: frame, menus, dialogs, pager, delete confirm, validation; kept on reload; back to Chinese', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  const base = s.stack.bffURL;
  await page.goto(`${base}/login`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.waitForFunction(() => document.title === '数据概览 - 商城');

  await page.getByRole('button', { name: 'English', exact: true }).click();
  await page.getByRole('button', { name: '中文', exact: true }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'en-US', 'the choice is stored');
  await page.waitForFunction(() => document.title === 'Data overview - Mall');
  assert.deepEqual(await crumbs(page), ['Data overview']);
  await page.getByRole('tab', { name: 'Data overview', exact: true }).waitFor();

  // Header: the user menu and the logout confirm.
  await page.getByRole('button', { name: 'User menu' }).click();
  assert.deepEqual(await menuItems(page, 3), ['Layout settings', 'Personal center', 'Log out']);
  await screenshot(page, 'language-01-user-menu');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const logout = page.getByRole('dialog').filter({ hasText: 'Sure to log out and exit the system?' });
  await logout.waitFor();
  await logout.getByRole('button', { name: 'Cancel' }).click();
  await logout.waitFor({ state: 'hidden' });

  // A list page opened from the sidebar (the seeded menus in English): breadcrumb, tab menu.
  await page.getByRole('menuitem', { name: /(^|\s)System$/ }).click();
  await page.getByRole('menuitem', { name: /(^|\s)Users$/ }).click();
  await page.waitForURL(/\/system\/user$/);
  await shown(page, 'Users');
  assert.deepEqual(await crumbs(page), ['Home', 'System', 'Users']);
  await page.getByRole('tab', { name: 'Users', exact: true }).click({ button: 'right' });
  assert.deepEqual(await menuItems(page, 6), ['Refresh', 'Close', 'Close others', 'Close to the left', 'Close to the right', 'Close all']);
  await page.keyboard.press('Escape');

  // The list: search form, the delete confirm and its cancel message.
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'staff', exact: true }) });
  await row.waitFor();
  const searchForm = page.getByRole('main');
  // By the buttons' text: while the table loads, ProTable's submit button also carries a
  // "loading" icon whose label joins the button's accessible name.
  await searchForm.getByRole('button').filter({ hasText: /^\s*Search\s*$/ }).waitFor();
  await searchForm.getByRole('button').filter({ hasText: /^\s*Reset\s*$/ }).waitFor();
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  const del = page.getByRole('dialog').filter({ hasText: 'This operation will permanently delete the information, continue?' });
  await del.waitFor();
  await screenshot(page, 'language-02-delete-confirm');
  await del.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Deletion cancelled').waitFor();

  // A list of two pages: the pager's jumper with its Confirm, the total, the sizes.
  await twoPagesOfSessions();
  await page.getByRole('menuitem', { name: /Online users/ }).click();
  await page.waitForURL(/\/system\/online$/);
  const jumper = page.locator('.ant-pagination-options-quick-jumper:visible');
  assert.equal((await jumper.getByRole('button').innerText()).trim(), 'Confirm');
  assert.match(await jumper.innerText(), /Go to/);
  assert.match(await page.locator('.ant-pagination-total-text:visible').innerText(), /^\d+ in total$/);
  assert.match(await page.locator('.ant-pagination-options .ant-select-selection-item:visible').innerText(), /10 \/ page/);
  await screenshot(page, 'language-03-pager');

  // A form's validation message (departments: name is required).
  await page.getByRole('menuitem', { name: /Departments/ }).click();
  await page.waitForURL(/\/system\/dept$/);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'Name' });
  await form.waitFor();
  await form.getByRole('button', { name: /^(OK|Submit|Confirm)$/ }).click();
  await form.getByText('This is required, cannot be empty').waitFor();
  await screenshot(page, 'language-04-validation');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await form.waitFor({ state: 'hidden' });

  // Reload: still English.
  await page.reload();
  await page.getByRole('button', { name: '中文', exact: true }).waitFor();
  await page.waitForFunction(() => document.title === 'Departments - Mall');
  assert.deepEqual(await crumbs(page), ['Home', 'System', 'Departments']);
  await page.getByRole('tab', { name: 'Data overview', exact: true }).waitFor();

  // A session ended on the server: the 401 dialog is in English too. (First let the page settle
  // in English: antd's en-US arrives lazily, the pager shows it.)
  await page.locator('.ant-pagination-options .ant-select-selection-item').getByText('10 / page').waitFor();
  await settled(page);
  await revoke(base, await storedToken(page));
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Personal center' }).click();
  const expired = page.getByRole('dialog').filter({ hasText: 'Login status has expired, you can stay on this page or log in again' });
  await expired.waitFor();
  assert.equal((await expired.locator('.ant-modal-confirm-title').innerText()).trim(), 'System hint');
  await expired.getByRole('button', { name: 'Re-login' }).waitFor();
  await screenshot(page, 'language-05-expired');
  await expired.getByRole('button', { name: 'Re-login' }).click();
  await page.waitForURL(/\/login/);

  // The sign-in page is in English too; signed in again, back to Chinese.
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(s.stack.passwords.admin);
  await screenshot(page, 'language-06-login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/(dashboard|user\/center)$/);
  await page.getByRole('button', { name: '中文', exact: true }).click();
  await page.getByRole('button', { name: 'English', exact: true }).waitFor();
  await page.getByRole('button', { name: '用户菜单' }).click();
  assert.deepEqual(await menuItems(page, 3), ['布局设置', '个人中心', '退出登录']);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: '数据概览', exact: true }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'zh-CN');
  await screenshot(page, 'language-07-back');
  noErrors(page);
  await page.context().close();
});

test('embedded at /monomer: the switch works inside the portal and its popups stay in the container', { skip: s.skip }, async () => {
  const page = await newPage(s.browser);
  const app = await signInEmbedded(page, s.stack.portalURL, 'admin', s.stack.passwords.admin);
  await twoPagesOfSessions();

  await app.getByRole('button', { name: 'English', exact: true }).click();
  await app.getByRole('button', { name: '中文', exact: true }).waitFor();
  await app.getByRole('menuitem', { name: /(^|\s)System$/ }).click();
  await app.getByRole('menuitem', { name: /Online users/ }).click();
  await page.waitForURL(/\/monomer\/system\/online$/);
  await shown(page, 'Online users');
  assert.deepEqual(await crumbs(app), ['Home', 'System', 'Online users']);
  await app.getByRole('button', { name: 'User menu' }).click();
  const items = app.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem');
  await items.first().waitFor();
  assert.deepEqual((await items.allInnerTexts()).map((x) => x.trim()), ['Layout settings', 'Personal center', 'Log out']);
  assert.equal((await app.locator('.ant-pagination-options-quick-jumper button').innerText()).trim(), 'Confirm');
  await screenshot(page, 'language-08-portal');
  await page.keyboard.press('Escape');

  await page.reload();
  await app.getByRole('button', { name: '中文', exact: true }).click();
  await app.getByRole('button', { name: 'English', exact: true }).waitFor();
  await shown(page, '在线用户');
  assert.deepEqual(await crumbs(app), ['首页', '系统管理', '在线用户']);
  noErrors(page);
  await page.context().close();
});

/**
 * Every button of the 操作 column of the visible tables on the page, with where it is against
 * its cell and the window: whole inside its cell, one line, the cell within the window.
 */
const actionButtons = (page) =>
  page.evaluate(() => {
    const out = [];
    const tables = [...document.querySelectorAll('main .ant-table')].filter((t) => t.checkVisibility());
    for (const table of tables) {
      const heads = [...table.querySelectorAll('thead th')];
      const head = heads.find((th) => ['操作', 'Actions'].includes(th.textContent.trim()));
      if (!head) continue;
      for (const row of table.querySelectorAll('tbody tr.ant-table-row')) {
        const cell = row.children[heads.indexOf(head)];
        const c = cell.getBoundingClientRect();
        const all = [...cell.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
        // what the row's buttons leave of the cell: its padding, and no more than a few pixels
        const spare = all.length ? Math.round(c.width - (Math.max(...all.map((r) => r.right)) - Math.min(...all.map((r) => r.left)))) : 0;
        for (const b of cell.querySelectorAll('button')) {
          const r = b.getBoundingClientRect();
          out.push({
            text: b.textContent.trim(),
            inside: r.left >= c.left - 0.5 && r.right <= c.right + 0.5 && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5,
            whole: b.scrollWidth <= b.clientWidth + 1,
            oneLine: r.height < 40,
            inWindow: c.right <= document.documentElement.clientWidth + 0.5,
            cell: [Math.round(c.left), Math.round(c.right)],
            button: [Math.round(r.left), Math.round(r.right)],
            spare,
          });
        }
      }
    }
    return out;
  });

/** Date cells of the visible tables whose text does not fit (cut off rather than wrapped). */
const cutDates = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main .ant-table td.mall-date-cell')]
      .filter((td) => td.checkVisibility() && td.textContent.trim() !== '-' && td.scrollWidth > td.clientWidth + 1)
      .map((td) => `${td.textContent.trim()} (${td.clientWidth} of ${td.scrollWidth} px)`),
  );

test('English mode: dictionary labels, tab and breadcrumb agree, the 操作 column fits its buttons at 1366×768', { skip: s.skip }, async () => {
  const page = await newPage(s.browser, { viewport: { width: 1366, height: 768 } });
  const base = s.stack.bffURL;
  await page.goto(`${base}/login`);
  await signIn(page, 'admin', s.stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  const open = async (path) => {
    await page.goto(`${base}${path}`);
    await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor();
  };

  for (const language of ['zh', 'en']) {
    if (language === 'en') {
      await page.getByRole('button', { name: 'English', exact: true }).click();
      await page.getByRole('button', { name: '中文', exact: true }).waitFor();
    }
    const en = language === 'en';
    // 用户管理: its tab and its breadcrumb say the same, in the chosen language
    await open('/system/user');
    await shown(page, en ? 'Users' : '用户管理');
    assert.deepEqual(await crumbs(page), en ? ['Home', 'System', 'Users'] : ['首页', '系统管理', '用户管理']);
    await page.waitForFunction((t) => document.title.startsWith(t), en ? 'Users - ' : '用户管理 - ');
    const staff = page.locator('main .ant-table-tbody tr').filter({ has: page.getByRole('cell', { name: 'staff', exact: true }) });
    await staff.getByRole('cell', { name: en ? 'Male' : '男', exact: true }).waitFor();
    const admin = page.locator('main .ant-table-tbody tr').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    await admin.getByText(en ? 'Active' : '激活', { exact: true }).waitFor();
    // the user_status dictionary's entry in the edit dialog's select
    await staff.getByRole('button', { name: en ? 'Edit' : '编辑', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select-selection-item', { hasText: en ? /^Active$/ : /^激活$/ }).waitFor();
    await screenshot(page, `language-10-user-dialog-${language}`);
    await dialog.getByRole('button', { name: en ? 'Cancel' : /^取\s*消$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // a fixed route: the same title in the tab and the breadcrumb
    await page.goto(`${base}/user/center`);
    await shown(page, en ? 'Personal center' : '个人中心');
    assert.deepEqual(await crumbs(page), en ? ['Home', 'Personal center'] : ['首页', '个人中心']);

    for (const [path, name] of [['/system/user', 'users'], ['/system/role', 'roles'], ['/system/dict', 'dict'], ['/mall/goods', 'goods'], ['/mall/order', 'orders'], ['/system/online', 'online']]) {
      await open(path);
      if (path === '/system/dict') {
        // the entries' table beside the dictionaries has its own 操作 column
        await page.locator('main .ant-table-tbody tr.ant-table-row', { hasText: 'user_status' }).click();
        await page.locator('main .ant-table-tbody tr.ant-table-row', { hasText: en ? 'Disabled' : '禁用' }).first().waitFor();
      }
      if (path === '/mall/goods' && en) {
        // the category column shows the categories' English names, the path under the top category as the tooltip
        await page.locator('main .ant-table-tbody td span[title^="Clothing / "], main .ant-table-tbody td span[title^="Digital / "]').first().waitFor();
      }
      const buttons = await actionButtons(page);
      assert.ok(buttons.length > 0, `${path} (${language}): the 操作 column has buttons`);
      const bad = buttons.filter((b) => !b.inside || !b.whole || !b.oneLine || !b.inWindow);
      if (en || bad.length) await screenshot(page, `language-11-${name}-${language}`);
      assert.deepEqual(bad, [], `${path} (${language}): every button whole inside its cell, and the cell on screen`);
      // the widest row's buttons fill the column (it once kept 100 px spare in English); an
      // order's buttons follow its status, and these orders may not show the widest set. The
      // bound is the cell's padding (33) plus what the canvas measure of the labels may differ
      // from the drawn text: with Debian's Chromium of 2026-11 用户管理 in English keeps 54 px
      // (46924ff included), 6 px more than with the earlier build.
      const snug = Math.min(...buttons.map((b) => b.spare));
      if (path !== '/mall/order') assert.ok(snug <= 60, `${path} (${language}): the 操作 column is ${snug} px wider than its widest row's buttons`);
      assert.deepEqual(await cutDates(page), [], `${path} (${language}): every date whole in its cell`);
    }
  }
  noErrors(page);
  await page.context().close();
});
