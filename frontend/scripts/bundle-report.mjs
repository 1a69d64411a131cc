#!/usr/bin/env node
// First-load JavaScript per route, gzip-compressed, from the Vite build manifest.
// A route's first load = the entry chunk, the route's lazy chunks, and every chunk those import
// statically (what the browser must fetch before the route can render; preloads included).
// Usage: node scripts/bundle-report.mjs [distDir]   (after `pnpm build`; build.manifest is on)
// Exits 1 when a budget is exceeded, so it can run in CI.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Frame + a list page (issue 13). */
const LIST_BUDGET_KB = 500;

/** Routes and their budgets (kB, gzip), from the walking-skeleton issue. */
const ROUTES = [
  { name: '/login', modules: ['src/features/auth/LoginPage.tsx'], budgetKb: 200 },
  // The modal/notification host loads right after the first render, beside the page (app/Feedback.tsx).
  { name: '/login incl. deferred feedback host', modules: ['src/features/auth/LoginPage.tsx', 'src/app/Feedback.tsx'] },
  { name: 'frame + /dashboard', modules: ['src/app/layout/Frame.tsx', 'src/features/dashboard/DashboardPage.tsx'], budgetKb: 500 },
  // echarts is its own chunk, fetched by the first chart after the figures painted (shared/ui/chart).
  { name: 'frame + /dashboard + charts (after)', modules: ['src/app/layout/Frame.tsx', 'src/features/dashboard/DashboardPage.tsx', 'src/shared/ui/chart/echarts.ts'] },
  // The list pages (issue 13). The table is antd's Table (shared/ui/table); the search bar, the
  // dialogs and pro-form are chunks fetched after the list drew (shared/ui/form/fields.tsx).
  ...[
    ['在线用户', 'system/online/index', 'src/features/online/index.ts'],
    ['用户管理', 'system/user/index', 'src/features/user/index.ts'],
    ['角色管理', 'system/role/index', 'src/features/role/index.ts'],
    ['菜单管理', 'system/menu/index', 'src/features/menu/page.ts'],
    ['部门管理', 'system/dept/index', 'src/features/dept/index.ts'],
    ['字典管理', 'system/dict/index', 'src/features/dict/index.ts'],
    ['日志', 'system/log/index', 'src/features/log/index.ts'],
    ['订单管理', 'mall/order/index', 'src/features/order/index.ts'],
    ['商品管理', 'mall/goods/index', 'src/features/goods/index.ts'],
    ['库存流水', 'mall/stock/index', 'src/features/stock/index.ts'],
    ['售后管理', 'mall/aftersale/index', 'src/features/aftersale/index.ts'],
    ['合同管理', 'channel/contract/index', 'src/features/contract/index.ts'],
    ['合同模板', 'channel/contractTemplate/index', 'src/features/contract/TemplatePage.tsx'],
    ['渠道管理', 'channel/agency/index', 'src/features/agency/index.ts'],
    ['企业认证审核', 'channel/cert/index', 'src/features/cert/CertAuditPage.tsx'],
    ['表单管理 list', 'workflow/formDesign/index', 'src/features/workflow/formDesign/index.ts'],
    ['我的审批', 'workflow/tasks/index', 'src/features/workflow/tasks/TasksPage.tsx'],
    ['开放接口', 'system/openClient/index', 'src/features/openClient/index.ts'],
  ].map(([label, key, module]) => ({ name: `frame + ${label} (${key})`, modules: ['src/app/layout/Frame.tsx', module], registryKey: key, budgetKb: LIST_BUDGET_KB })),
  // a list page's first dialog (新增 / 编辑): pro-form and pro-field, fetched on open
  { name: 'frame + 商品管理 + dialog (after)', modules: ['src/app/layout/Frame.tsx', 'src/features/goods/index.ts', 'src/shared/ui/form/pro.ts'], registryKey: 'mall/goods/index' },
  { name: 'frame + 详情 (/look)', modules: ['src/app/layout/Frame.tsx', 'src/features/look/index.ts'] },
  // a case's detail: 售后管理's drawer and /look?type=aftersale draw it from its own chunk
  { name: 'frame + 售后管理 + case drawer (after)', modules: ['src/app/layout/Frame.tsx', 'src/features/aftersale/index.ts', 'src/features/aftersale/components/CaseDrawer.tsx'], registryKey: 'mall/aftersale/index' },
  // The rich-text editor (Tiptap) is its own chunk, fetched when a form shows it (shared/ui/richtext/lazy.ts).
  { name: 'frame + 商品管理 + rich-text editor (after)', modules: ['src/app/layout/Frame.tsx', 'src/features/goods/index.ts', 'src/shared/ui/richtext/RichText.tsx'], registryKey: 'mall/goods/index' },
  // 表单管理's designer (with dnd-kit) is its own chunk, fetched when a form is opened.
  { name: 'frame + 表单管理 designer (?id=)', modules: ['src/app/layout/Frame.tsx', 'src/features/workflow/formDesign/index.ts', 'src/features/workflow/formDesign/Designer.tsx'] },
  { name: 'frame + 流程申请 (/applyForm)', modules: ['src/app/layout/Frame.tsx', 'src/features/workflow/ApplyFormPage.tsx'] },
  // the workflow's flow designer and instance pages (issue 11), each its own lazy chunk
  { name: 'frame + 流程绘制 (/flowDesign/:id)', modules: ['src/app/layout/Frame.tsx', 'src/features/workflow/flowDesign/FlowDesignPage.tsx'] },
  { name: 'frame + 流程详情 (/flowDetail)', modules: ['src/app/layout/Frame.tsx', 'src/features/workflow/flowDetail/FlowDetailPage.tsx'] },
];

