// A walk over every page a demo role can open, standalone and inside the portal at /monomer: each
// page of the role's menu tree and the fixed routes it may use, its 新增 dialog opened where it has
// one. Any page error, console error or failed API request fails the walk (issue 16 "A walk that
// fails on any error"); every page leaves a screenshot under .e2e/screens/walk-* for a person to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn, storedToken } from './flows.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;

// Pages that show one record need its id and are walked by the tests that make the record.
const NEEDS_RECORD = new Set(['/look', '/flowDetail', '/batchDetail']);
const NEEDS_RECORD_PREFIX = ['/flowDesign/'];
// Fixed routes every staff session may open beside its menu (the dashboard is in every menu).
const STAFF_FIXED = ['/dashboard', '/user/center'];

/** Every page path of a menu tree (directories are not pages; relative paths join their parent's). */
function pagesOf(routes, parent = '') {
  const out = [];
  for (const r of routes ?? []) {
    const path = r.path?.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path ?? ''}`;
    if (r.children?.length) out.push(...pagesOf(r.children, path));
    else if (r.component && r.component !== 'Layout' && r.component !== 'ParentView' && !r.path?.startsWith('http')) out.push(path);
  }
  return out;
}

const walkable = (path) => !NEEDS_RECORD.has(path) && !NEEDS_RECORD_PREFIX.some((p) => path.startsWith(p)) && !path.includes(':');

/** Records API answers of 400 and above; a page walked by a person never provokes one. */
function failedCalls(page) {
  const failed = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() >= 400) failed.push(`${res.request().method()} ${url.pathname}${url.search} → ${res.status()}`);
  });
  page.on('requestfailed', (req) => {
    const url = new URL(req.url());
    // a navigation away cancels what the last page still loaded; that is not a fault
    if (url.pathname.startsWith('/api/') && req.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${req.method()} ${url.pathname} ${req.failure()?.errorText}`);
  });
  return failed;
}

/**
 * Waits until nothing spins (the page's chunk, a table's rows) and no request has started for
 * 300 ms, at most 15 s: the page has drawn its data. A page still spinning then fails the walk.
 */
async function settled(page) {
  // only what is on screen: the pages of other tabs stay mounted, hidden (keep-alive, issue 16)
  await page.waitForFunction(() => ![...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some((e) => e.checkVisibility()), undefined, { timeout: 15_000 });
  await page.evaluate(async () => {
    const quietFor = 300;
    const until = Date.now() + 10_000;
    let last = performance.getEntriesByType('resource').length;
    let quietSince = Date.now();
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      const now = performance.getEntriesByType('resource').length;
      if (now !== last) {
        last = now;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= quietFor) return;
    }
  });
}

/** In-app navigation, as a menu click does it (no reload: the walk also proves the router's own moves). */
async function go(page, base, path) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, `${base}${path}`);
  await page.waitForURL((url) => url.pathname === `${base}${path}`, { timeout: 5000 });
}

/**
 * Fields inside root that do not say what they want (seed-spec §5: 请输入{label} / 请选择{label}):
 * a text input, text area or empty select whose placeholder is missing or a bare 请输入/请选择.
 * Range pickers (开始日期 / 结束日期) and a select's own search box are not fields of their own.
 */
