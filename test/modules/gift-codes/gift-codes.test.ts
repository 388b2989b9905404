import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { inUnitOfWork } from '../../../src/platform/events/unit-of-work.ts';
import { GIFT_CODE_BITS, newGiftCode, normalizeGiftCode } from '../../../src/modules/gift-codes/code.ts';
import { expireGiftCode } from '../../../src/modules/gift-codes/expiry.ts';
import { startTestApp, } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * /v2/gift-codes over real HTTP: each status change (claim through the test helper, revoke,
 * expiry before and after the worker records it) with the company's counters checked against
 * the allocations and the events each step fires; reserved trees; refusals; idempotent create;
 * personal data and modes; list filters; the code's format.
 */

const app = await startTestApp();
const PUBLIC = 'http://canopy.test';
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const DAY = 86_400_000;
const runWorker = () => app.runJobs();

/** A company with `allocations` (2 unless said) unassigned allocations of `trees` each, oldest first, in test mode unless `livemode`. */
const companyWithTrees = (options: { allocations?: number; trees?: number; livemode?: boolean } = {}) =>
  make.companyWithTrees(app.db, { allocations: 2, livemode: false, ...options });
type Setup = Awaited<ReturnType<typeof companyWithTrees>>;

const key = () => `key-${randomAlphanumeric(12)}`;
const create = (token: string, body: unknown, idempotencyKey: string | null = key()) =>
  app.request('POST', '/v2/gift-codes', { token, body, headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey } });
async function newCode(token: string, body: Record<string, unknown>) {
  const created = await create(token, body);
  assert.equal(created.status, 200, created.text);
  return created.body;
}
const person = { first_name: 'Anna', last_name: 'Jansen', email: 'anna@example.nl', language: 'nl' };
const claim = (token: string, id: string, body: unknown = person) => app.request('POST', `/v2/test_helpers/gift_codes/${id}/claim`, { token, body });
const revoke = (token: string, id: string) => app.request('POST', `/v2/gift-codes/${id}/revoke`, { token });
const getCode = async (token: string, id: string, query = '') => (await app.get(`/v2/gift-codes/${id}${query}`, token)).body;
const listIds = async (token: string, query: string) => {
  const list = await app.get(`/v2/gift-codes?limit=100&${query}`, token);
  assert.equal(list.status, 200, list.text);
  return list.body.data.map((code: { id: string }) => code.id) as string[];
};
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * GET /v2/company against the allocations themselves: trees_unassigned is the sum of the
 * allocations with neither a recipient nor a gift code, counts.recipients the recipients;
 * each open code holds exactly its trees. Returns trees_unassigned.
 */
async function checkCounters({ company, token, livemode }: Setup, expectedUnassigned: number) {
  const totals = (await app.get('/v2/company', token)).body;
  const allocations = await app.db.selectFrom('allocations').select(['trees', 'recipient_id', 'gift_code_id'])
    .where('company_id', '=', company.id).where('livemode', '=', livemode).execute();
  const free = allocations.filter((row) => row.recipient_id === null && row.gift_code_id === null).reduce((sum, row) => sum + row.trees, 0);
  const recipients = await app.db.selectFrom('recipients').select('id').where('company_id', '=', company.id)
    .where('livemode', '=', livemode).where('deleted_at', 'is', null).execute();
  assert.equal(totals.trees_unassigned, free, 'trees_unassigned is what the allocations add up to');
  assert.equal(totals.trees_unassigned, expectedUnassigned);
  assert.equal(totals.counts.recipients, recipients.length, 'counts.recipients');
  const codes = await app.db.selectFrom('gift_codes').select(['id', 'status', 'trees']).where('company_id', '=', company.id).where('livemode', '=', livemode).execute();
  for (const code of codes) {
    const held = allocations.filter((row) => row.gift_code_id === code.id).reduce((sum, row) => sum + row.trees, 0);
    assert.equal(held, code.status === 'open' ? code.trees : 0, `trees reserved by ${code.status} code ${code.id}`);
  }
  return totals;
}