/** Lazy chunks reported on their own (their file alone, gzip). */
const LAZY = [
  { name: 'rich-text editor chunk', module: 'src/shared/ui/richtext/RichText.tsx' },
  { name: 'form designer chunk (dnd-kit inside)', module: 'src/features/workflow/formDesign/Designer.tsx' },
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry in manifest');

const gzipCache = new Map();
function gzipKb(file) {
  if (!gzipCache.has(file)) {
    const bytes = readFileSync(join(dist, file));
    gzipCache.set(file, { raw: bytes.length / 1024, gzip: gzipSync(bytes).length / 1024 });
  }
  return gzipCache.get(file);
}

/**
 * A page chunk that Rollup shares with the page's lazy dialogs has no facade, so its source is
 * not a manifest key; it is then found through the registry's import of it (app/registry.ts).
 */
function pageChunkKey(module, registryKey) {
  if (manifest[module]) return module;
  // A lazily imported module that Rollup merged with small shared chunks keeps its name on a
  // chunk without a facade ("_Frame-….js"): the dynamic import still loads that chunk.
  const base = module.split('/').pop().replace(/\.[jt]sx?$/, '');
  const merged = Object.keys(manifest).filter((k) => k.startsWith(`_${base}-`) && manifest[k].isDynamicEntry);
  if (merged.length === 1) return merged[0];
  if (!registryKey) return module;
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const code = readFileSync(join(dist, chunk.file), 'utf8');
    const at = code.indexOf(`"${registryKey}"`);
    if (at < 0) continue;
    const file = /import\("\.\/([^"]+)"\)/.exec(code.slice(at, at + 200))?.[1];
    const found = file && Object.keys(manifest).find((k) => manifest[k].file === `assets/${file}`);
    if (found) return found;
  }
  return module;
}

function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

let failed = false;
const rows = [];
for (const route of ROUTES) {
  const files = new Set();
  collect(entryKey, files);
  for (const module of route.modules) collect(pageChunkKey(module, route.registryKey), files);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = gzipKb(file);
    raw += size.raw;
    gzip += size.gzip;
  }
  if (process.env.BUNDLE_FILES && route.name.includes(process.env.BUNDLE_FILES)) for (const f of files) console.log(`    ${gzipKb(f).gzip.toFixed(1).padStart(6)} ${f}`);
  const over = route.budgetKb !== undefined && gzip > route.budgetKb;
  failed ||= over;
  rows.push({ route: route.name, files: files.size, raw, gzip, budget: route.budgetKb, over });
}

const entry = gzipKb(manifest[entryKey].file);
console.log(`entry ${manifest[entryKey].file}: ${entry.gzip.toFixed(1)} kB gzip (${entry.raw.toFixed(1)} kB raw)`);
console.log('first-load JS per route (gzip):');
for (const row of rows) {
  const budget = row.budget === undefined ? '' : ` / budget ${row.budget} kB${row.over ? '  OVER BUDGET' : '  ok'}`;
  console.log(
    `  ${row.route.padEnd(52)} ${row.gzip.toFixed(1).padStart(7)} kB gzip  (${row.raw.toFixed(1)} kB raw, ${row.files} files)${budget}`,
  );
}
for (const lazy of LAZY) {
  const chunk = manifest[lazy.module];
  if (!chunk) throw new Error(`not in manifest: ${lazy.module}`);
  const size = gzipKb(chunk.file);
  console.log(`${lazy.name} ${chunk.file}: ${size.gzip.toFixed(1)} kB gzip (${size.raw.toFixed(1)} kB raw)`);
}
process.exit(failed ? 1 : 0);
