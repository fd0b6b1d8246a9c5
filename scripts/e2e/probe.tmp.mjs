import { login, NODE_TYPE } from './lib/rest.mjs';
import { CREDENTIAL } from './lib/setup.mjs';
const [url] = process.argv.slice(2);
const client = await login(url);
const wf = await client.post('/workflows', { name: 'probe form', active: false, connections: {}, settings: {}, nodes: [{ id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Create ticket', type: NODE_TYPE, typeVersion: 1, position: [0, 0], parameters: { resource: 'ticket', operation: 'create' }, credentials: { customerCareApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } } }] });
console.log('wf', wf.id);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
page.setDefaultTimeout(30000);
await page.goto(`${url}/signin`);
await page.fill('input[name=emailOrLdapLoginId]', 'owner@example.com');
await page.fill('input[name=password]', 'Customer-Care-1');
await page.keyboard.press('Enter');
await page.waitForURL((u) => !u.pathname.includes('signin'));
await page.goto(`${url}/workflow/${wf.id}`);
const node = page.locator('[data-test-id="canvas-node"][data-node-name="Create ticket"]');
await node.waitFor();
await node.dblclick();
await page.locator('[data-test-id="ndv"]').waitFor();
await page.locator('[data-test-id="resource-mapper-container"]').waitFor();
await page.waitForTimeout(3000);
await page.screenshot({ path: '/tmp/i13m-probe/form.png' });
for (const id of ['301','302','304','305','306']) { const el = page.locator(`[data-test-id="parameter-input-${id}"]`); console.log(id, (await el.innerHTML()).slice(0, 700)); }
const ids = await page.locator('[data-test-id="ndv"] [data-test-id^="parameter-input-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-id') + ' | ' + e.className + ' | ' + (e.querySelector('input,textarea')?.getAttribute('type') ?? '') ));
console.log(ids.join('\n'));
const html = await page.locator('[data-test-id="resource-mapper-container"]').innerHTML();
require_fs: { const fs = await import('node:fs'); fs.writeFileSync('/tmp/i13m-probe/mapper.html', html); }
await browser.close();