const EVENT_TYPES = ['allocation.created', 'allocation.updated', 'recipient.created', 'recipient.claimed', 'certificate.created'] as const;
type Event = { data: { object: { id: string; source?: string }; previous?: Record<string, unknown> } };
/** The company's events of each type, newest first, to compare a step's before and after. */
async function eventsByType(token: string) {
  const byType: Record<string, Event[]> = {};
  for (const type of EVENT_TYPES) byType[type] = (await app.get(`/v2/events?type=${type}&limit=100`, token)).body.data;
  return byType;
}
/** How many events of each type were added since `before` (types with none left out). */
async function newEvents(token: string, before: Record<string, Event[]>) {
  const after = await eventsByType(token);
  const added: Record<string, number> = {};
  for (const type of EVENT_TYPES) if (after[type]!.length !== before[type]!.length) added[type] = after[type]!.length - before[type]!.length;
  return { added, after };
}

describe('lifecycle, with counters and events at each step', () => {
  test('open → claimed through the test helper: a gift_code recipient with a gift certificate', async () => {
    const setup = await companyWithTrees({ allocations: 2, trees: 10 });
    const { token, allocationIds } = setup;
    await checkCounters(setup, 20);
    let events = await eventsByType(token);

    const code = await newCode(token, { trees: 15, sent_to: { name: 'Anna', email: 'anna@example.nl' }, external_reference: 'xmas' });
    assert.match(code.id, /^gift_/);
    assert.deepEqual(
      [code.object, code.livemode, code.status, code.trees, code.recipient, code.claimed_at, code.external_reference, code.sent_to],
      ['gift_code', false, 'open', 15, null, null, 'xmas', { name: 'Anna', email: 'anna@example.nl' }],
    );
    assert.equal(code.claim_url, `${PUBLIC}/gift/${code.code}`);
    await checkCounters(setup, 5);
    let step = await newEvents(token, events);
    assert.deepEqual(step.added, { 'allocation.updated': 1, 'allocation.created': 1 }, 'the oldest reserved whole (no event), the second split');
    assert.deepEqual([step.after['allocation.updated']![0]!.data.object.id, step.after['allocation.updated']![0]!.data.previous], [allocationIds[1], { trees: 10 }]);
    const reserved = await app.db.selectFrom('allocations').select('id').where('gift_code_id', '=', code.id).orderBy('created_at').execute();
    assert.equal(reserved[0]?.id, allocationIds[0]);
    events = step.after;

    const claimed = await claim(token, code.id);
    assert.equal(claimed.status, 200, claimed.text);
    assert.equal(claimed.body.status, 'claimed');
    assert.match(claimed.body.recipient, /^rcp_/);
    assert.ok(claimed.body.claimed_at && claimed.body.updated_at > code.updated_at);
    await checkCounters(setup, 5);
    step = await newEvents(token, events);
    assert.deepEqual(step.added, { 'recipient.created': 1, 'recipient.claimed': 1, 'certificate.created': 1, 'allocation.updated': 2 });
    const handed = step.after['allocation.updated']!.slice(0, 2);
    assert.deepEqual(handed.map((event) => event.data.previous), [{ recipient: null }, { recipient: null }]);
    assert.deepEqual(handed.map((event) => event.data.object.id).sort(), reserved.map((row) => row.id).sort());
    assert.equal(step.after['recipient.claimed']![0]!.data.object.id, claimed.body.recipient);
    assert.equal(step.after['recipient.created']![0]!.data.object.source, 'gift_code');

    const recipient = (await app.get(`/v2/recipients/${claimed.body.recipient}`, token)).body;
    assert.deepEqual(
      [recipient.source, recipient.gift_code, recipient.trees, recipient.first_name, recipient.email, recipient.language, recipient.claimed_at],
      ['gift_code', code.id, 15, 'Anna', 'anna@example.nl', 'nl', claimed.body.claimed_at],
    );
    assert.deepEqual([...recipient.allocations].sort(), reserved.map((row) => row.id).sort());
    assert.deepEqual([recipient.certificate?.type, recipient.certificate?.trees], ['gift', 15], 'the gift certificate is there at once');
    assert.equal(step.after['certificate.created']![0]!.data.object.id, recipient.certificate.id);
    const expanded = await getCode(token, code.id, '?expand[]=recipient');
    assert.deepEqual([expanded.recipient?.id, expanded.recipient?.gift_code], [recipient.id, code.id]);
    assert.equal((await getCode(token, code.id)).recipient, recipient.id, 'an id without expand');

    await runWorker();
    assert.deepEqual((await newEvents(token, step.after)).added, {}, "the recipient's queued certificate job does not reissue it");
    await checkCounters(setup, 5);
  });

  test('open → revoked: the trees return, no events; a revoked code cannot be claimed', async () => {
    const setup = await companyWithTrees({ allocations: 2, trees: 10 });
    const { token } = setup;
    const code = await newCode(token, { trees: 15 });
    await checkCounters(setup, 5);
    const events = await eventsByType(token);
    const revoked = await revoke(token, code.id);
    assert.equal(revoked.status, 200, revoked.text);
    assert.deepEqual([revoked.body.id, revoked.body.status, revoked.body.recipient], [code.id, 'revoked', null]);
    await checkCounters(setup, 20);
    assert.deepEqual((await newEvents(token, events)).added, {});
    assert.equal((await getCode(token, code.id)).status, 'revoked');
    const again = await claim(token, code.id);
    assert.deepEqual([again.status, again.body.error?.code], [409, 'gift_code_not_open']);
    await checkCounters(setup, 20);
  });

  test('open → expired: shown expired at valid_until, refused before the worker runs, trees back once it has', async () => {
    const setup = await companyWithTrees({ allocations: 2, trees: 10 });
    const { token } = setup;
    const claimedEarly = await newCode(token, { trees: 2, valid_until: soon(1500) });
    const revokedEarly = await newCode(token, { trees: 2, valid_until: soon(1500) });
    assert.equal((await claim(token, claimedEarly.id)).status, 200);
    assert.equal((await revoke(token, revokedEarly.id)).status, 200);
    const validUntil = soon(1500);
    const code = await newCode(token, { trees: 12, valid_until: validUntil });
    assert.equal(code.valid_until, validUntil);
    await runWorker();
    assert.equal((await getCode(token, code.id)).status, 'open', 'not yet due: the worker leaves it');
    assert.deepEqual(await listIds(token, 'status=open'), [code.id]);
    await checkCounters(setup, 6);
    const job = await app.db.selectFrom('jobs').select('run_at').where('kind', '=', 'expire_gift_code')
      .where(sql<string>`payload->>'gift_code_id'`, '=', code.id).executeTakeFirstOrThrow();
    assert.equal(job.run_at.toISOString(), validUntil, 'queued for valid_until');
    const events = await eventsByType(token);

    await sleep(Date.parse(validUntil) - Date.now() + 100);
    const shown = await getCode(token, code.id);
    assert.equal(shown.status, 'expired');
    assert.equal(shown.updated_at, code.updated_at, 'nothing recorded yet');
    assert.deepEqual(await listIds(token, 'status=open'), []);
    assert.deepEqual(await listIds(token, 'status=expired'), [code.id]);
    const refused = await claim(token, code.id);
    assert.deepEqual([refused.status, refused.body.error?.code], [409, 'gift_code_not_open']);
    assert.equal(refused.body.error.message, `Gift code ${code.id} is expired; only an open code can be claimed.`);
    const notRevoked = await revoke(token, code.id);
    assert.deepEqual([notRevoked.status, notRevoked.body.error?.code], [409, 'gift_code_not_open']);
    await checkCounters(setup, 6);
    const row = await app.db.selectFrom('gift_codes').select(['status', 'expired_at']).where('id', '=', code.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: 'open', expired_at: null }, 'the worker records it, not a read');

    await runWorker();
    await checkCounters(setup, 18);
    const recorded = await app.db.selectFrom('gift_codes').select(['status', 'expired_at']).where('id', '=', code.id).executeTakeFirstOrThrow();
    assert.equal(recorded.status, 'expired');
    assert.ok(recorded.expired_at && recorded.expired_at.getTime() >= Date.parse(validUntil));
    assert.ok((await getCode(token, code.id)).updated_at > code.updated_at);
    assert.deepEqual([(await getCode(token, claimedEarly.id)).status, (await getCode(token, revokedEarly.id)).status], ['claimed', 'revoked'], 'their jobs left them');
    assert.deepEqual((await newEvents(token, events)).added, {}, 'expiry fires no event');
    assert.equal((await claim(token, code.id)).status, 409);
  });

  test("the expiry job expires a code due by the database's clock even when the worker's clock lags behind it", async () => {
    const setup = await companyWithTrees({ allocations: 1, trees: 10 });
    const validUntil = soon(300);
    const code = await newCode(setup.token, { trees: 4, valid_until: validUntil });
    await sleep(Date.parse(validUntil) - Date.now() + 100);
    // The queue ran the job (run_at <= the database's now()); the worker's clock is 50 ms behind.
    const lagging = new Date(Date.parse(validUntil) - 50);
    assert.equal(await inUnitOfWork(app.db, { publicBaseUrl: PUBLIC, now: lagging }, (uow) => expireGiftCode(uow, code.id)), true);
    const row = await app.db.selectFrom('gift_codes').select(['status', 'expired_at']).where('id', '=', code.id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'expired');
    assert.ok(row.expired_at && row.expired_at.getTime() >= Date.parse(validUntil), 'recorded at the database\'s moment, not before valid_until');
    await checkCounters(setup, 10);
  });
});

