import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { startTestApp } from '../helpers/app.ts';
import { newId } from '../../src/core/ids.ts';
import * as make from '../helpers/factories.ts';

/** Shapes of section 2, lists of section 4, expand and translations, over HTTP. */

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const id = (prefix: string) => new RegExp(`^${prefix}_[A-Za-z0-9]{24}$`);

const app = await startTestApp();
const company = await make.companyWithTokens(app.db);
const partner = await make.partner(app.db, 'Green Belt Partners');
const kenya = await make.project(app.db, { partnerId: partner.id, name: 'Mount Kenya Restoration', nameNl: 'Herstel Mount Kenya' });
const portugal = await make.project(app.db, { name: 'Serra da Estrela Agroforestry', nameNl: 'Agrobosbouw Serra da Estrela', country: 'PT' });
const kenyaPlanting = await make.planting(app.db, kenya);
const pledgedPlanting = await make.planting(app.db, portugal, { done: false });
const base = Date.parse('2025-01-01T00:00:00Z');
const allocations: { id: string; status: string }[] = [];
before(async () => {
  await make.monitoring(app.db, kenya, { plantingId: kenyaPlanting.id, recordedAt: '2025-03-01' });
  await make.monitoring(app.db, kenya, { plantingId: kenyaPlanting.id, recordedAt: '2025-09-01', survivalRate: 0.81 });
  await make.monitoring(app.db, kenya, { recordedAt: '2025-06-01' });
  await make.verification(app.db, kenya);
  // Seven allocations one minute apart: newest first is the reverse of this order.
  for (let i = 0; i < 7; i++) {
    const pledged = i % 3 === 0;
    const row = await make.allocation(app.db, company, pledged ? pledgedPlanting : kenyaPlanting, {
      trees: 10 + i, status: pledged ? 'pledged' : 'planted', createdAt: new Date(base + i * 60_000),
      source: i === 1 ? 'legacy' : 'foundation', legacyTreeIds: i === 1 ? ['T-1001', 'T-1002'] : [],
    });
    allocations.push({ id: row.id, status: row.status });
  }
});

function keys(object: object) {
  return Object.keys(object).sort();
}

