// 物流跟踪 on an order's detail (/look?type=order&id=) with tracking on: the BFF asks a stand-in of
// 快递100's API (docs/decisions.md "Parcel tracking"; the Go tests use bff/internal/tracking/
// trackingtest) served here on loopback, signs its query as 快递100 wants (upper(MD5(param + key +
// customer)), the phone's last four digits for 顺丰), and the page draws the events newest first
// with their age; 刷新 within the minute is answered from the BFF's cache, not asked again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { newPage, screenshot, settled, suite } from './harness.mjs';
import { noErrors, shippedOrder, signInAt, storedToken } from './flows.mjs';

const account = { customer: 'E2ECUSTOMER', key: `key-${randomBytes(6).toString('hex')}`, salt: `salt-${randomBytes(6).toString('hex')}` };
const events = [
  { time: '2026-11-28 12:30:00', context: '【杭州市】快件已发往 上海转运中心' },
  { time: '2026-11-28 09:15:00', context: '【杭州市】商家已发货，快递员已揽收' },
];
/** A provider's time (Beijing) as the console shows it: in the server's zone, this machine's. */
function shown(beijing) {
  const d = new Date(`${beijing.replace(' ', 'T')}+08:00`);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
const asked = []; // the query params the stand-in accepted
const refused = []; // and the ones it did not

/** 快递100's query and subscription, enough of them for the console. */
function standIn() {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const param = form.get('param') ?? '';
      const reply = (v) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.url === '/poll/query.do') {
        const sign = createHash('md5').update(param + account.key + account.customer).digest('hex').toUpperCase();
        if (form.get('customer') !== account.customer || form.get('sign') !== sign) {
          refused.push(param);
          return reply({ result: false, returnCode: '400', message: '签名错误' });
        }
        const q = JSON.parse(param);
        asked.push(q);
        return reply({ message: 'ok', state: '0', status: '200', com: q.com, nu: q.num, data: events });
      }
      if (req.url === '/poll') return reply({ result: true, returnCode: '200', message: '提交成功' });
      res.writeHead(404).end();
    });
  });
}

let server;
let providerURL;
// registered before the suite's own hook, so the stand-in listens when the BFF starts
before(async () => {
  server = standIn();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  providerURL = `http://127.0.0.1:${server.address().port}`;
});
after(() => new Promise((ok) => server.close(ok)));

const ctx = suite({
  env: ({ bffURL }) => ({
    BFF_TRACKING_PROVIDER: 'kuaidi100', BFF_TRACKING_URL: providerURL, BFF_TRACKING_CUSTOMER: account.customer,
    BFF_TRACKING_KEY: account.key, BFF_TRACKING_SALT: account.salt, BFF_PUBLIC_URL: `${bffURL}/`,
  }),
});
const { skip } = ctx;

test('standalone: a shipped order\'s detail shows its parcel\'s events from the provider, 刷新 answered from the cache', { skip, timeout: 180_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const page = await newPage(ctx.browser, { viewport: { width: 1366, height: 900 } });
  try {
    await signInAt(page, bffURL, 'admin', passwords.admin);
    const order = await shippedOrder(bffURL, await storedToken(page), 'E2E-TRK-1', 'SF7000000007');
    await page.goto(`${bffURL}/look?type=order&id=${order.id}`);
    const box = page.getByLabel('物流跟踪');
    await box.getByText(events[1].context).waitFor();
    const items = box.locator('.ant-timeline-item');
    assert.equal(await items.count(), 2);
    const newest = await items.first().innerText();
    assert.ok(newest.includes('上海转运中心') && newest.includes(shown(events[0].time)), `newest first, with its time: ${newest}`);
    await box.getByText(/数据更新于 .+（刚刚）/).waitFor();
    assert.equal(refused.length, 0, `the stand-in refused the BFF's signature: ${refused}`);
    assert.deepEqual(asked.map((q) => [q.com, q.num, q.phone]), [['shunfeng', 'SF7000000007', '2468']],
      'one signed query, 顺丰 with the phone\'s last four digits');
    await box.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'tracking-01-timeline');
    // 刷新 within the minute: the cached answer again, the provider not asked
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/orders/${order.id}/tracking`) && r.url().includes('refresh=1')),
      box.getByRole('button', { name: '刷新' }).click(),
    ]);
    assert.equal(again.status(), 200);
    assert.equal((await again.json()).events.length, 2);
    await box.getByText(events[0].context).waitFor();
    assert.equal(asked.length, 1, 'asked again within the minute');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'tracking-failed');
    throw err;
  } finally {
    await page.context().close();
  }
});
