// Click → rows for every list page (issue 33, "Speed a person feels"): each page opened from the
// sidebar for the first time, then opened again from the sidebar while its tab is still open (a
// return visit; 订单管理 left on its 待发货 tab), then once more after 关闭全部 (the page mounts
// again, its code fetched), as admin with the demo shop (5,000 orders). Reported, not asserted, except that
// a return visit sends no list request: a kept page shows the rows it has. The table goes to
// docs/figures.md. `LIST_RUNS` (default 1) repeats the walk in fresh browser contexts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, suite, settled } from './harness.mjs';
import { signIn, noErrors } from './flows.mjs';

const s = suite({ env: { BFF_DEMO_SHOP: 'on' } });
const RUNS = Number(process.env.LIST_RUNS ?? 1);

/** The list pages: sidebar group, entry, and whether the demo leaves it empty for admin. */
const PAGES = [
  ['系统管理', '用户管理'],
  ['系统管理', '角色管理'],
  ['系统管理', '菜单管理'],
  ['系统管理', '部门管理'],
  ['系统管理', '字典管理'],
  ['系统管理', '在线用户'],
  ['系统管理', '操作日志'],
  ['系统管理', '存储管理', true],
  ['系统管理', '开放接口'],
  ['流程', '我的审批', true],
  ['流程', '表单管理'],
  ['商城', '商品管理'],
  ['商城', '商品分类'],
  // left on its 待发货 tab (the address then carries ?status=paid), as people leave it
  ['商城', '订单管理', false, async (page) => {
    await page.locator('main [data-kept="/mall/order"]').getByRole('tab', { name: /待发货/ }).click();
    await page.waitForURL(/status=paid/);
  }],
  ['商城', '库存流水'],
  ['渠道', '渠道管理'],
  ['渠道', '企业认证审核', true],
  ['渠道', '合同模板'],
  ['渠道', '合同管理'],
];

/**
 * In the page: clicks the sidebar link `text` and resolves, at the paint after the page it leads
 * to shows its rows (or, `empty`, its empty table) with no spinner, with the ms from the click and
 * the /api requests sent meanwhile.
 */
function clickToRows([text, empty]) {
  return new Promise((resolve, reject) => {
    const link = [...document.querySelectorAll('aside a')].find((n) => n.textContent.replace(/\s/g, '') === text && n.getClientRects().length > 0);
    if (!link) return reject(new Error(`no sidebar link ${text}`));
    const path = new URL(link.href).pathname.replace(/^\/monomer/, '');
    performance.clearResourceTimings();
    const start = performance.now();
    // every seeded page is kept alive in its tab: its own wrapper, shown (the others stay in the
    // document, hidden, with their rows)
    const shownPage = () => {
      const kept = document.querySelector(`[data-kept="${path}"]`);
      return kept && kept.style.display === 'contents' ? kept : null;
    };
    const visible = (n) => n && n.getClientRects().length > 0;
    const ready = () => {
      const p = shownPage();
      if (!p || visible(p.querySelector('.ant-spin-spinning, .ant-skeleton'))) return false;
      const table = p.querySelector('.data-table') ?? p;
      return visible(table.querySelector('.ant-table-tbody tr.ant-table-row, .ant-tree-treenode')) || (empty && visible(table.querySelector('.ant-table-tbody .ant-empty')));
    };
    const finish = () =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          const requests = performance
            .getEntriesByType('resource')
            .filter((r) => r.startTime >= start - 1)
            .map((r) => `${Math.round(r.startTime - start)}–${Math.round(r.responseEnd - start)} ${r.name.replace(location.origin, '')}`);
          resolve({ ms: Math.round(performance.now() - start), requests });
        }, 0),
      );
    const watch = new MutationObserver(() => {
      if (ready()) {
        watch.disconnect();
        finish();
      }
    });
    watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
    link.click();
    if (ready()) {
      watch.disconnect();
      finish();
    }
  });
}

async function open(page, group, title, empty) {
  const link = page.locator('aside a').filter({ hasText: new RegExp(`^${title}$`) });
  if (!(await link.first().isVisible())) {
    await page.locator('aside').getByText(group, { exact: true }).click();
    await link.first().waitFor();
    await page.waitForTimeout(300);
  }
  await settled(page);
  await page.waitForTimeout(200);
  return page.evaluate(clickToRows, [title, !!empty]);
}

test('click → rows of every list page, first and return visit', { skip: s.skip, timeout: 900_000 }, async () => {
  const figures = new Map(PAGES.map(([, title]) => [title, { first: [], back: [], reopen: [] }]));
  for (let run = 0; run < RUNS; run++) {
    const page = await newPage(s.browser);
    await page.goto(`${s.stack.bffURL}/login`);
    await signIn(page, 'admin', s.stack.passwords.admin);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
    await settled(page);
    for (const visit of ['first', 'back', 'reopen']) {
      if (visit === 'reopen') {
        // every tab closed (关闭全部): the pages mount again, their code already fetched
        await page.getByRole('tab', { name: PAGES.at(-1)[1], exact: true }).click({ button: 'right' });
        await page.getByRole('menuitem', { name: '关闭全部', exact: true }).click();
        await settled(page);
      }
      for (const [group, title, empty, leave] of PAGES) {
        const r = await open(page, group, title, empty);
        if (visit === 'first' && leave) await leave(page);
        figures.get(title)[visit].push(r.ms);
        console.log(`run ${run + 1} ${visit} ${title}: ${r.ms} ms`);
        for (const q of r.requests) console.log(`    ${q}`);
        if (visit === 'back') {
          const lists = r.requests.filter((q) => q.includes('/api/') && !/tasks\/count|menus\/build|auth\/info/.test(q));
          assert.deepEqual(lists, [], `${title}: a return visit asked again for ${lists.join(', ')}`);
        }
      }
    }
    noErrors(page);
    await page.context().close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('| page | first visit, median (runs) | return visit, tab open | reopened after 关闭全部 |');
  console.log('|---|---:|---:|---:|');
  const cell = (xs) => `${median(xs)} ms (${xs.join(', ')})`;
  for (const [title, f] of figures) console.log(`| ${title} | ${cell(f.first)} | ${cell(f.back)} | ${cell(f.reopen)} |`);
});