describe('object shapes (spec section 2)', () => {
  test('company', async () => {
    const { status, body } = await app.get('/v2/company', company.live);
    assert.equal(status, 200);
    assert.deepEqual(keys(body), ['country', 'counts', 'created_at', 'first_contribution_at', 'id', 'livemode', 'logo_url', 'name', 'object',
      'plan', 'public_page_url', 'slug', 'status', 'trees', 'trees_unassigned', 'updated_at', 'website_url']);
    assert.match(body.id, id('cmp'));
    assert.equal(body.object, 'company');
    assert.equal(body.plan, 'automate');
    const total = 10 + 11 + 12 + 13 + 14 + 15 + 16;
    const pledged = 10 + 13 + 16;
    assert.deepEqual(body.trees, { total, pledged, planted: total - pledged, monitored: 0 });
    assert.equal(body.trees_unassigned, total);
    assert.deepEqual(body.counts, { projects: 2, plantings: 2, recipients: 0, certificates: 0 });
    assert.equal(body.first_contribution_at, new Date(base).toISOString());
    assert.match(body.created_at, TIMESTAMP);
    assert.equal(body.public_page_url, `http://canopy.test/impact/${body.slug}`);
  });

  test('allocation', async () => {
    const { body } = await app.get(`/v2/allocations/${allocations[1]?.id}`, company.live);
    assert.deepEqual(keys(body), ['allocated_at', 'certificate', 'created_at', 'id', 'legacy_order_id', 'legacy_tree_ids', 'livemode', 'object',
      'planted_at', 'planting', 'project', 'recipient', 'source', 'status', 'trees', 'updated_at']);
    assert.equal(body.object, 'allocation');
    assert.equal(body.livemode, true);
    assert.equal(body.source, 'legacy');
    assert.deepEqual(body.legacy_tree_ids, ['T-1001', 'T-1002']);
    assert.equal(body.planting, kenyaPlanting.id);
    assert.equal(body.project, kenya.id);
    assert.equal(body.recipient, null);
    assert.equal(body.planted_at, '2024-04-15');
    assert.match(body.allocated_at, TIMESTAMP);
    const pledged = await app.get(`/v2/allocations/${allocations[0]?.id}`, company.live);
    assert.equal(pledged.body.status, 'pledged');
    assert.equal(pledged.body.planted_at, null);
  });

  test('planting with its dossier', async () => {
    const { body } = await app.get(`/v2/plantings/${kenyaPlanting.id}`, company.live);
    assert.deepEqual(keys(body), ['created_at', 'geometry', 'id', 'latest_monitoring', 'livemode', 'location', 'notes', 'object', 'partner', 'photos',
      'planted_at', 'planting_method', 'project', 'source', 'species', 'trees', 'trees_for_company', 'updated_at', 'verification']);
    assert.equal(body.trees, 1000);
    assert.equal(body.trees_for_company, 11 + 12 + 14 + 15);
    assert.equal(body.partner, partner.id);
    assert.match(body.planted_at, DATE);
    assert.deepEqual(body.location, { latitude: -1.295, longitude: 36.805 });
    assert.equal(body.geometry.type, 'Polygon');
    assert.deepEqual(body.geometry.coordinates[0][0], [36.8, -1.3]);
    assert.deepEqual(body.species, [{ name_latin: 'Prunus africana', name_common: 'African cherry', trees: 600 }]);
    assert.deepEqual(keys(body.photos[0]), ['caption', 'credit', 'taken_at', 'url']);
    assert.equal(body.notes, 'Planted before the long rains.');
    assert.equal(body.latest_monitoring.object, 'monitoring');
    assert.equal(body.latest_monitoring.recorded_at, '2025-09-01', 'the newest measurement');
    assert.equal(body.verification.status, 'verified');
    assert.equal(body.verification.latest.object, 'verification');
  });

  test('project, with the company\'s own trees and its verification', async () => {
    const { body } = await app.get(`/v2/projects/${kenya.id}`, company.live);
    assert.deepEqual(keys(body), ['country', 'created_at', 'default_species', 'description', 'ecosystem_type', 'foundation_url', 'geometry', 'id',
      'livemode', 'location', 'name', 'object', 'partner', 'photos', 'region', 'sdg_goals', 'started_at', 'status', 'trees', 'updated_at', 'verification']);
    assert.equal(body.name, 'Mount Kenya Restoration');
    assert.deepEqual(body.trees, { total: 52, pledged: 0, planted: 52, monitored: 0 });
    assert.deepEqual(body.sdg_goals, [13, 15]);
    assert.equal(body.default_species[0].trees, null);
    assert.equal(body.verification.status, 'verified');
    const portugalBody = (await app.get(`/v2/projects/${portugal.id}`, company.live)).body;
    assert.deepEqual(portugalBody.verification, { status: 'unverified', latest: null });
  });

  test('verification and monitoring lists of a project', async () => {
    const verifications = await app.get(`/v2/projects/${kenya.id}/verifications`, company.live);
    assert.equal(verifications.body.url, `/v2/projects/${kenya.id}/verifications`);
    const [statement] = verifications.body.data;
    assert.deepEqual(keys(statement), ['document_url', 'id', 'livemode', 'object', 'period_end', 'period_start', 'project', 'published_at', 'summary',
      'trees_verified', 'verifier_name', 'verifier_website_url']);
    assert.match(statement.period_start, DATE);
    assert.match(statement.published_at, TIMESTAMP);

    const monitoring = await app.get(`/v2/projects/${kenya.id}/monitoring?limit=2`, company.live);
    assert.deepEqual(monitoring.body.data.map((m: { recorded_at: string }) => m.recorded_at), ['2025-09-01', '2025-06-01']);
    assert.equal(monitoring.body.has_more, true);
    const [first, projectWide] = monitoring.body.data;
    assert.deepEqual(keys(first), ['id', 'livemode', 'method', 'notes', 'object', 'photos', 'planting', 'project', 'recorded_at', 'survival_rate', 'trees_alive']);
    assert.equal(first.planting, kenyaPlanting.id);
    assert.equal(projectWide.planting, null, 'project-wide measurement');
    const rest = await app.get(`/v2/projects/${kenya.id}/monitoring?limit=2&starting_after=${projectWide.id}`, company.live);
    assert.deepEqual(rest.body.data.map((m: { recorded_at: string }) => m.recorded_at), ['2025-03-01']);
    assert.equal(rest.body.has_more, false);
  });
});

