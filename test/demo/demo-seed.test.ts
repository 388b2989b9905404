import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import { seedDemo } from '../../src/demo/seed.ts';
import { createToken } from '../../src/operator/tokens.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
let demo: Awaited<ReturnType<typeof seedDemo>>;
before(async () => {
  app = await startTestApp();
  demo = await seedDemo(app.db, app.baseUrl);
});

test('seeding twice creates the demo company once', async () => {
  assert.equal(demo.created, true);
  const again = await seedDemo(app.db, app.baseUrl);
  assert.deepEqual(again, { companyId: demo.companyId, adminEmail: demo.adminEmail, created: false });
  const companies = await app.db.selectFrom('companies').select('id').where('slug', '=', 'demo-company').execute();
  assert.equal(companies.length, 1);
});

test('allocations in every status, live and test, with legacy imports in both modes', async () => {
  const rows = await app.db
    .selectFrom('allocations')
    .select(['livemode', 'status', 'source', 'trees', 'legacy_tree_ids', 'legacy_order_id'])
    .where('company_id', '=', demo.companyId)
    .execute();
  for (const livemode of [true, false]) {
    const statuses = new Set(rows.filter((row) => row.livemode === livemode).map((row) => row.status));
    assert.deepEqual([...statuses].sort(), ['monitored', 'planted', 'pledged'], `livemode ${livemode}`);
    const legacy = rows.filter((row) => row.livemode === livemode && row.source === 'legacy');
    assert.ok(legacy.length > 0, `legacy allocations with livemode ${livemode}`);
    for (const row of legacy) {
      assert.equal(row.legacy_tree_ids.length, row.trees, 'one legacy id per tree');
      assert.ok(row.legacy_order_id);
    }
  }
  assert.ok(rows.filter((row) => row.source === 'foundation').every((row) => row.legacy_tree_ids.length === 0));
});

test('the history looks real: projects in several countries, full dossiers, measurements, a verification, two years of donations', async () => {
  const projects = await app.db.selectFrom('projects').selectAll().where('foundation_ref', 'like', 'demo-%').execute();
  assert.ok(new Set(projects.map((project) => project.country)).size >= 2);
  for (const project of projects) assert.ok(project.name.nl && project.description.nl && project.geometry && project.photos.length > 0);

  const plantings = await app.db.selectFrom('plantings').selectAll().where('foundation_ref', 'like', 'demo-%').execute();
  const planted = plantings.filter((planting) => planting.completed_at !== null);
  assert.ok(planted.length >= 4);
  for (const planting of planted) {
    const ring = planting.geometry?.coordinates[0] ?? [];
    assert.deepEqual(ring[0], ring[ring.length - 1], 'closed ring');
    assert.ok(planting.species.every((species) => species.name_common.nl && species.trees !== null));
    assert.ok(planting.notes?.en && planting.notes.nl);
    assert.ok(planting.photos.every((photo) => photo.url.startsWith('https://') && photo.caption?.nl));
  }

  const measurements = await sql<{ planting_id: string | null; n: number }>`
    select planting_id, count(*)::int as n from monitorings where foundation_ref like 'demo-%' group by planting_id`.execute(app.db);
  assert.ok(measurements.rows.some((row) => row.planting_id === null), 'project-level measurements');
  assert.ok(measurements.rows.some((row) => row.planting_id !== null && row.n >= 3), 'a series of measurements of one planting');
  assert.ok((await app.db.selectFrom('verifications').select('id').where('foundation_ref', 'like', 'demo-%').execute()).length >= 1);

  const span = await sql<{ first: Date; last: Date; whole_seconds: number }>`
    select min(created_at) as first, max(created_at) as last,
      count(*) filter (where created_at = date_trunc('second', created_at))::int as whole_seconds
    from allocations where company_id = ${demo.companyId}`.execute(app.db);
  const { first, last, whole_seconds } = span.rows[0]!;
  assert.ok(last.getTime() - first.getTime() > 600 * 86_400_000, 'donations spread over about two years');
  assert.ok(last.getTime() < Date.now());
  assert.equal(whole_seconds, 0, 'created_at keeps milliseconds');
});

