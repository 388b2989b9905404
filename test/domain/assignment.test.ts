import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { CanopyError } from '../../src/core/errors.ts';
import { newId, randomAlphanumeric } from '../../src/core/ids.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { DB } from '../../src/db/schema.ts';
import { type AssignTreesInput, assignTrees, TreesHeldElsewhere } from '../../src/domain/assignment.ts';
import { startTestApp } from '../helpers/app.ts';
import { allocation, companyWithTokens, planting, project } from '../helpers/factories.ts';
import { createScratchDatabase } from '../helpers/postgres.ts';

let db: Kysely<DB>;
before(async () => {
  db = (await startTestApp()).db;
});

/** A company with allocations of the given trees, oldest first, of one planting (or of the planting given per allocation). */
async function companyWith(trees: readonly number[], options: { legacyTreeIds?: (index: number) => string[] } = {}) {
  const company = await companyWithTokens(db);
  const projectRow = await project(db);
  const plantingRow = await planting(db, projectRow, { trees: 100_000 });
  const start = Date.now() - trees.length * 1000;
  const rows = [];
  for (const [index, count] of trees.entries()) {
    rows.push(await allocation(db, company, plantingRow, { trees: count, createdAt: new Date(start + index * 1000), legacyTreeIds: options.legacyTreeIds?.(index) }));
  }
  return { companyId: company.id, projectRow, plantingRow, rows };
}

async function newRecipient(companyId: string, trees: number) {
  const id = newId('recipient');
  await db.insertInto('recipients').values({ id, company_id: companyId, livemode: true, trees, source: 'api' }).execute();
  return id;
}

/**
 * Runs assignTrees in a transaction of its own, and counts the statements it sent and the
 * changes to the unassigned trees it reported (left for the unit of work to write, as a request does).
 */
