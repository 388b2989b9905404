import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { cliWorkspace, type Serve } from '../helpers/cli.ts';
import * as make from '../helpers/factories.ts';

/**
 * Two `canopy serve` processes on one PostgreSQL, as production runs them: creates sent to
 * both at once never give a tree twice, and one Idempotency-Key holds across processes.
 * PostgreSQL only: the embedded database belongs to one process.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('recipients across two server processes on PostgreSQL', { skip: !onPostgres && 'needs DATABASE_URL' }, () => {
  const ws = cliWorkspace('canopy-processes');
  let database: Database;
  let db: Kysely<DB>;
  let servers: Serve[] = [];
  let dropDatabase = async () => {};

  before(async () => {
    dropDatabase = await ws.useFreshPostgresDatabase();
    const migrated = await ws.canopy(['migrate']);
    assert.equal(migrated.code, 0, migrated.stderr);
    database = await openDatabase({ kind: 'postgres', url: ws.env.DATABASE_URL as string, poolSize: 4 });
    db = database.db;
    servers = [await ws.startServe(), await ws.startServe()];
  });

  after(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
    await dropDatabase();
  });

  const post = (server: Serve, token: string, body: unknown, key = `key-${randomAlphanumeric(12)}`) =>
    fetch(`${server.url}/v2/recipients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  const companyWithTrees = async (allocations: number, trees: number) => (await make.companyWithTrees(db, { allocations, trees })).company;

  test('200 concurrent creates spread over both processes, for more trees than there are', async () => {
    const company = await companyWithTrees(40, 5);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post(servers[i % 2]!, company.live, { trees: 1 + (i % 2) })));
    for (const answer of answers) assert.ok(answer.status === 200 || answer.body.error?.code === 'no_trees_available', JSON.stringify(answer));
    const given = answers.filter((answer) => answer.status === 200).reduce((sum, answer) => sum + answer.body.trees, 0);
    assert.ok(given >= 199 && given <= 200, `given ${given} of 200: none refused while 2 trees were left`);

    const { rows } = await sql<{ owned: number; unassigned: number; totals_unassigned: number; total: number }>`
      select coalesce(sum(a.trees) filter (where a.recipient_id is not null), 0)::int as owned,
             coalesce(sum(a.trees) filter (where a.recipient_id is null and a.gift_code_id is null), 0)::int as unassigned,
             (select trees_unassigned from company_totals where company_id = ${company.id} and livemode)::int as totals_unassigned,
             (select trees_pledged + trees_planted + trees_monitored from company_totals where company_id = ${company.id} and livemode)::int as total
      from allocations a where a.company_id = ${company.id} and a.livemode`.execute(db);
    assert.deepEqual(rows[0], { owned: given, unassigned: 200 - given, totals_unassigned: 200 - given, total: 200 });
    const mismatched = await sql`
      select r.id from recipients r left join allocations a on a.recipient_id = r.id
      where r.company_id = ${company.id} group by r.id, r.trees having r.trees <> coalesce(sum(a.trees), 0)`.execute(db);
    assert.deepEqual(mismatched.rows, [], 'each recipient holds exactly its trees, and no allocation has two owners');
  });

  test('a create waits for trees another transaction holds, rather than saying none are left', async () => {
    const company = await companyWithTrees(2, 5);
    // Another transaction holds every unassigned allocation of the company, as a create
    // assigning them would, and then lets them go without taking any.
    let release = () => {};
    let holding = () => {};
    const held = new Promise<void>((resolve) => { holding = resolve; });
    const holder = db.transaction().execute(async (trx) => {
      await trx.selectFrom('allocations').select('id').where('company_id', '=', company.id).where('livemode', '=', true).forUpdate().execute();
      holding();
      await new Promise<void>((resolve) => { release = resolve; });
      throw new Error('let them go');
    }).catch(() => {});
    await held;
    const answer = post(servers[0]!, company.live, { trees: 7 });
    const early = await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 500))]);
    assert.equal(early, 'still waiting', `answered while the trees were held: ${JSON.stringify(early)}`);
    release();
    await holder;
    const { status, body } = await answer;
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.trees, 7);
  });

  test('one Idempotency-Key sent to both processes at once creates one recipient', async () => {
    const company = await companyWithTrees(1, 50);
    const key = `shared-${randomAlphanumeric(12)}`;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(servers[i % 2]!, company.live, { trees: 1 }, key)));
    const ids = new Set(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.id));
    assert.equal(ids.size, 1);
    for (const answer of answers) assert.ok(answer.status === 200 || answer.body.error?.code === 'request_in_progress', JSON.stringify(answer));
    const count = await db.selectFrom('recipients').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow();
    assert.equal(count.n, 1);
  });

  test('a key is held while its request runs and free the moment that request dies', async () => {
    const company = await companyWithTrees(1, 50);
    const key = `dying-${randomAlphanumeric(12)}`;
    // Another request's transaction holds the key, as a create in progress does, and dies.
    let die = () => {};
    let holding = () => {};
    const held = new Promise<void>((resolve) => { holding = resolve; });
    const running = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ outcome: string }>`SELECT outcome FROM claim_idempotency_key(${company.id}, true, ${key}, 'POST', '/v2/recipients', 'another', 24, 30)`.execute(trx);
      assert.equal(rows[0]?.outcome, 'new');
      holding();
      await new Promise<void>((resolve) => { die = resolve; });
      throw new Error('the process died');
    }).catch(() => {});
    await held;
    for (const server of servers) {
      const answer = await post(server, company.live, { trees: 1 }, key);
      assert.deepEqual([answer.status, answer.body.error?.code], [409, 'request_in_progress'], JSON.stringify(answer.body));
    }
    die();
    await running;
    const after = await post(servers[1]!, company.live, { trees: 1 }, key);
    assert.equal(after.status, 200, JSON.stringify(after.body));
  });
});