test('GET /v2/company shows totals equal to what the allocations add up to, in each mode', async () => {
  for (const livemode of [true, false]) {
    const { token } = await createToken(app.db, { companyId: demo.companyId, ownerEmail: demo.adminEmail, scopes: 'all', livemode });
    const response = await app.get('/v2/company', token);
    assert.equal(response.status, 200, response.text);
    const sums = await sql<{ pledged: number; planted: number; monitored: number; unassigned: number; projects: number; plantings: number; first: Date }>`
      select
        coalesce(sum(trees) filter (where status = 'pledged'), 0)::int as pledged,
        coalesce(sum(trees) filter (where status = 'planted'), 0)::int as planted,
        coalesce(sum(trees) filter (where status = 'monitored'), 0)::int as monitored,
        coalesce(sum(trees) filter (where recipient_id is null and gift_code_id is null), 0)::int as unassigned,
        count(distinct project_id)::int as projects, count(distinct planting_id)::int as plantings, min(allocated_at) as first
      from allocations where company_id = ${demo.companyId} and livemode = ${livemode}`.execute(app.db);
    const want = sums.rows[0]!;
    const company = response.body;
    assert.equal(company.name, 'Fairbrook Coffee Roasters');
    assert.equal(company.livemode, livemode);
    assert.deepEqual(company.trees, { total: want.pledged + want.planted + want.monitored, pledged: want.pledged, planted: want.planted, monitored: want.monitored });
    assert.equal(company.trees_unassigned, want.unassigned);
    assert.equal(company.counts.projects, want.projects);
    assert.equal(company.counts.plantings, want.plantings);
    assert.equal(company.first_contribution_at, want.first.toISOString());
    const recipients = await app.db.selectFrom('recipients').select('id').where('company_id', '=', demo.companyId).where('livemode', '=', livemode).execute();
    assert.equal(company.counts.recipients, recipients.length);
    assert.ok(recipients.length > 0, 'the demo has recipients');
    assert.ok(company.trees_unassigned < company.trees.total, 'their trees are assigned');
    assert.ok(company.trees.pledged > 0 && company.trees.planted > 0 && company.trees.monitored > 0);
  }
});

test('the demo company has a real event log: one allocation.created per allocation, and recent events in GET /v2/events', async () => {
  const created = await sql<{ allocations: number; events: number }>`
    select (select count(*) from allocations where company_id = ${demo.companyId})::int as allocations,
           (select count(*) from events where company_id = ${demo.companyId} and type = 'allocation.created')::int as events`.execute(app.db);
  assert.equal(created.rows[0]?.events, created.rows[0]?.allocations);

  const { token } = await createToken(app.db, { companyId: demo.companyId, ownerEmail: demo.adminEmail, scopes: 'all', livemode: true });
  const recent = await app.get('/v2/events?limit=100', token);
  const first = recent.body.data.at(-1);
  assert.ok(Date.parse(first.created) > Date.now() - 30 * 86_400_000, 'only the last 30 days');
});

test('a living company: every event type there is so far happened in the last 30 days, in live mode', async () => {
  const { rows } = await sql<{ type: string }>`
    select distinct type from events
    where company_id = ${demo.companyId} and livemode and created_at > now() - interval '30 days'`.execute(app.db);
  const types = rows.map((row) => row.type).sort();
  assert.deepEqual(types, [
    'allocation.created', 'allocation.monitored', 'allocation.planted', 'allocation.updated', 'certificate.created',
    'planting.updated', 'recipient.claimed', 'recipient.created', 'verification.published',
  ]);
});

test('recipients created through the API path, each with its certificate, in both modes', async () => {
  for (const livemode of [true, false]) {
    const recipients = await app.db
      .selectFrom('recipients as r')
      .leftJoin('certificates as c', 'c.recipient_id', 'r.id')
      .select(['r.id', 'c.number', 'c.withdrawn_at'])
      .where('r.company_id', '=', demo.companyId)
      .where('r.livemode', '=', livemode)
      .where('r.source', '=', 'api')
      .execute();
    assert.ok(recipients.length > 0, `API recipients with livemode ${livemode}`);
    for (const recipient of recipients) assert.ok(recipient.number && !recipient.withdrawn_at, `${recipient.id} has its certificate`);
  }
});

test('gift codes in every status, and the claimed one became a recipient with a gift certificate', async () => {
  const token = (await createToken(app.db, { companyId: demo.companyId, ownerEmail: demo.adminEmail, scopes: 'all', livemode: true })).token;
  const codes = (await app.get('/v2/gift-codes?limit=100&expand[]=recipient', token)).body.data;
  assert.deepEqual([...new Set(codes.map((code: { status: string }) => code.status))].sort(), ['claimed', 'expired', 'open', 'revoked']);
  const claimed = codes.find((code: { status: string }) => code.status === 'claimed');
  assert.equal(claimed.recipient.source, 'gift_code');
  assert.equal(claimed.recipient.certificate.type, 'gift');
  assert.ok(claimed.recipient.email_sent_at, 'its email went out when it was claimed, so none is sent at start');
  // Only the open code still holds trees; the others gave theirs away or back.
  const reserved = await sql<{ code: string; trees: number }>`
    select g.status as code, coalesce(sum(a.trees), 0)::int as trees from gift_codes g left join allocations a on a.gift_code_id = g.id
    where g.company_id = ${demo.companyId} and g.livemode group by g.status`.execute(app.db);
  assert.deepEqual(Object.fromEntries(reserved.rows.map((row) => [row.code, row.trees])), { claimed: 0, expired: 0, open: 5, revoked: 0 });
});