async function assign(input: AssignTreesInput) {
  let statements = 0;
  const unassignedDeltas: number[] = [];
  const counting = db.withPlugin({
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const countUnassigned = (_companyId: string, _livemode: boolean, delta: number) => {
    unassignedDeltas.push(delta);
  };
  const result = await counting.transaction().execute((tx) => assignTrees(tx, { countUnassigned, ...input }));
  return { ...result, statements, unassignedDeltas };
}

const unassigned = (companyId: string) =>
  db.selectFrom('allocations').select(['id', 'trees']).where('company_id', '=', companyId).where('recipient_id', 'is', null).where('gift_code_id', 'is', null).orderBy('created_at').execute();

describe('assignTrees', () => {
  test('takes the oldest allocations whole and splits the last, in one statement when the first page holds enough', async () => {
    const { companyId, rows } = await companyWith([3, 2, 4, 7]);
    const recipientId = await newRecipient(companyId, 6);
    const result = await assign({ companyId, livemode: true, trees: 6, recipientId });

    assert.equal(result.statements, 1);
    assert.equal(result.ownerInserted, true);
    assert.deepEqual(result.parts.map((part) => [part.trees, part.recipient_id]), [[3, recipientId], [2, recipientId], [1, recipientId]]);
    assert.deepEqual(result.parts.slice(0, 2).map((part) => part.id), [rows[0]!.id, rows[1]!.id], 'the oldest two, taken whole, keep their ids');
    const split = result.parts[2]!;
    assert.notEqual(split.id, rows[2]!.id);
    assert.equal(split.split_from_id, rows[2]!.id);
    assert.equal(split.planting_id, rows[2]!.planting_id);
    assert.equal(split.status, rows[2]!.status);
    assert.deepEqual(result.changes, [
      { kind: 'allocation.updated', allocation_id: rows[0]!.id, company_id: companyId, livemode: true, previous: { recipient: null } },
      { kind: 'allocation.updated', allocation_id: rows[1]!.id, company_id: companyId, livemode: true, previous: { recipient: null } },
      { kind: 'allocation.updated', allocation_id: rows[2]!.id, company_id: companyId, livemode: true, previous: { trees: 4 } },
      { kind: 'allocation.created', allocation_id: split.id, company_id: companyId, livemode: true },
    ]);
    assert.deepEqual(result.touched.map((row) => [row.id, row.trees, row.planting_planted_at]), [
      [rows[0]!.id, 3, '2024-04-15'],
      [rows[1]!.id, 2, '2024-04-15'],
      [rows[2]!.id, 3, '2024-04-15'],
      [split.id, 1, '2024-04-15'],
    ]);
    assert.deepEqual(await unassigned(companyId), [{ id: rows[2]!.id, trees: 3 }, { id: rows[3]!.id, trees: 7 }]);
    assert.deepEqual(result.unassignedDeltas, [-6]);
  });

  test('reads on page by page when the first page holds too few trees, then assigns in one more statement', async () => {
    const { companyId, rows } = await companyWith(Array.from({ length: 120 }, () => 1));
    const recipientId = await newRecipient(companyId, 110);
    const result = await assign({ companyId, livemode: true, trees: 110, recipientId });

    // The first page (100 allocations of 1 tree), a second page of 16 for the 10 still wanted, the assignment.
    assert.equal(result.statements, 3);
    assert.deepEqual(result.parts.map((part) => part.id), rows.slice(0, 110).map((row) => row.id));
    assert.deepEqual((await unassigned(companyId)).map((row) => row.id), rows.slice(110).map((row) => row.id));
  });

  test('legacy tree ids go with their trees when there is one per tree, and stay when there is not', async () => {
    const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
    const { companyId, rows } = await companyWith([5, 5], { legacyTreeIds: (index) => (index === 0 ? ids('a', 5) : ids('b', 2)) });
    const first = await assign({ companyId, livemode: true, trees: 2, recipientId: await newRecipient(companyId, 2) });
    assert.deepEqual(first.parts[0]!.legacy_tree_ids, ['a4', 'a5']);
    assert.deepEqual(first.touched[0]!.legacy_tree_ids, ['a1', 'a2', 'a3']);

    const second = await assign({ companyId, livemode: true, trees: 5, recipientId: await newRecipient(companyId, 5) });
    assert.deepEqual(second.parts.map((part) => [part.trees, part.legacy_tree_ids]), [[3, ['a1', 'a2', 'a3']], [2, []]]);
    const remainder = await db.selectFrom('allocations').select(['trees', 'legacy_tree_ids']).where('id', '=', rows[1]!.id).executeTakeFirstOrThrow();
    assert.deepEqual(remainder, { trees: 3, legacy_tree_ids: ['b1', 'b2'] });
  });

  test('takes trees of the project asked for only', async () => {
    const { companyId, rows } = await companyWith([4]);
    const otherProject = await project(db);
    const otherPlanting = await planting(db, otherProject);
    const other = await allocation(db, { id: companyId }, otherPlanting, { trees: 4 });
    const result = await assign({ companyId, livemode: true, trees: 3, projectId: otherProject.id, recipientId: await newRecipient(companyId, 3) });
    assert.equal(result.parts[0]!.split_from_id, other.id);
    assert.deepEqual((await unassigned(companyId)).map((row) => [row.id, row.trees]), [[rows[0]!.id, 4], [other.id, 1]]);
  });

  test('an owner insert that inserts nothing takes no tree', async () => {
    const { companyId, rows } = await companyWith([4]);
    const result = await assign({ companyId, livemode: true, trees: 2, recipientId: newId('recipient'), insertOwner: sql`SELECT 'none' AS id WHERE false` });
    assert.deepEqual(result, { ownerInserted: false, parts: [], changes: [], touched: [], statements: 1, unassignedDeltas: [] });
    assert.deepEqual(await unassigned(companyId), [{ id: rows[0]!.id, trees: 4 }]);
  });

  test('too few trees: run again waiting (TreesHeldElsewhere), then no_trees_available, and nothing changes', async () => {
    const { companyId, rows } = await companyWith([2, 3]);
    const recipientId = await newRecipient(companyId, 6);
    await assert.rejects(assign({ companyId, livemode: true, trees: 6, recipientId }), TreesHeldElsewhere);
    await assert.rejects(assign({ companyId, livemode: true, trees: 6, recipientId, waitForLocked: true }), (error: unknown) => {
      assert.ok(error instanceof CanopyError);
      assert.equal(error.code, 'no_trees_available');
      assert.match(error.message, /Only 5 unassigned trees are available; 6 were asked for/);
      return true;
    });
    assert.deepEqual(await unassigned(companyId), rows.map((row) => ({ id: row.id, trees: row.trees })));
  });
});

describe('assignTrees on a database whose collation is not C', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' }, () => {
  // Allocations of one batch share created_at, and their order is then that of their ids,
  // which en-US orders ('a' before 'B') unlike JavaScript and the C locale ('B' before 'a').
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  before(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'canopy_test_icu', { icuLocale: 'en-US' });
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    await migrate(database);
  });
  after(async () => {
    await database?.close();
    await scratch?.drop();
  });

  /** Allocations of one moment with the given ids' endings, as the foundation's batches make them. */
  async function sameMoment(endings: readonly string[], trees: number) {
    const store = database.db;
    const company = await companyWithTokens(store);
    const plantingRow = await planting(store, await project(store), { trees: 100_000 });
    const createdAt = new Date(Date.now() - 60_000);
    const stem = randomAlphanumeric(24).toLowerCase();
    const ids: string[] = [];
    for (const ending of endings) {
      const row = await allocation(store, company, plantingRow, { trees, createdAt });
      // One stem for all, so that the endings decide the order.
      const id = `${row.id.split('_')[0]}_${stem.slice(0, 24 - ending.length)}${ending}`;
      await store.updateTable('allocations').set({ id }).where('id', '=', row.id).execute();
      ids.push(id);
    }
    const recipient = newId('recipient');
    await store.insertInto('recipients').values({ id: recipient, company_id: company.id, livemode: true, trees: 1, source: 'api' }).execute();
    return { companyId: company.id, ids, recipient };
  }

  test('takes them in the database\'s order, in one statement', async () => {
    const { companyId, ids, recipient } = await sameMoment(['B', 'a'], 2);
    const result = await database.db.transaction().execute((tx) => assignTrees(tx, { companyId, livemode: true, trees: 3, recipientId: recipient, countUnassigned: () => {} }));
    const [aId, bId] = [ids[1]!, ids[0]!];
    assert.deepEqual(result.parts.map((part) => [part.split_from_id ?? part.id, part.trees]), [[aId, 2], [bId, 1]], 'a first, whole; then part of B');
  });

  test('and page by page, without taking a tree twice', async () => {
    const endings = Array.from({ length: 150 }, (_, i) => `${i % 2 === 0 ? 'a' : 'Z'}${String(i).padStart(3, '0')}`);
    const { companyId, recipient } = await sameMoment(endings, 1);
    const result = await database.db.transaction().execute((tx) => assignTrees(tx, { companyId, livemode: true, trees: 120, recipientId: recipient, countUnassigned: () => {} }));
    assert.equal(new Set(result.parts.map((part) => part.id)).size, 120);
    const given = await database.db.selectFrom('allocations').select((eb) => eb.fn.countAll<string>().as('n')).where('recipient_id', '=', recipient).executeTakeFirstOrThrow();
    assert.equal(Number(given.n), 120);
  });
});
