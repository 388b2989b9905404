import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { createFoundationKey } from '../../src/operator/foundation-keys.ts';
import { startTestApp } from '../helpers/app.ts';
import { companyWithTokens, SQUARE, type TestCompany } from '../helpers/factories.ts';

/**
 * "Trees come from the oldest unassigned allocation first" (spec section 4, POST /recipients
 * rule 1) over real HTTP: the donations come in through the foundation API in an order that
 * is not the order they were allocated in, and POST /v2/recipients and POST /v2/gift-codes
 * must take them by `allocated_at`. Each donation here has an allocated_at of its own, so the
 * allocated_at an allocation shows names the donation its trees came from (a split part keeps
 * its donation's).
 */

const app = await startTestApp();
const foundationKey = (await createFoundationKey(app.db, 'oldest first')).key;

interface Envelope {
  op: string;
  input: Record<string, unknown>;
}

async function send(operation: Envelope) {
  const response = await app.request('POST', '/foundation/v1/operations', { token: foundationKey, body: operation });
  assert.equal(response.status, 200, `${operation.op}: ${response.text}`);
  return response.body as { id: string };
}

async function sendBatch(operations: Envelope[]) {
  const response = await app.request('POST', '/foundation/v1/batch', { token: foundationKey, body: { operations } });
  assert.equal(response.status, 200, response.text);
  return (response.body.data as { id: string }[]).map((result) => result.id);
}

/** A company, and a partner, a project and a planting of the foundation, through the foundation API. */
async function newWorld() {
  const company = await companyWithTokens(app.db);
  const partner = `ptn-${randomAlphanumeric(8)}`;
  await send({ op: 'upsert_partner', input: { ref: partner, name: 'Green Belt Restoration Trust', country: 'KE' } });
  return { company, partner, planting: await newPlanting(partner) };
}

/** A project of the partner with one planting of 1,000 trees; returns the planting's ref. */
async function newPlanting(partner: string) {
  const tag = randomAlphanumeric(8);
  await send({
    op: 'upsert_project',
    input: {
      ref: `prj-${tag}`, partner_ref: partner,
      name: { en: 'Mount Kenya Forest Restoration', nl: 'Bosherstel op Mount Kenya' },
      description: { en: 'Restoring indigenous forest.', nl: 'Herstel van inheems bos.' },
      country: 'KE', region: 'Nyeri', status: 'active', ecosystem_type: 'tropical_montane_forest', started_at: '2023-03-01', geometry: SQUARE,
    },
  });
  await send({ op: 'upsert_planting', input: { ref: `plt-${tag}`, project_ref: `prj-${tag}`, trees: 1000 } });
  return `plt-${tag}`;
}

/** A record_allocation operation: `trees` trees of the planting, allocated at `allocatedAt`. */
const donation = (company: TestCompany, planting: string, allocatedAt: string, trees: number): Envelope => ({
  op: 'record_allocation',
  input: { ref: `alc-${randomAlphanumeric(10)}`, company_id: company.id, livemode: true, planting_ref: planting, trees, allocated_at: allocatedAt },
});

async function give(company: TestCompany, body: Record<string, unknown>) {
  const created = await app.request('POST', '/v2/recipients', { token: company.live, body, headers: { 'idempotency-key': `key-${randomAlphanumeric(12)}` } });
  assert.equal(created.status, 200, created.text);
  return created.body.id as string;
}

/** The allocations a list filter finds, as [allocated_at, trees], oldest allocated first (the smaller first on a tie). */
async function allocations(company: TestCompany, query: string): Promise<[string, number][]> {
  const rows: { id: string; allocated_at: string; trees: number }[] = [];
  for (;;) {
    const after = rows.length > 0 ? `&starting_after=${rows.at(-1)!.id}` : '';
    const list = await app.get(`/v2/allocations?limit=100&${query}${after}`, company.live);
    assert.equal(list.status, 200, list.text);
    rows.push(...list.body.data);
    if (!list.body.has_more) break;
  }
  return rows.map((row): [string, number] => [row.allocated_at, row.trees]).sort(([a, x], [b, y]) => Date.parse(a) - Date.parse(b) || x - y);
}

const given = (company: TestCompany, recipientId: string) => allocations(company, `recipient=${recipientId}`);
const unassigned = (company: TestCompany) => allocations(company, 'recipient=none');

const Y2024 = '2024-06-01T00:00:00.000Z';
const Y2025 = '2025-03-01T00:00:00.000Z';