describe('reserved trees', () => {
  test('too few unassigned trees: 422 no_trees_available, and nothing changes', async () => {
    const setup = await companyWithTrees({ allocations: 2, trees: 10 });
    await newCode(setup.token, { trees: 5 });
    const before = await checkCounters(setup, 15);
    const refused = await create(setup.token, { trees: 16 });
    assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [422, 'no_trees_available', 'trees']);
    assert.deepEqual(await checkCounters(setup, 15), before);
    assert.equal((await listIds(setup.token, '')).length, 1, 'no code was made');
  });

  test('project reserves from that project only; a project without trees is 404 naming project', async () => {
    const setup = await companyWithTrees({ allocations: 1, trees: 10 });
    const other = await make.project(app.db);
    const planting = await make.planting(app.db, other, { trees: 1000, livemode: false });
    const theirs = await make.allocation(app.db, setup.company, planting, { trees: 4, livemode: false, createdAt: new Date(Date.UTC(2026, 0, 1)) });
    const code = await newCode(setup.token, { trees: 4, project: other.id });
    assert.equal(code.project, other.id);
    const held = await app.db.selectFrom('allocations').select('id').where('gift_code_id', '=', code.id).execute();
    assert.deepEqual(held.map((row) => row.id), [theirs.id], 'the newer allocation of that project, not the older one');
    const refused = await create(setup.token, { trees: 1, project: other.id });
    assert.equal(refused.body.error?.code, 'no_trees_available');
    const unknown = await create(setup.token, { trees: 1, project: (await make.project(app.db)).id });
    assert.deepEqual([unknown.status, unknown.body.error?.param], [404, 'project']);
    await checkCounters(setup, 10);
  });

  test("a code's reserved trees are never given to a recipient; they are once it is revoked", async () => {
    const setup = await companyWithTrees({ allocations: 2, trees: 10 });
    const code = await newCode(setup.token, { trees: 5 });
    const give = (trees: number) => app.request('POST', '/v2/recipients', { token: setup.token, body: { trees }, headers: { 'idempotency-key': key() } });
    const refused = await give(16);
    assert.deepEqual([refused.status, refused.body.error?.code], [422, 'no_trees_available']);
    assert.equal((await revoke(setup.token, code.id)).status, 200);
    const given = await give(16);
    assert.equal(given.status, 200, given.text);
    await checkCounters(setup, 4);
  });
});