describe('lists', () => {
  test('a walk over three pages returns every allocation once, newest first', async () => {
    const seen: string[] = [];
    const pages: boolean[] = [];
    let after = '';
    for (;;) {
      const page = await app.get(`/v2/allocations?limit=3${after ? `&starting_after=${after}` : ''}`, company.live);
      assert.equal(page.status, 200);
      assert.equal(page.body.object, 'list');
      assert.equal(page.body.url, '/v2/allocations');
      seen.push(...page.body.data.map((a: { id: string }) => a.id));
      pages.push(page.body.has_more);
      if (!page.body.has_more) break;
      after = page.body.data.at(-1).id;
    }
    assert.deepEqual(pages, [true, true, false]);
    assert.deepEqual(seen, allocations.map((a) => a.id).reverse());
  });

  test('filters combine with paging', async () => {
    const planted = allocations.filter((a) => a.status === 'planted').map((a) => a.id).reverse();
    const first = await app.get('/v2/allocations?status=planted&limit=2', company.live);
    const second = await app.get(`/v2/allocations?status=planted&limit=2&starting_after=${first.body.data[1].id}`, company.live);
    const third = await app.get(`/v2/allocations?status=planted&limit=2&starting_after=${second.body.data[1].id}`, company.live);
    const ids = [first, second, third].flatMap((page) => page.body.data.map((a: { id: string }) => a.id));
    assert.deepEqual(ids, planted);
    assert.equal(third.body.has_more, false);

    const byProject = await app.get(`/v2/allocations?project=${portugal.id}`, company.live);
    assert.deepEqual(byProject.body.data.map((a: { status: string }) => a.status), ['pledged', 'pledged', 'pledged']);
    const legacy = await app.get('/v2/allocations?source=legacy', company.live);
    assert.deepEqual(legacy.body.data.map((a: { id: string }) => a.id), [allocations[1]?.id]);
    const unassigned = await app.get('/v2/allocations?recipient=none&limit=100', company.live);
    assert.equal(unassigned.body.data.length, 7);
    const created = await app.get(`/v2/allocations?created_since=${new Date(base + 5 * 60_000).toISOString()}`, company.live);
    assert.equal(created.body.data.length, 2);
    const byPlanting = await app.get(`/v2/plantings?project=${kenya.id}`, company.live);
    assert.deepEqual(byPlanting.body.data.map((p: { id: string }) => p.id), [kenyaPlanting.id]);
  });

  test('limit defaults to 25 and is held to 1..100; unknown cursors and parameters are 400', async () => {
    const bad = [
      ['/v2/allocations?limit=101', 'limit', 'parameter_invalid'],
      ['/v2/allocations?limit=abc', 'limit', 'parameter_invalid'],
      ['/v2/allocations?created_since=yesterday', 'created_since', 'parameter_invalid'],
      ['/v2/allocations?status=lost', 'status', 'parameter_invalid'],
      ['/v2/allocations?colour=green', 'colour', 'parameter_unknown'],
      ['/v2/allocations?project=prj_short', 'project', 'parameter_invalid'],
      ['/v2/allocations?starting_after=alloc_AAAAAAAAAAAAAAAAAAAAAAAA', 'starting_after', 'resource_missing'],
      ['/v2/projects?starting_after=prj_AAAAAAAAAAAAAAAAAAAAAAAA', 'starting_after', 'resource_missing'],
    ];
    for (const [path, param, code] of bad) {
      const response = await app.get(path as string, company.live);
      assert.equal(response.status, 400, path);
      assert.equal(response.body.error.code, code, path);
      assert.equal(response.body.error.param, param, path);
    }
    // PostgreSQL cannot hold NUL, and a broken percent-encoding cannot be routed: both are 400s, never 500s.
    for (const path of ['/v2/allocations?starting_after=alloc_%00', '/v2/events/%00abc', '/v2/allocations/%E0%A4%A', '/v2/projects?country=%00%00']) {
      const response = await app.get(path, company.live);
      assert.equal(response.status, 400, path);
      assert.equal(response.body.error.code, 'parameter_invalid', path);
      assert.equal(response.headers.get('request-id'), response.body.error.request_id, path);
    }
    const status = await app.get('/v2/allocations?status=lost', company.live);
    assert.match(status.body.error.message, /pledged, planted, monitored/);
  });

  test('projects and plantings list only what holds the company\'s trees', async () => {
    const other = await make.companyWithTokens(app.db);
    const empty = await app.get('/v2/projects', other.live);
    assert.deepEqual(empty.body.data, []);
    const mine = await app.get('/v2/projects', company.live);
    assert.deepEqual(mine.body.data.map((p: { id: string }) => p.id).sort(), [kenya.id, portugal.id].sort());
    const inPortugal = await app.get('/v2/projects?country=PT', company.live);
    assert.deepEqual(inPortugal.body.data.map((p: { id: string }) => p.id), [portugal.id]);
  });
});

