import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDeliveryWorker } from '../../src/platform/webhooks/worker.ts';
import { DELIVERY_HOOKS } from '../../src/features.ts';
import { startTestApp, TEST_SECRET_KEY } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';

/**
 * The two examples of examples/, run as a developer runs them, as processes against a real
 * Canopy: the shop integration gives trees to its orders (twice: the second run gives
 * nothing new), and the webhook receiver gets Canopy's real deliveries of them, verifies
 * them and handles each once, and refuses a request whose body was changed.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const worker = startDeliveryWorker(app.db, {
  ...DELIVERY_HOOKS, secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, publicBaseUrl: 'http://canopy.test', allowPrivateUrls: true, pollIntervalMs: 50,
});
after(() => worker.stop());

/** A running example: its output so far, and a wait for a line matching a pattern. */
function run(script: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  child.stdout!.on('data', (chunk: Buffer) => { output.text += chunk.toString('utf8'); });
  child.stderr!.on('data', (chunk: Buffer) => { output.text += chunk.toString('utf8'); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child, output, exited,
    async waitFor(pattern: RegExp, count = 1, ms = 20_000): Promise<RegExpMatchArray[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const matches = [...output.text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))];
        if (matches.length >= count) return matches;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${script}: no ${count} × ${pattern} in:\n${output.text}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

test('the shop integration gives each order once, and the receiver verifies and handles the real deliveries', async () => {
  const { company, token } = await make.companyWithTrees(app.db, { livemode: false, trees: 20 });
  const secretAnswer = await app.request('POST', '/v2/webhook-endpoints', { token, body: { url: 'http://127.0.0.1:1/placeholder', enabled_events: ['recipient.created'] } });
  assert.equal(secretAnswer.status, 200, secretAnswer.text);

  const receiver = run('examples/webhook-receiver/server.ts', { CANOPY_WEBHOOK_SECRET: secretAnswer.body.secret, PORT: '0' });
  after(() => receiver.child.kill());
  const [[, url]] = (await receiver.waitFor(/listening on (http:\/\/\S+)/)) as [RegExpMatchArray];
  const pointed = await app.request('PATCH', `/v2/webhook-endpoints/${secretAnswer.body.id}`, { token, body: { url: url! } });
  assert.equal(pointed.status, 200, pointed.text);

  const shop = { CANOPY_API_KEY: token, CANOPY_BASE_URL: app.baseUrl };
  const first = run('examples/shop-integration/give-trees.ts', shop);
  assert.equal(await first.exited, 0, first.output.text);
  const given = [...first.output.text.matchAll(/^order (\d+): (\d+) trees? as (rcp_\w+)$/gm)].map(([, order, trees, id]) => ({ order, trees: Number(trees), id }));
  assert.deepEqual(given.map(({ order, trees }) => [order, trees]), [['10041', 3], ['10042', 5], ['10043', 1]]);

  const second = run('examples/shop-integration/give-trees.ts', shop);
  assert.equal(await second.exited, 0, second.output.text);
  assert.deepEqual([...second.output.text.matchAll(/ as (rcp_\w+)$/gm)].map(([, id]) => id), given.map(({ id }) => id), 'a second run answers the same recipients');
  const recipients = (await app.get('/v2/recipients?limit=100', token)).body.data as { id: string; external_reference: string }[];
  assert.deepEqual(recipients.map((recipient) => recipient.external_reference).sort(), ['10041', '10042', '10043'], 'given once each');
  assert.equal((await app.get('/v2/company', company.test)).body.trees_unassigned, 20 - 9);

  worker.wake();
  const received = await receiver.waitFor(/^received recipient\.created (evt_\w+)$/m, 3);
  assert.equal(new Set(received.map(([, id]) => id)).size, 3);
  for (const { id, trees } of given) assert.match(receiver.output.text, new RegExp(`^recipient ${id} got ${trees} trees?$`, 'm'));

  // A delivery sent again (a redelivery) is answered but handled once.
  const [event] = (await app.get('/v2/events?type=recipient.created&limit=1', token)).body.data;
  assert.equal((await app.request('POST', `/v2/events/${event.id}/redeliver`, { token })).status, 200);
  worker.wake();
  const delivered = async () => (await app.get(`/v2/events/${event.id}`, token)).body.deliveries[0];
  for (let tries = 0; (await delivered()).attempts < 2 && tries < 400; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.deepEqual([(await delivered()).status, (await delivered()).last_status_code], ['delivered', 200]);
  assert.equal([...receiver.output.text.matchAll(new RegExp(`received recipient\\.created ${event.id}`, 'g'))].length, 1, 'handled once');

  const forged = await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json', 'canopy-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body: '{"id":"evt_forged"}' });
  assert.equal(forged.status, 400);
  await receiver.waitFor(/^refused a request: signature_mismatch$/m);
  assert.doesNotMatch(receiver.output.text, /evt_forged/);
});