describe('refusals', () => {
  test('revoking a claimed, revoked or expired code: 409 gift_code_not_open naming its status', async () => {
    const { token } = await companyWithTrees({ allocations: 1, trees: 10 });
    const claimed = await newCode(token, { trees: 1 });
    assert.equal((await claim(token, claimed.id)).status, 200);
    const revoked = await newCode(token, { trees: 1 });
    assert.equal((await revoke(token, revoked.id)).status, 200);
    const expired = await newCode(token, { trees: 1 });
    await app.db.updateTable('gift_codes').set({ status: 'expired', expired_at: new Date() }).where('id', '=', expired.id).execute();
    const cases: [string, string][] = [
      [claimed.id, `Gift code ${claimed.id} is claimed; only an open code can be revoked. To take its trees back, delete the recipient who claimed it.`],
      [revoked.id, `Gift code ${revoked.id} is revoked; only an open code can be revoked.`],
      [expired.id, `Gift code ${expired.id} is expired; only an open code can be revoked.`],
    ];
    for (const [id, message] of cases) {
      const refused = await revoke(token, id);
      assert.deepEqual([refused.status, refused.body.error?.type, refused.body.error?.code, refused.body.error?.message], [409, 'invalid_request_error', 'gift_code_not_open', message]);
    }
    assert.equal((await revoke(token, 'gift_doesnotexist')).status, 404);
  });

  test('ten claims of one code at once: exactly one wins, the others get 409; one recipient', async () => {
    const setup = await companyWithTrees({ allocations: 1, trees: 10 });
    const code = await newCode(setup.token, { trees: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(setup.token, code.id, { ...person, email: `p${i}@example.nl` })));
    const won = answers.filter((answer) => answer.status === 200);
    assert.equal(won.length, 1, answers.map((answer) => answer.status).join(','));
    for (const answer of answers) if (answer.status !== 200) assert.deepEqual([answer.status, answer.body.error?.code], [409, 'gift_code_not_open'], answer.text);
    const recipients = await app.db.selectFrom('recipients').select('id').where('company_id', '=', setup.company.id).execute();
    assert.deepEqual(recipients.map((row) => row.id), [won[0]!.body.recipient]);
    assert.equal((await checkCounters(setup, 7)).counts.recipients, 1);
  });
});

