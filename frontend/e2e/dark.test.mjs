// Dark mode on the pages that draw their own surfaces: the rich-text editor (its toolbar icons),
// the form designer's canvas (its field titles) and the flow designer's canvas. Each part is read
// as a person sees it — the text or icon colour against the first opaque background behind it —
// and must keep a readable contrast; each is screenshotted. Also the administrator's menu without
// the channel-only 我的渠道.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, noErrors, signInAt, storedToken } from './flows.mjs';

const ctx = suite();
const { skip } = ctx;

/**
 * The WCAG contrast ratio of an element's colour (alpha blended) against the first opaque
 * background among it and its ancestors, and that background's luminance.
 */
const contrast = (locator) =>
  locator.first().evaluate((el) => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    let bgEl = el;
    let bg = parse(getComputedStyle(bgEl).backgroundColor);
    while (bg.a < 0.5 && bgEl.parentElement) {
      bgEl = bgEl.parentElement;
      bg = parse(getComputedStyle(bgEl).backgroundColor);
    }
    const fg = parse(getComputedStyle(el).color);
    const mix = (k) => fg[k] * fg.a + bg[k] * (1 - fg.a);
    const lum = ({ r, g, b }) => {
      const ch = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const lf = lum({ r: mix('r'), g: mix('g'), b: mix('b') });
    const lb = lum(bg);
    return { ratio: (Math.max(lf, lb) + 0.05) / (Math.min(lf, lb) + 0.05), bg: lb, fg: getComputedStyle(el).color, bgColor: getComputedStyle(bgEl).backgroundColor };
  });

async function darkAdmin() {
  const page = await signInAt(await newPage(ctx.browser), ctx.stack.bffURL, 'admin', ctx.stack.passwords.admin);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '布局设置' });
  await drawer.getByRole('switch', { name: '暗色模式' }).click();
  await page.getByText('布局设置成功').first().waitFor();
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  await drawer.waitFor({ state: 'hidden' });
  return page;
}

test('dark mode: the form designer, the rich-text editor and the flow canvas stay readable', { skip }, async () => {
  const page = await darkAdmin();

  // the form designer: a field's title on its row
  await page.goto(`${ctx.stack.bffURL}/formDesign?id=new`);
  await page.getByRole('textbox', { name: '表单名称' }).fill('暗色表单');
  await page.getByTestId('palette-text').click();
  await page.getByTestId('palette-richtext').click();
  const canvas = page.getByRole('list', { name: '画布' });
  const title = canvas.getByRole('listitem', { name: '单行文本' }).locator('strong');
  await title.waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'dark-01-form-designer');
  const row = await contrast(title);
  assert.ok(row.bg < 0.2, `the field row is dark: ${JSON.stringify(row)}`);
  assert.ok(row.ratio >= 4.5, `field title readable on its row: ${JSON.stringify(row)}`);
  const canvasBody = await contrast(canvas);
  assert.ok(canvasBody.bg < 0.2, `the canvas is dark: ${JSON.stringify(canvasBody)}`);

  // the rich-text editor, in the designer's preview
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog').filter({ hasText: '预览' });
  const bold = preview.getByRole('button', { name: '加粗' });
  await bold.waitFor();
  await page.waitForTimeout(400);
  await screenshot(page, 'dark-02-richtext');
  const icon = await contrast(bold.locator('.anticon'));
  assert.ok(icon.bg < 0.2, `the toolbar is dark: ${JSON.stringify(icon)}`);
  assert.ok(icon.ratio >= 3, `toolbar icon visible on the toolbar: ${JSON.stringify(icon)}`);
  await preview.locator('.ProseMirror').click();
  await page.keyboard.type('暗色正文');
  const body = await contrast(preview.locator('.ProseMirror p'));
  assert.ok(body.ratio >= 4.5, `text readable in the editor: ${JSON.stringify(body)}`);

  // the flow designer's canvas and a node card
  const token = await storedToken(page);
  const schema = { fields: [{ key: 'days', type: 'number', label: '天数', required: true, min: 0, max: 365 }] };
  const { id } = await apiCall(ctx.stack.bffURL, token, 'POST', '/api/workflow/forms', { name: '暗色流程', icon: 'form', group: '行政', schema });
  await page.goto(`${ctx.stack.bffURL}/flowDesign/${id}`);
  const start = page.locator('[data-node="start"]');
  await start.waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'dark-03-flow-designer');
  const wfCanvas = await contrast(page.locator('.wf-end'));
  assert.ok(wfCanvas.bg < 0.2, `the flow canvas is dark: ${JSON.stringify(wfCanvas)}`);
  assert.ok(wfCanvas.ratio >= 3, `the end mark readable: ${JSON.stringify(wfCanvas)}`);
  const cardBody = await contrast(start.locator('.wf-card-body'));
  assert.ok(cardBody.ratio >= 4.5, `a node card's text readable: ${JSON.stringify(cardBody)}`);
  noErrors(page);
  await page.context().close();
});

test('the administrator, with no agency, has no 我的渠道 in the menu; a direct visit still answers', { skip }, async () => {
  const page = await signInAt(await newPage(ctx.browser), ctx.stack.bffURL, 'admin', ctx.stack.passwords.admin);
  const sider = page.locator('.ant-pro-sider');
  await sider.getByText('渠道', { exact: true }).waitFor();
  assert.equal(await sider.getByText('我的渠道').count(), 0, 'no 我的渠道 for an account without an agency');
  await page.goto(`${ctx.stack.bffURL}/mine/agency`);
  await page.getByText('当前账号不属于任何渠道').waitFor();
  await screenshot(page, 'dark-04-admin-mine-direct');
  await page.context().close();
});