describe('expand[]', () => {
  test('allocations expand planting and project; a single value works too', async () => {
    const one = await app.get(`/v2/allocations/${allocations[1]?.id}?expand[]=planting`, company.live);
    assert.equal(one.body.planting.object, 'planting');
    assert.equal(one.body.planting.id, kenyaPlanting.id);
    assert.equal(one.body.project, kenya.id, 'not expanded unless asked');
    const both = await app.get('/v2/allocations?limit=2&expand[]=planting&expand[]=project', company.live);
    for (const allocation of both.body.data) {
      assert.equal(allocation.planting.object, 'planting');
      assert.equal(allocation.project.object, 'project');
      assert.equal(allocation.project.id, allocation.planting.project);
    }
  });

  test('planting.partner expands the planting with its partner inside (the supplier v1 showed)', async () => {
    const nested = await app.get('/v2/allocations?limit=2&expand[]=planting.partner', company.live);
    assert.equal(nested.status, 200, nested.text);
    const flat = await app.get('/v2/allocations?limit=2&expand[]=planting', company.live);
    nested.body.data.forEach((allocation: { planting: { object: string; partner: { object: string; id: string; name: string } } }, index: number) => {
      assert.equal(allocation.planting.object, 'planting');
      assert.equal(allocation.planting.partner.object, 'planting_partner');
      assert.equal(typeof allocation.planting.partner.name, 'string');
      assert.equal(flat.body.data[index].planting.partner, allocation.planting.partner.id, 'partner stays an id unless asked');
    });
    assert.equal((await app.get('/v2/allocations?expand[]=project.partner', company.live)).status, 400);
  });

  test('recipient expands, with personal data only for a token with recipients:read', async () => {
    const holder = await make.companyWithTokens(app.db);
    const row = await make.allocation(app.db, holder, kenyaPlanting, { trees: 3 });
    const recipientId = newId('recipient');
    await app.db.insertInto('recipients').values({
      id: recipientId, company_id: holder.id, livemode: true, first_name: 'Sanne', last_name: 'de Vries', email: 'sanne@example.nl',
      language: 'nl', trees: 3, source: 'api',
    }).execute();
    await app.db.updateTable('allocations').set({ recipient_id: recipientId }).where('id', '=', row.id).execute();

    const full = await app.get(`/v2/allocations/${row.id}?expand[]=recipient`, holder.live);
    assert.equal(full.body.recipient.object, 'recipient');
    assert.equal(full.body.recipient.first_name, 'Sanne');
    assert.deepEqual(full.body.recipient.allocations, [row.id]);
    const reader = await make.tokenFor(app.db, holder, { scopes: ['allocations:read'] });
    const redacted = await app.get(`/v2/allocations/${row.id}?expand[]=recipient`, reader.token);
    assert.equal(redacted.body.recipient.id, recipientId);
    for (const field of ['first_name', 'last_name', 'email']) assert.equal(field in redacted.body.recipient, false, field);
    const plain = await app.get(`/v2/allocations?recipient=${recipientId}`, holder.live);
    assert.deepEqual(plain.body.data.map((a: { recipient: string }) => a.recipient), [recipientId]);
  });

  test('plantings expand project and partner', async () => {
    const { body } = await app.get(`/v2/plantings/${kenyaPlanting.id}?expand[]=project&expand[]=partner`, company.live);
    assert.equal(body.project.object, 'project');
    assert.deepEqual(body.partner, { id: partner.id, object: 'planting_partner', name: 'Green Belt Partners', country: 'KE', website_url: null });
    const project = await app.get(`/v2/projects/${kenya.id}?expand[]=partner`, company.live);
    assert.equal(project.body.partner.name, 'Green Belt Partners');
  });
});

describe('Accept-Language', () => {
  test('nl gives Dutch texts and says so in Content-Language', async () => {
    const headers = { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' };
    const project = await app.get(`/v2/projects/${kenya.id}`, company.live, headers);
    assert.equal(project.headers.get('content-language'), 'nl');
    assert.equal(project.body.name, 'Herstel Mount Kenya');
    assert.equal(project.body.description, 'Bosherstel op de hellingen.');
    assert.equal(project.body.photos[0].caption, 'Kwekerij');
    const planting = await app.get(`/v2/plantings/${kenyaPlanting.id}`, company.live, headers);
    assert.equal(planting.body.species[0].name_common, 'Afrikaanse kers');
    assert.equal(planting.body.notes, 'Geplant voor de lange regens.');
    assert.equal(planting.body.latest_monitoring.notes, 'Goede overleving na het droge seizoen.');
    assert.equal(planting.body.verification.latest.summary, 'Overleving en aantallen bevestigd.');
  });

  test('English is the default, and an unsupported language falls back to it', async () => {
    for (const header of [undefined, 'fr-FR', 'de;q=1, en;q=0.1']) {
      const response = await app.get(`/v2/projects/${kenya.id}`, company.live, header ? { 'accept-language': header } : {});
      assert.equal(response.headers.get('content-language'), 'en');
      assert.equal(response.body.name, 'Mount Kenya Restoration');
    }
  });
});