describe('Idempotency-Key on POST /v2/gift-codes', () => {
  test('same key and body replays; another body is 422; no key is 400', async () => {
    const { token } = await companyWithTrees();
    const k = key();
    const first = await create(token, { trees: 2, external_reference: 'order-7' }, k);
    const again = await create(token, { external_reference: 'order-7', trees: 2 }, k);
    assert.deepEqual([again.status, again.headers.get('idempotent-replayed'), first.headers.get('idempotent-replayed')], [200, 'true', null]);
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(await listIds(token, ''), [first.body.id], 'one code');
    const reused = await create(token, { trees: 3, external_reference: 'order-7' }, k);
    assert.deepEqual([reused.status, reused.body.error?.code], [422, 'idempotency_key_reused']);
    const missing = await create(token, { trees: 1 }, null);
    assert.deepEqual([missing.status, missing.body.error?.code], [400, 'idempotency_key_missing']);
    assert.equal((await listIds(token, '')).length, 1);
  });

  test('a retry after valid_until has passed still gets the stored answer, not a refusal', async () => {
    const { token } = await companyWithTrees();
    const k = key();
    const body = { trees: 1, valid_until: soon(800) };
    const first = await create(token, body, k);
    assert.equal(first.status, 200, first.text);
    await new Promise((resolve) => setTimeout(resolve, 900));
    const again = await create(token, body, k);
    assert.deepEqual([again.status, again.headers.get('idempotent-replayed')], [200, 'true'], again.text);
    assert.deepEqual(again.body, first.body);
  });
});