async function vaguePlaceholders(root) {
  return root.evaluate((el) => {
    const visible = (n) => n.offsetWidth > 1 && n.offsetHeight > 1;
    const bad = [];
    for (const input of el.querySelectorAll('input:not([type]), input[type=text], input[type=password], input[type=search], textarea')) {
      // a disabled, read-only input shows a value (合同模板's 系统填写), not a prompt
      if (!visible(input) || (input.disabled && input.readOnly)) continue;
      if (input.closest('.ant-select, .ant-picker-range, .ant-transfer, .ant-pagination, .ProseMirror, .ant-tree, [role=tree]')) continue;
      const ph = input.getAttribute('placeholder') ?? '';
      if (!/^请(输入|选择).+/.test(ph) && !/^(请选择日期|请选择时间)$/.test(ph)) bad.push(`${input.id || input.name || 'input'}: "${ph}"`);
    }
    for (const select of el.querySelectorAll('.ant-select')) {
      if (!visible(select) || select.querySelector('.ant-select-selection-item')) continue;
      const ph = select.querySelector('.ant-select-selection-placeholder')?.textContent ?? '';
      if (!/^请选择.+/.test(ph)) bad.push(`select ${select.querySelector('input')?.id ?? ''}: "${ph}"`);
    }
    return bad;
  });
}

const ROLES = [
  { user: 'admin', password: (s) => s.passwords.admin, login: '/login' },
  { user: 'staff', password: (s) => s.passwords.demo, login: '/login' },
  { user: 'lead', password: (s) => s.passwords.demo, login: '/login' },
  { user: 'channel', password: (s) => s.passwords.demo, login: '/newLogin', channel: true },
];

for (const role of ROLES) {
  for (const embedded of [false, true]) {
    const where = embedded ? 'at /monomer' : 'standalone';
    test(`every page of ${role.user} ${where} opens without an error`, { skip }, async () => {
      const { stack, browser } = ctx;
      const page = await newPage(browser);
      const failed = failedCalls(page);
      const base = embedded ? '/monomer' : '';
      const origin = embedded ? stack.portalURL : stack.bffURL;
      await page.goto(`${origin}${base}${role.login}`);
      const scope = embedded ? page.locator('#subapp') : page;
      await scope.getByLabel('用户名').waitFor();
      await signIn(scope, role.user, role.password(stack));
      await page.waitForURL((url) => url.pathname === `${base}/dashboard`);
      const token = await storedToken(page);
      const res = await fetch(`${stack.bffURL}/api/menus/build`, { headers: { Authorization: token } });
      assert.equal(res.status, 200);
      const menuPages = pagesOf(await res.json());
      const paths = [...new Set([...(role.channel ? ['/dashboard'] : STAFF_FIXED), ...menuPages])].filter(walkable);
      assert.ok(menuPages.length > 0, `${role.user} has pages`);
      const walked = [];
      for (const path of paths) {
        const before = { errors: page.errors.length, failed: failed.length };
        await go(page, base, path);
        await settled(page);
        const slug = `walk-${role.user}-${embedded ? 'monomer' : 'standalone'}-${path.replace(/[^\w]+/g, '_')}`;
        await screenshot(page, slug);
        const notFound = await scope.getByText('抱歉，您访问的页面不存在').count();
        assert.equal(notFound, 0, `${path} shows the 404 page for ${role.user}`);
        const search = scope.locator('.data-table-search');
        if ((await search.count()) > 0) assert.deepEqual(await vaguePlaceholders(search.first()), [], `${path}: search fields without 请输入/请选择{label}`);
        const add = scope.getByRole('button', { name: /^新\s*增$/ });
        if ((await add.count()) === 1 && (await add.isVisible())) {
          await add.click();
          const dialog = page.getByRole('dialog').last();
          await dialog.waitFor();
          await settled(page);
          await screenshot(page, `${slug}-add`);
          assert.deepEqual(await vaguePlaceholders(dialog), [], `${path}: 新增 fields without 请输入/请选择{label}`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        }
        const newErrors = page.errors.slice(before.errors).filter((e) => !/status of 40[15]/.test(e));
        assert.deepEqual(newErrors, [], `${path}: page errors for ${role.user} ${where}`);
        assert.deepEqual(failed.slice(before.failed), [], `${path}: failed requests for ${role.user} ${where}`);
        walked.push(path);
      }
      console.log(`# ${role.user} ${where}: ${walked.length} pages walked: ${walked.join(' ')}`);
      await page.context().close();
    });
  }
}
