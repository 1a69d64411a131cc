// Speed a person feels (issue 16): the first open of 用户管理 in a session, from the click on its
// sidebar entry to its rows painted, and the role dialog from the click on 编辑 to its fields and
// menu tree painted. Reported, not asserted (a timing depends on the machine's load): the
// figures go to docs/figures.md. Each report lists the requests made meanwhile, so a slow open
// shows what it waited for (a lazy chunk, requests one after another, dictionary fetches).
// What is asserted is the order that keeps the open short: the user list is asked for before the
// department tree (the 部门 search field's options) has come back, not after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite, settled } from './harness.mjs';
import { signIn, noErrors } from './flows.mjs';

const s = suite();
const RUNS = Number(process.env.SPEED_RUNS ?? 3);

/**
 * In the page: clicks `clickSel` (the first match whose text is `text`) and resolves, after the
 * next paint following the appearance of `doneSel`, with the time from the click in ms and the
 * requests (resource timings) started meanwhile.
 */
function clickToPaint([clickSel, text, doneSel]) {
  return new Promise((resolve) => {
    // the shown page's: pages kept alive behind it are in the document too, not displayed
    const target = [...document.querySelectorAll(clickSel)].find((n) => n.textContent.replace(/\s/g, '') === text && n.getClientRects().length > 0);
    if (!target) throw new Error(`no ${clickSel} "${text}"`);
    performance.clearResourceTimings();
    const start = performance.now();
    const finish = () => {
      // two frames: the one the rows were rendered in, then the paint of it
      requestAnimationFrame(() =>
        setTimeout(() => {
          const end = performance.now();
          const requests = performance
            .getEntriesByType('resource')
            .filter((r) => r.startTime >= start - 1)
            .map((r) => ({ url: r.name.replace(location.origin, ''), start: Math.round(r.startTime - start), end: Math.round(r.responseEnd - start) }));
          resolve({ ms: Math.round(end - start), requests });
        }, 0),
      );
    };
    const seen = () => document.querySelector(doneSel);
    const watch = new MutationObserver(() => {
      if (seen()) {
        watch.disconnect();
        finish();
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    target.click();
    if (seen()) {
      watch.disconnect();
      finish();
    }
  });
}

const print = (what, r) => {
  console.log(`${what}: ${r.ms} ms`);
  for (const q of r.requests) console.log(`  ${String(q.start).padStart(5)}–${String(q.end).padEnd(5)} ${q.url}`);
};

test('speed: first open of 用户管理 (click → rows painted) and the role dialog (click → fields painted)', { skip: s.skip }, async () => {
  const users = [];
  const dialogs = [];
  for (let run = 0; run < RUNS; run++) {
    // a fresh browser context each run: nothing cached, as after a new sign-in on a new machine
    const page = await newPage(s.browser);
    await page.goto(`${s.stack.bffURL}/login`);
    await signIn(page, 'admin', s.stack.passwords.admin);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
    await settled(page);
    await page.locator('aside').getByText('系统管理', { exact: true }).click();
    await page.locator('aside').getByText('用户管理', { exact: true }).waitFor();
    await page.waitForTimeout(300);
    // the browser's own order of events: the users request sent, the department tree asked for
    // and answered
    const events = [];
    const onRequest = (r) =>
      (/\/api\/users\?/.test(r.url()) && events.push('users sent')) || (/\/api\/dept(\?|$)/.test(r.url()) && events.push('dept sent'));
    const onResponse = (r) => /\/api\/dept(\?|$)/.test(r.url()) && events.push('dept answered');
    page.on('request', onRequest);
    page.on('response', onResponse);
    const deptAnswered = page.waitForResponse((r) => /\/api\/dept(\?|$)/.test(r.url()));
    const u = await page.evaluate(clickToPaint, ['aside a', '用户管理', 'main .ant-table-tbody tr.ant-table-row']);
    await deptAnswered;
    page.off('request', onRequest);
    page.off('response', onResponse);
    // the list is asked for first: it waits neither for the tree's answer nor for its request
    assert.equal(events[0], 'users sent', `the user list waited for the department tree: ${events.join(', ')}`);
    print(`run ${run + 1}: 用户管理 first open`, u);
    users.push(u.ms);

    await page.locator('aside').getByText('角色管理', { exact: true }).click();
    await page.waitForURL(/\/system\/role$/);
    // the role list itself: the address changes before the page shows, the user list still shown
    const roles = page.locator('main .data-table:visible').filter({ has: page.locator('.data-table-title', { hasText: /^角色管理$/ }) });
    await roles.locator('.ant-table-tbody tr.ant-table-row').getByRole('button', { name: '编辑' }).first().waitFor();
    await settled(page);
    await page.waitForTimeout(300);
    // the click on the visible row's 编辑 until the dialog's menu tree is painted
    const d = await page.evaluate(clickToPaint, ['.ant-table-tbody tr.ant-table-row button', '编辑', '.ant-modal .ant-tree-treenode:not([aria-hidden])']);
    print(`run ${run + 1}: role dialog`, d);
    dialogs.push(d.ms);
    if (run === 0) await screenshot(page, 'speed-01-role-dialog');
    noErrors(page);
    await page.context().close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`用户管理 first open: median ${median(users)} ms of ${users.join(', ')}`);
  console.log(`role dialog: median ${median(dialogs)} ms of ${dialogs.join(', ')}`);
});