describe('validation', () => {
  test('valid_until: in the future, at most 1095 days ahead, a year by default', async () => {
    const { token } = await companyWithTrees();
    for (const validUntil of [soon(-1000), soon(1096 * DAY)]) {
      const refused = await create(token, { trees: 1, valid_until: validUntil });
      assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [400, 'parameter_invalid', 'valid_until'], validUntil);
    }
    const latest = soon(1094 * DAY);
    assert.equal((await newCode(token, { trees: 1, valid_until: latest })).valid_until, latest);
    const byDefault = await newCode(token, { trees: 1 });
    const year = Date.parse(byDefault.valid_until) - Date.parse(byDefault.created_at);
    assert.ok(Math.abs(year - 365 * DAY) < 5_000, `valid_until ${byDefault.valid_until}, created ${byDefault.created_at}`);
  });

  test('every field is checked and named', async () => {
    const { token } = await companyWithTrees();
    const cases: [unknown, string, string][] = [
      [{}, 'parameter_missing', 'trees'],
      [{ trees: 0 }, 'parameter_invalid', 'trees'],
      [{ trees: 100_001 }, 'parameter_invalid', 'trees'],
      [{ trees: 1, colour: 'green' }, 'parameter_unknown', 'colour'],
      [{ trees: 1, sent_to: { email: 'not-an-email' } }, 'parameter_invalid', 'sent_to[email]'],
      [{ trees: 1, sent_to: { phone: '+31' } }, 'parameter_unknown', 'sent_to[phone]'],
      [{ trees: 1, valid_until: 'next week' }, 'parameter_invalid', 'valid_until'],
      [{ trees: 1, external_reference: 'x'.repeat(256) }, 'parameter_invalid', 'external_reference'],
    ];
    for (const [body, code, param] of cases) {
      const refused = await create(token, body);
      assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [400, code, param], JSON.stringify(body));
    }
    assert.deepEqual(await listIds(token, ''), []);
  });
});

describe('personal data, scopes and modes', () => {
  test('sent_to is left out without recipients:read', async () => {
    const setup = await companyWithTrees({ livemode: true });
    const codesOnly = await make.tokenFor(app.db, setup.company, { scopes: ['gift-codes:read', 'gift-codes:write'] });
    const created = await newCode(codesOnly.token, { trees: 1, sent_to: { name: 'Bram', email: 'bram@example.nl' } });
    const listed = (await app.get('/v2/gift-codes', codesOnly.token)).body.data[0];
    for (const object of [created, await getCode(codesOnly.token, created.id), listed]) {
      assert.equal(object.id, created.id);
      assert.equal('sent_to' in object, false);
    }
    assert.deepEqual((await getCode(setup.company.live, created.id)).sent_to, { name: 'Bram', email: 'bram@example.nl' });
    assert.deepEqual((await newCode(setup.company.live, { trees: 1 })).sent_to, { name: null, email: null });
    const reader = await make.tokenFor(app.db, setup.company, { scopes: ['gift-codes:read'] });
    const denied = await create(reader.token, { trees: 1 });
    assert.deepEqual([denied.status, denied.body.error?.code], [403, 'scope_missing']);
  });

  test('a test token sees only test codes; a live token gets 404 for one, and cannot use the claim helper', async () => {
    const setup = await companyWithTrees({ livemode: false });
    const live = await make.planting(app.db, setup.project, { trees: 1000 });
    await make.allocation(app.db, setup.company, live, { trees: 5 });
    const testCode = await newCode(setup.company.test, { trees: 1 });
    const liveCode = await newCode(setup.company.live, { trees: 1 });
    assert.deepEqual([testCode.livemode, liveCode.livemode], [false, true]);
    assert.deepEqual(await listIds(setup.company.test, ''), [testCode.id]);
    assert.deepEqual(await listIds(setup.company.live, ''), [liveCode.id]);
    assert.equal((await app.get(`/v2/gift-codes/${testCode.id}`, setup.company.live)).status, 404);
    assert.equal((await app.get(`/v2/gift-codes/${liveCode.id}`, setup.company.test)).status, 404);
    assert.equal((await revoke(setup.company.live, testCode.id)).status, 404);
    assert.equal((await claim(setup.company.live, liveCode.id)).status, 404, 'the helper does not exist for live tokens');
    assert.equal((await getCode(setup.company.live, liveCode.id)).status, 'open');
  });
});

