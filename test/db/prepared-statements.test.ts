import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { StatementNames } from '../../src/db/prepared-statements.ts';
import { inUnitOfWork } from '../../src/platform/events/unit-of-work.ts';
import { createScratchDatabase } from '../helpers/postgres.ts';

/**
 * Named prepared statements on PostgreSQL (src/db/prepared-statements.ts): parameterised
 * statements are prepared once per connection, and a migration that changes what a
 * prepared `select *` returns costs a retry, not an error.
 */

const serverUrl = process.env.DATABASE_URL;

describe('statement names', () => {
  /** The name a text gets once it is sent often enough to be worth one. */
  const nameOf = (names: StatementNames, text: string) => {
    names.nameFor(text);
    names.nameFor(text);
    return names.nameFor(text);
  };

  test('a text is named from its third sending, one name per text, never given to another text, bounded', () => {
    const names = new StatementNames(2);
    assert.equal(names.nameFor('select $1'), undefined);
    assert.equal(names.nameFor('select $1'), undefined, 'a text sent twice runs unnamed');
    const a = names.nameFor('select $1');
    assert.ok(a);
    assert.equal(names.nameFor('select $1'), a);
    const b = nameOf(names, 'select $1, $2');
    assert.ok(b);
    assert.notEqual(b, a);
    assert.equal(nameOf(names, 'select $1, $2, $3'), undefined, 'past the bound a text runs unnamed');
    assert.equal(nameOf(names, 'x'.repeat(9_000)), undefined, 'so does a very long text');

    names.forgetAll();
    const again = nameOf(names, 'select $1');
    assert.ok(again);
    assert.notEqual(again, a, 'after forgetting, a text is prepared under a new name');
    assert.notEqual(again, b);
  });
});

describe('prepared statements on PostgreSQL', { skip: !serverUrl && 'needs DATABASE_URL' }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;

  /** A change by someone else, as another process's migration would make it. */
  async function alter(statement: string) {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  before(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'canopy_prepared');
    // One connection, so that every statement below meets the plans the earlier ones left.
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
    await sql`CREATE TABLE things (id integer PRIMARY KEY, name text)`.execute(database.db);
    await sql`INSERT INTO things VALUES (1, 'one')`.execute(database.db);
  });

  after(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const readThing = (db: Database['db']) => sql<Record<string, unknown>>`SELECT * FROM things WHERE id = ${1}`.execute(db);

  test('a parameterised statement sent often is prepared once on the connection and reused', async () => {
    for (let i = 0; i < 5; i++) await readThing(database.db);
    const { rows } = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE ${'SELECT * FROM things%'}`.execute(database.db);
    assert.equal(rows.length, 1, JSON.stringify(rows));
    assert.match(rows[0]!.name, /^canopy_/);
  });

  /** Sends the read often enough that the connection holds it prepared. */
  const prepareRead = async () => {
    for (let i = 0; i < 5; i++) await readThing(database.db);
  };

  test('a migration that adds a column: the next read is run again under a new name and sees it', async () => {
    await prepareRead();
    await alter('ALTER TABLE things ADD COLUMN colour text');
    const { rows } = await readThing(database.db);
    assert.deepEqual(rows, [{ id: 1, name: 'one', colour: null }]);
  });

  test('inside a unit of work, the stale plan aborts the transaction and the whole work runs again', async () => {
    await prepareRead();
    await alter('ALTER TABLE things ADD COLUMN size integer');
    let attempts = 0;
    const rows = await inUnitOfWork(database.db, { publicBaseUrl: 'http://canopy.test' }, async (uow) => {
      attempts++;
      await sql`UPDATE things SET name = ${`attempt ${attempts}`} WHERE id = ${1}`.execute(uow.db);
      return (await readThing(uow.db)).rows;
    });
    assert.equal(attempts, 2, 'the first attempt met the stale plan');
    assert.deepEqual(rows, [{ id: 1, name: 'attempt 2', colour: null, size: null }]);
  });

  test('after a stale plan, the connection drops the statements it held under the old names', async () => {
    await prepareRead();
    await alter('ALTER TABLE things ADD COLUMN weight integer');
    await readThing(database.db); // stale: every name forgotten, the read run again
    await readThing(database.db); // outside a transaction: the connection deallocates what it held
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(database.db);
    assert.equal(rows[0]!.n, 0, 'nothing is named again yet (a text is named from its third sending)');
  });

  test('a value pg cannot send does not leave a statement pg believes prepared and the server lacks', async () => {
    const write = (value: unknown, db: Database['db'] = database.db) => sql`UPDATE things SET name = ${value} WHERE id = ${1}`.execute(db);
    for (let i = 0; i < 4; i++) await write(`name ${i}`);
    // A BigInt inside an object cannot be turned into JSON: pg throws before the server sees it.
    await assert.rejects(write({ size: 10n }), /BigInt/);
    // Inside a transaction, where a missing statement could not be run again unnamed.
    await database.db.transaction().execute((trx) => write('after', trx));
    const { rows } = await readThing(database.db);
    assert.equal(rows[0]!.name, 'after');
  });

  test('DATABASE_PREPARED_STATEMENTS=off sends every statement unnamed', async () => {
    const unnamed = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1, preparedStatements: false });
    try {
      await readThing(unnamed.db);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(unnamed.db);
      assert.equal(rows[0]!.n, 0);
    } finally {
      await unnamed.close();
    }
  });
});
