import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import { type Database, openDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { recordEvent } from '../../src/platform/events/record.ts';
import { notifyOnCommit } from '../../src/platform/events/wake.ts';
import { cliWorkspace, type Serve } from '../helpers/cli.ts';
import * as make from '../helpers/factories.ts';
import { type Answer, type Received, startReceiver } from '../helpers/receiver.ts';
import { until } from '../helpers/wait.ts';

/**
 * Webhook delivery workers in two `canopy serve` processes on one PostgreSQL, as production
 * runs them, to a real receiver on loopback: two live workers never send one delivery
 * twice, and when one is SIGKILLed in the middle of its attempts, the other sends what it
 * held again once the lease runs out, so every event still arrives (at least once).
 * PostgreSQL only: the embedded database belongs to one process.
 *
 * The lease is WEBHOOK_LEASE_SECONDS=15 here instead of 30: the shortest Canopy accepts, the
 * attempt's 10 s HTTP timeout with 5 s to spare, so that no attempt that may still succeed
 * is ever taken over; the kill test waits it out once.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const LEASE_SECONDS = 15;

const receiver = await startReceiver();

/** Which process sent a request: each runs with its own PUBLIC_BASE_URL, which the User-Agent names. */
const senderOf = (entry: Received) => /\(\+http:\/\/(\w+)\.canopy\.test\//.exec(String(entry.headers['user-agent']))?.[1] ?? '?';
const eventOf = (entry: Received) => String(entry.headers['webhook-id']);

/** What arrived at a path, by event id. */
function byEvent(entries: readonly Received[]) {
  const map = new Map<string, Received[]>();
  for (const entry of entries) map.set(eventOf(entry), [...(map.get(eventOf(entry)) ?? []), entry]);
  return map;
}


describe('webhook delivery across two server processes on PostgreSQL', { skip: !onPostgres && 'needs DATABASE_URL: the embedded database belongs to one process' }, () => {
  const ws = cliWorkspace('canopy-webhook-processes');
  let database: Database;
  let db: Kysely<DB>;
  const servers: Record<'a' | 'b', Serve> = {} as never;
  let dropDatabase = async () => {};

  before(async () => {
    dropDatabase = await ws.useFreshPostgresDatabase();
    Object.assign(ws.env, {
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
      CANOPY_SECRET_KEY: ws.env.CANOPY_SECRET_KEY ?? randomBytes(32).toString('hex'),
    });
    const migrated = await ws.canopy(['migrate']);
    assert.equal(migrated.code, 0, migrated.stderr);
    database = await openDatabase({ kind: 'postgres', url: ws.env.DATABASE_URL as string, poolSize: 4 });
    db = database.db;
    // spawn() copies the environment at once, so each process gets its own PUBLIC_BASE_URL.
    const start = (name: 'a' | 'b') => {
      ws.env.PUBLIC_BASE_URL = `http://${name}.canopy.test`;
      return ws.startServe();
    };
    const [a, b] = await Promise.all([start('a'), start('b')]);
    Object.assign(servers, { a, b });
  });

  after(async () => {
    for (const server of Object.values(servers)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await Promise.all(Object.values(servers).map((server) => server.exited));
    await database?.close();
    await dropDatabase();
  });

  async function endpointAt(path: string) {
    const company = await make.companyWithTokens(db);
    const response = await fetch(`${servers.b.url}/v2/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.test}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.base}${path}` }),
    });
    const endpoint = (await response.json()) as { id: string };
    assert.equal(response.status, 200, JSON.stringify(endpoint));
    return { company, endpoint };
  }

  /** `count` allocation.created events through the API, 8 requests at a time spread over the live processes. */
  async function makeEvents(token: string, count: number, to: readonly Serve[]) {
    const one = async (i: number) => {
      const response = await fetch(`${to[i % to.length]!.url}/v2/test_helpers/allocations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ trees: 1 + (i % 5) }),
      });
      assert.equal(response.status, 200, await response.text());
    };
    await one(0); // the first makes the company's sandbox planting
    let next = 1;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < count) await one(next++);
    }));
  }

  /**
   * `count` events written straight into the log, 5 to a transaction, each transaction
   * NOTIFYing at commit as the API's do: 40 commits in quick succession, so that both workers
   * wake together and claim from the same due deliveries (and in a fraction of the time 200
   * API requests take).
   */
  async function insertEvents(companyId: string, count: number) {
    for (let i = 0; i < count; i += 5) {
      await db.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(count, i + 5); j++) {
          await recordEvent(trx, { companyId, livemode: false, type: 'allocation.created', object: { id: `all_steady${j}`, object: 'allocation', trees: 1 } });
        }
        assert.ok(await notifyOnCommit(trx));
      });
    }
  }

  const deliveriesOf = (endpointId: string) =>
    db.selectFrom('event_deliveries').select(['event_id', 'status', 'attempts', 'locked_until']).where('endpoint_id', '=', endpointId).execute();

  async function allDelivered(endpointId: string, count: number, ms: number) {
    return until(`all ${count} deliveries delivered`, ms, async () => {
      const rows = await deliveriesOf(endpointId);
      return rows.length === count && rows.every((row) => row.status === 'delivered') ? rows : undefined;
    });
  }

  /** No event is in flight twice at once: each request for an event ended (answered, or dropped by its sender) before the next began. */
  function assertNeverConcurrent(entries: readonly Received[]) {
    for (const [eventId, requests] of byEvent(entries)) {
      for (let i = 1; i < requests.length; i++) {
        const previous = requests[i - 1]!;
        const ended = previous.answeredAt ?? previous.droppedAt;
        assert.ok(ended !== undefined && ended <= requests[i]!.at,
          `${eventId}: request ${i + 1} (from ${senderOf(requests[i]!)}) began while request ${i} (from ${senderOf(previous)}) was still in flight`);
      }
    }
  }

  test('two live workers deliver each of 200 events exactly once, and both take part', async (t) => {
    const { company, endpoint } = await endpointAt('/steady');
    const started = Date.now();
    await insertEvents(company.id, 200);
    const rows = await allDelivered(endpoint.id, 200, 20_000);
    const took = Date.now() - started;

    const arrived = receiver.at('/steady');
    const events = byEvent(arrived);
    assert.deepEqual([...events.keys()].sort(), rows.map((row) => row.event_id).sort(), 'every event arrived');
    const twice = [...events].filter(([, requests]) => requests.length > 1).map(([id]) => id);
    assert.deepEqual(twice, [], 'no event arrived twice');
    assert.equal(arrived.length, 200);
    assert.ok(arrived.every((entry) => entry.status === 200));
    assert.ok(rows.every((row) => row.attempts === 1 && row.locked_until === null), 'each delivery was claimed once');
    assertNeverConcurrent(arrived);
    const bySender = { a: arrived.filter((entry) => senderOf(entry) === 'a').length, b: arrived.filter((entry) => senderOf(entry) === 'b').length };
    assert.equal(bySender.a + bySender.b, 200);
    assert.ok(bySender.a > 0 && bySender.b > 0, `both workers delivered: ${JSON.stringify(bySender)}`);
    t.diagnostic(`200 events made and delivered in ${took} ms; process a sent ${bySender.a}, process b ${bySender.b}; duplicates 0`);
  });

  test('a worker SIGKILLed mid-delivery: what it held is sent again after its lease, and every event arrives', async (t) => {
    const { company, endpoint } = await endpointAt('/kill');
    // The receiver hangs: it holds every request (unanswered) until told otherwise.
    const held: { entry: Received; answer: (answer: Answer) => void }[] = [];
    let holding = true;
    receiver.behave('/kill', (entry) => (holding ? new Promise<Answer>((answer) => held.push({ entry, answer })) : { status: 200 }));

    await makeEvents(company.test, 40, [servers.a, servers.b]);
    // Both workers have attempts in flight to the hanging receiver, and no more come (each is at its limit for the endpoint).
    let seen = -1;
    let stableSince = Date.now();
    await until('both workers sending to the hanging receiver', 5000, () => {
      if (held.length !== seen) [seen, stableSince] = [held.length, Date.now()];
      const from = (name: string) => held.filter((h) => senderOf(h.entry) === name).length;
      return from('a') > 0 && from('b') > 0 && Date.now() - stableSince >= 500 ? true : undefined;
    });
    const firstHeldAt = Math.min(...held.map((h) => h.entry.at));
    const leases = new Map((await deliveriesOf(endpoint.id)).filter((row) => row.locked_until !== null).map((row) => [row.event_id, row.locked_until!.getTime()]));
    const killedHeld = held.filter((h) => senderOf(h.entry) === 'a').map((h) => h.entry);
    const liveHeld = held.filter((h) => senderOf(h.entry) === 'b');

    const killedAt = Date.now();
    servers.a.child.kill('SIGKILL');
    assert.equal(await servers.a.exited, null, 'killed, not exited');
    // The receiver answers at once from now on, and answers what the live worker has been waiting for
    // (before its 10 s timeout); the killed worker's requests died with its connections.
    holding = false;
    for (const { answer } of liveHeld) answer({ status: 200 });
    assert.ok(Date.now() - firstHeldAt < 8000, `the held requests were answered ${Date.now() - firstHeldAt} ms after the first, within their 10 s`);
    await until("the killed worker's connections closed", 2000, () => (killedHeld.every((entry) => entry.droppedAt !== undefined) ? true : undefined));

    const rows = await allDelivered(endpoint.id, 40, (LEASE_SECONDS + 15) * 1000);
    const done = Date.now();
    const arrived = receiver.at('/kill');
    const events = byEvent(arrived);

    // Every event arrived, answered 200 at least once, and every delivery is delivered.
    assert.deepEqual([...events.keys()].sort(), rows.map((row) => row.event_id).sort(), 'every event arrived');
    for (const [eventId, requests] of events) assert.ok(requests.some((entry) => entry.status === 200), `${eventId} was answered 200`);
    assert.ok(rows.every((row) => row.locked_until === null));

    // What the killed worker was sending was sent again, by the live one, only once its lease had run out.
    assert.ok(killedHeld.length > 0);
    const resent = killedHeld.map((entry) => {
      const eventId = eventOf(entry);
      const again = events.get(eventId)!.filter((other) => other.at > entry.at);
      const leaseEnd = leases.get(eventId);
      assert.ok(leaseEnd !== undefined, `${eventId} was leased when the worker was killed`);
      assert.ok(again.length === 1 && senderOf(again[0]!) === 'b' && again[0]!.status === 200, `${eventId} was sent again once, by the live worker`);
      assert.ok(again[0]!.at >= leaseEnd, `${eventId} was sent again ${leaseEnd - again[0]!.at} ms before its lease ran out`);
      assert.equal(rows.find((row) => row.event_id === eventId)!.attempts, 2, 'the lost attempt counts');
      return again[0]!.at - killedAt;
    });

    // Duplicates only where a lease ran out: the killed worker's, never two workers at once.
    const duplicates = [...events].filter(([, requests]) => requests.length > 1).map(([id]) => id);
    assert.deepEqual(duplicates.sort(), killedHeld.map(eventOf).sort(), 'the only events received twice are those the killed worker was sending');
    assertNeverConcurrent(arrived);
    for (const row of rows) if (!leases.has(row.event_id)) assert.equal(row.attempts, 1, `${row.event_id}, claimed after the kill, took one attempt`);

    const claimedUnsent = [...leases.keys()].filter((eventId) => !held.some((h) => eventOf(h.entry) === eventId));
    t.diagnostic(
      `held unanswered before the kill: ${held.length} (process a ${killedHeld.length}, process b ${liveHeld.length}); ` +
        `leased but not yet sent at the kill: ${claimedUnsent.length}; ` +
        `a's ${killedHeld.length} resent by b ${Math.min(...resent)}-${Math.max(...resent)} ms after the kill (lease ${LEASE_SECONDS} s); ` +
        `duplicates received: ${duplicates.length} of ${rows.length} events; all delivered ${done - killedAt} ms after the kill`,
    );
  });
});
