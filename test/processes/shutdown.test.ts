import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { cliWorkspace, type Serve } from '../helpers/cli.ts';
import { type Answer, startReceiver } from '../helpers/receiver.ts';

/**
 * Graceful shutdown of real `canopy serve` processes, on the embedded database and on
 * PostgreSQL: on SIGTERM a request in flight (its body still arriving) and a webhook
 * attempt in flight finish, new connections are refused, and the process exits 0; when
 * the grace period ends first, what is unfinished is given back at once for another
 * worker to take, and the process exits 1; a second signal exits at once. On PostgreSQL,
 * a draining worker answers /readyz 503 and /healthz 200.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const ws = cliWorkspace('canopy-shutdown');
const receiver = await startReceiver();
let dropDatabase = async () => {};
let token = '';
const running: Serve[] = [];

before(async () => {
  Object.assign(ws.env, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', CANOPY_SECRET_KEY: ws.env.CANOPY_SECRET_KEY ?? randomBytes(32).toString('hex') });
  if (onPostgres) dropDatabase = await ws.useFreshPostgresDatabase();
  // The CLI's runner in this process, on the folder (or database) the servers will use: child processes would cost seconds each.
  const company = await ws.inProcessJson(['companies', 'create', '--name', 'Shutdown Tea', '--country', 'nl']);
  await ws.inProcessJson(['users', 'create', '--company', company.id, '--email', 'ops@shutdown.test', '--role', 'admin']);
  token = (await ws.inProcessJson(['tokens', 'create', '--company', company.id, '--owner', 'ops@shutdown.test', '--scopes', 'all', '--mode', 'test'])).token;
});

after(async () => {
  for (const serve of running) if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill('SIGKILL');
  await Promise.all(running.map((serve) => serve.exited));
  await dropDatabase();
});

async function serve(options: Parameters<typeof ws.startServe>[0] = {}): Promise<Serve> {
  const started = await ws.startServe(options);
  running.push(started);
  return started;
}

async function call(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** A webhook endpoint at `path` on the receiver, then an event for it: a delivery attempt starts at once. */
async function deliveryTo(base: string, path: string) {
  const endpoint = await call(base, 'POST', '/v2/webhook-endpoints', { url: `${receiver.base}${path}` });
  await call(base, 'POST', '/v2/test_helpers/allocations', { trees: 3 });
  const [first] = await receiver.waitFor(path, 1, 10_000);
  return { endpointId: endpoint.id as string, eventId: String(first?.headers['webhook-id']) };
}