describe('GET /v2/gift-codes', () => {
  test('filters by status, external_reference and created_since; pages with starting_after', async () => {
    const { token } = await companyWithTrees({ allocations: 1, trees: 100 });
    const ids: string[] = [];
    for (const reference of ['spring', 'spring', 'autumn', 'spring', 'autumn', 'winter']) {
      ids.push((await newCode(token, { trees: 1, external_reference: reference })).id);
      await sleep(5);
    }
    const newestFirst = [...ids].reverse();
    assert.deepEqual(await listIds(token, ''), newestFirst);
    assert.equal((await claim(token, ids[0]!)).status, 200);
    assert.equal((await revoke(token, ids[1]!)).status, 200);
    await app.db.updateTable('gift_codes').set({ valid_until: new Date(Date.now() - 1000) }).where('id', '=', ids[2]!).execute();
    await app.db.updateTable('gift_codes').set({ status: 'expired', expired_at: new Date() }).where('id', '=', ids[3]!).execute();

    assert.deepEqual(await listIds(token, 'status=claimed'), [ids[0]]);
    assert.deepEqual(await listIds(token, 'status=revoked'), [ids[1]]);
    assert.deepEqual(await listIds(token, 'status=expired'), [ids[3], ids[2]], 'recorded, and open past valid_until');
    assert.deepEqual(await listIds(token, 'status=open'), [ids[5], ids[4]]);
    const statuses = (await app.get('/v2/gift-codes?limit=100', token)).body.data.map((code: { status: string }) => code.status);
    assert.deepEqual(statuses, ['open', 'open', 'expired', 'expired', 'revoked', 'claimed']);
    assert.deepEqual(await listIds(token, 'external_reference=spring'), [ids[3], ids[1], ids[0]]);
    assert.deepEqual(await listIds(token, 'external_reference=autumn&status=open'), [ids[4]]);
    assert.deepEqual(await listIds(token, 'external_reference=summer'), []);
    const third = await getCode(token, ids[2]!);
    assert.deepEqual(await listIds(token, `created_since=${encodeURIComponent(third.created_at)}`), newestFirst.slice(0, 4));
    const bad = await app.get('/v2/gift-codes?status=lost', token);
    assert.deepEqual([bad.status, bad.body.error?.param], [400, 'status']);

    const paged: string[] = [];
    let after = '';
    for (let page = 0; page < 5; page++) {
      const answer = (await app.get(`/v2/gift-codes?limit=4${after}`, token)).body;
      paged.push(...answer.data.map((code: { id: string }) => code.id));
      if (!answer.has_more) break;
      after = `&starting_after=${answer.data.at(-1).id}`;
    }
    assert.deepEqual(paged, newestFirst, 'two pages, every code once, in order');
    const expanded = (await app.get('/v2/gift-codes?status=claimed&expand[]=recipient', token)).body.data[0];
    assert.deepEqual([expanded.recipient?.object, expanded.recipient?.gift_code], ['recipient', ids[0]]);
  });
});

describe('the code', () => {
  test('12 Crockford base-32 characters in groups of four, different for every code', async () => {
    const { token } = await companyWithTrees({ allocations: 1, trees: 50 });
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await newCode(token, { trees: 1 });
      assert.match(created.code, CODE);
      assert.equal(created.claim_url, `${PUBLIC}/gift/${created.code}`);
      codes.push(created.code);
    }
    for (let i = 0; i < 500; i++) codes.push(newGiftCode());
    for (const code of codes) assert.match(code, CODE);
    assert.equal(new Set(codes).size, codes.length);
    assert.equal(GIFT_CODE_BITS, 60);
  });

  test('normalizeGiftCode reads what a person types', () => {
    const cases: [string, string | null][] = [
      ['7KQ4-M2XD-9RTB', '7KQ4-M2XD-9RTB'],
      ['7kq4-m2xd-9rtb', '7KQ4-M2XD-9RTB'],
      [' 7kq4 m2xd 9rtb ', '7KQ4-M2XD-9RTB'],
      ['7KQ4M2XD9RTB', '7KQ4-M2XD-9RTB'],
      ['7KQ4_M2XD.9RTB', '7KQ4-M2XD-9RTB'],
      ['OoIi-Ll00-1111', '0011-1100-1111'],
      ['7KQ4-M2XD-9RT', null],
      ['7KQ4-M2XD-9RTBB', null],
      ['', null],
      ['7KQ4-M2XD-9RTU', null],
      ['7KQ4-M2XD-9RT*', null],
    ];
    for (const [typed, expected] of cases) assert.equal(normalizeGiftCode(typed), expected, JSON.stringify(typed));
    for (let i = 0; i < 50; i++) {
      const code = newGiftCode();
      assert.equal(normalizeGiftCode(code.toLowerCase().replaceAll('-', ' ')), code);
    }
  });
});