describe('oldest first means allocated_at', () => {
  test('a donation allocated in 2024 but recorded after one allocated in 2025 is given first', async () => {
    const { company, planting } = await newWorld();
    await send(donation(company, planting, Y2025, 5));
    await send(donation(company, planting, Y2024, 5));

    const recipient = await give(company, { trees: 3 });
    assert.deepEqual(await given(company, recipient), [[Y2024, 3]]);
    assert.deepEqual(await unassigned(company), [[Y2024, 2], [Y2025, 5]]);
  });

  test('donations recorded in one batch come out by allocated_at, not by id', async () => {
    const { company, planting } = await newWorld();
    // One transaction, so one created_at: the recorded order cannot tell them apart. Sent
    // newest allocated first, so neither the order sent nor the ids' order is the one asked for.
    const days = Array.from({ length: 8 }, (_, i) => `2024-01-0${8 - i}T00:00:00.000Z`);
    await sendBatch(days.map((day) => donation(company, planting, day, 1)));

    const order: string[] = [];
    for (let i = 0; i < days.length; i++) {
      const taken = await given(company, await give(company, { trees: 1 }));
      assert.equal(taken.length, 1);
      order.push(taken[0]![0]);
    }
    assert.deepEqual(order, [...days].reverse());
  });

  test('after a partial take the remainder is still first, and trees given back return to their donation\'s place', async () => {
    const { company, planting } = await newWorld();
    await send(donation(company, planting, Y2025, 10));
    await send(donation(company, planting, Y2024, 10));

    const first = await give(company, { trees: 4 });
    assert.deepEqual(await given(company, first), [[Y2024, 4]]);
    const second = await give(company, { trees: 4 });
    assert.deepEqual(await given(company, second), [[Y2024, 4]], 'the 2024 remainder is still the oldest');
    assert.deepEqual(await unassigned(company), [[Y2024, 2], [Y2025, 10]]);

    // The first recipient's part, split off later than the 2025 donation was recorded, comes
    // back to the 2024 donation's place, not behind the 2025 one.
    assert.equal((await app.request('DELETE', `/v2/recipients/${first}`, { token: company.live })).status, 200);
    const third = await give(company, { trees: 6 });
    assert.deepEqual((await given(company, third)).map(([at]) => at), [Y2024, Y2024]);
    assert.deepEqual(await unassigned(company), [[Y2025, 10]]);
  });

  test('a part given back is taken with its donation, though it was split off after a younger donation was recorded', async () => {
    const { company, planting } = await newWorld();
    // Recorded in the order allocated: only the moment of the split differs from that order.
    await send(donation(company, planting, Y2024, 10));
    await send(donation(company, planting, Y2025, 10));
    const first = await give(company, { trees: 4 });
    assert.equal((await app.request('DELETE', `/v2/recipients/${first}`, { token: company.live })).status, 200);
    assert.deepEqual(await unassigned(company), [[Y2024, 4], [Y2024, 6], [Y2025, 10]]);

    const second = await give(company, { trees: 10 });
    assert.deepEqual((await given(company, second)).map(([at]) => at), [Y2024, Y2024]);
    assert.deepEqual(await unassigned(company), [[Y2025, 10]]);
  });

  test('a gift code reserves the oldest allocated trees', async () => {
    const { company, planting } = await newWorld();
    await send(donation(company, planting, Y2025, 5));
    await send(donation(company, planting, Y2024, 5));

    const code = await app.request('POST', '/v2/gift-codes', { token: company.live, body: { trees: 2 }, headers: { 'idempotency-key': `key-${randomAlphanumeric(12)}` } });
    assert.equal(code.status, 200, code.text);
    assert.deepEqual(await unassigned(company), [[Y2024, 3], [Y2025, 5]]);
  });

  test('trees of one project: the oldest allocated of that project', async () => {
    const { company, partner, planting } = await newWorld();
    const other = await newPlanting(partner);
    const project = (await app.get(`/v2/allocations/${(await send(donation(company, other, Y2025, 5))).id}`, company.live)).body.project as string;
    await send(donation(company, other, Y2024, 5));
    await send(donation(company, planting, '2023-01-01T00:00:00.000Z', 5));

    const recipient = await give(company, { trees: 1, project });
    assert.deepEqual(await given(company, recipient), [[Y2024, 1]]);
  });

  test('more trees than the first page holds: page by page, by allocated_at', async () => {
    const { company, planting } = await newWorld();
    // 120 donations of one tree in one batch, sent newest allocated first.
    const start = Date.UTC(2024, 0, 1);
    const days = Array.from({ length: 120 }, (_, i) => new Date(start + (119 - i) * 86_400_000).toISOString());
    await sendBatch(days.map((day) => donation(company, planting, day, 1)));

    const recipient = await give(company, { trees: 110 });
    const oldest = [...days].reverse();
    assert.deepEqual((await given(company, recipient)).map(([at]) => at), oldest.slice(0, 110));
    assert.deepEqual((await unassigned(company)).map(([at]) => at), oldest.slice(110));
  });
});