/** Reads the database once the process that owned it is gone (on the embedded database, it held the folder). */
async function afterwards<T>(read: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(onPostgres ? { kind: 'postgres', url: ws.env.DATABASE_URL as string, poolSize: 1 } : { kind: 'pglite', dataDir: ws.dataDir });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

const deliveriesOf = (database: Database, endpointId: string) =>
  database.db.selectFrom('event_deliveries').select(['event_id', 'status', 'attempts', 'locked_until']).where('endpoint_id', '=', endpointId).orderBy('event_id').execute();

const deliveryOf = async (database: Database, { endpointId, eventId }: { endpointId: string; eventId: string }) => {
  const { event_id: _, ...delivery } = (await deliveriesOf(database, endpointId)).find((row) => row.event_id === eventId) ?? assert.fail(`no delivery of ${eventId}`);
  return delivery;
};

/** Whether a new TCP connection is refused. */
function connectRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A POST whose headers and first half of the body are sent now, the rest when `finish()` is called. */
function halfSentPost(url: string, path: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  const half = Math.floor(body.length / 2);
  socket.write(
    [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Authorization: Bearer ${token}`, 'Content-Type: application/json',
      `Idempotency-Key: shutdown-${randomBytes(6).toString('hex')}`, `Content-Length: ${Buffer.byteLength(body)}`, '', body.slice(0, half)].join('\r\n'),
  );
  return {
    async finish() {
      socket.write(body.slice(half));
      await closed;
      const [head = '', payload = ''] = received.split('\r\n\r\n');
      return { head, status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body: payload };
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`graceful shutdown of canopy serve (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  test('SIGTERM: a request whose body is still arriving and a webhook attempt in flight finish, new connections are refused, exit 0', async (t) => {
    const server = await serve();
    const held: ((answer: Answer) => void)[] = [];
    receiver.behave('/slow', () => new Promise<Answer>((answer) => held.push(answer)));
    const attempted = await deliveryTo(server.url, '/slow');
    const request = halfSentPost(server.url, '/v2/recipients', JSON.stringify({ trees: 1, first_name: 'Late', last_name: 'Arrival' }));
    await sleep(200);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(500);
    assert.equal(await connectRefused(server.url), true, 'a new connection is refused once stopping');
    assert.equal(server.child.exitCode, null, 'still running: work is in flight');

    const answer = await request.finish();
    assert.equal(answer.status, 200, answer.body);
    assert.match(answer.head, /\r\nconnection: close/i, 'the answer closes the connection');
    const recipient = JSON.parse(answer.body);
    assert.equal(recipient.first_name, 'Late');

    await sleep(300);
    assert.equal(server.child.exitCode, null, 'still running: a webhook attempt is in flight');
    receiver.behave('/slow', () => ({ status: 200 }));
    for (const answerHeld of held.splice(0)) answerHeld({ status: 200 });
    assert.equal(await server.exited, 0);
    const stopMs = Date.now() - signalledAt;

    const { deliveries, found } = await afterwards(async (database) => ({
      deliveries: await deliveriesOf(database, attempted.endpointId),
      found: await database.db.selectFrom('recipients').select('id').where('id', '=', recipient.id).executeTakeFirst(),
    }));
    assert.ok(found, 'the request in flight was committed');
    const [inFlight, queuedMeanwhile] = [deliveries.filter((row) => row.event_id === attempted.eventId), deliveries.filter((row) => row.event_id !== attempted.eventId)];
    assert.deepEqual(inFlight.map(({ event_id: _, ...row }) => row), [{ status: 'delivered', attempts: 1, locked_until: null }], 'the attempt in flight was recorded');
    // The request's own events (recipient.created, ...) came after the stop began: no new attempt starts, they wait for the next worker.
    assert.ok(queuedMeanwhile.length > 0);
    for (const { event_id: _, ...row } of queuedMeanwhile) assert.deepEqual(row, { status: 'pending', attempts: 0, locked_until: null });
    t.diagnostic(`SIGTERM to exit 0, with a request and a webhook attempt held about 1 s: ${stopMs} ms`);
  });

  test('the grace period over: the webhook attempt still in flight is given back at once, exit 1', async (t) => {
    const server = await serve({ env: { SHUTDOWN_GRACE_SECONDS: '1' } });
    receiver.behave('/hang', () => 'hang');
    const attempted = await deliveryTo(server.url, '/hang');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 1);
    const stopMs = Date.now() - signalledAt;
    assert.ok(stopMs < 5000, `exited ${stopMs} ms after SIGTERM with a grace period of 1 s`);
    assert.match(server.stderr(), /grace period of 1 s with work unfinished \(webhook attempts in flight\); gave back [1-9]\d* leased jobs and webhook deliveries/);
    const delivery = await afterwards((database) => deliveryOf(database, attempted));
    assert.deepEqual(delivery, { status: 'pending', attempts: 1, locked_until: null }, 'no lease left on it: another worker sends it now');
    t.diagnostic(`SIGTERM to exit 1 with a grace period of 1 s: ${stopMs} ms`);
  });

  test('a second signal exits at once', async (t) => {
    const server = await serve();
    receiver.behave('/hang-again', () => 'hang');
    await deliveryTo(server.url, '/hang-again');
    server.child.kill('SIGTERM');
    await sleep(300);
    assert.equal(server.child.exitCode, null, 'draining: the attempt hangs');
    const secondAt = Date.now();
    server.child.kill('SIGINT');
    assert.equal(await server.exited, 1);
    const exitMs = Date.now() - secondAt;
    assert.ok(exitMs < 1000, `exited ${exitMs} ms after the second signal`);
    t.diagnostic(`second signal to exit: ${exitMs} ms`);
  });

  test('a draining worker answers /readyz 503 and /healthz 200', { skip: !onPostgres && 'a worker alone needs PostgreSQL' }, async () => {
    const api = await serve({ args: ['--role', 'api'] });
    const worker = await serve({ args: ['--role', 'worker'], env: { SHUTDOWN_GRACE_SECONDS: '2' } });
    assert.equal((await fetch(`${worker.url}/readyz`)).status, 200);
    receiver.behave('/hang-worker', () => 'hang');
    const attempted = await deliveryTo(api.url, '/hang-worker');
    worker.child.kill('SIGTERM');
    await sleep(500);
    const ready = await fetch(`${worker.url}/readyz`);
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), { status: 'not_ready', checks: { database: 'ok', migrations: 'ok', shutdown: 'shutting down' } });
    assert.equal((await fetch(`${worker.url}/healthz`)).status, 200);
    assert.equal(await worker.exited, 1, 'the attempt hangs past the grace period');
    api.child.kill('SIGTERM');
    assert.equal(await api.exited, 0);
    const delivery = await afterwards((database) => deliveryOf(database, attempted));
    assert.deepEqual(delivery, { status: 'pending', attempts: 1, locked_until: null });
  });

  test('--role api and --role worker are refused on the embedded database; an unknown role everywhere', async () => {
    // Three processes at once: each refuses before it serves anything.
    const roles = onPostgres ? [] : ['api', 'worker'];
    const [unknown, ...runs] = await Promise.all([ws.canopy(['serve', '--role', 'web']), ...roles.map((role) => ws.canopy(['serve', '--role', role]))]);
    assert.equal(unknown?.code, 1);
    assert.match(unknown?.stderr ?? '', /--role must be one of all, api, worker, not "web"/);
    for (const [index, role] of roles.entries()) {
      const run = runs[index]!;
      assert.equal(run.code, 1);
      assert.match(run.stderr, new RegExp(`^Error: --role ${role} needs DATABASE_URL \\(PostgreSQL\\)\\. The embedded database in .+ can be opened by one process only`));
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});
