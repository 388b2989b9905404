import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applySingle } from '../../src/foundation/apply.ts';
import { V1_PER_PAGE } from '../../src/legacy-v1/pages.ts';
import { RETIRED_ENDPOINTS } from '../../src/legacy-v1/retired.ts';
import { createToken, revokeToken } from '../../src/operator/tokens.ts';
import { startTestApp } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';

/**
 * The legacy v1 API (spec section 9): v1 tokens on v1 only and v2 tokens on v2 only, each
 * told which API it belongs to; the retained endpoints' shapes; 410 for the retired ones
 * whatever the token; the v1 error shape for unknown paths; deprecation headers on every answer.
 */

const app = await startTestApp({ V1_DEPRECATION_DATE: '2026-11-01', V1_SUNSET_DATE: '2027-07-01' });

async function companyWithV1Token() {
  const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
  const v1 = await createToken(app.db, { companyId: company.id, ownerEmail: company.adminEmail, scopes: [], livemode: true, apiVersion: 'v1' });
  return { company, v1 };
}

describe('v1 tokens', () => {
  test('a v1 token works on v1 only, a v2 token on v2 only, each told which API it belongs to', async () => {
    const { company, v1 } = await companyWithV1Token();
    assert.match(v1.token, /^canopy_v1_[A-Za-z0-9]{32}$/);
    assert.equal(v1.api_version, 'v1');
    const ping = await app.get('/v1/ping', v1.token);
    assert.equal(ping.status, 200, ping.text);
    assert.deepEqual(ping.body, { message: 'pong' });

    const v2OnV1 = await app.get('/v1/ping', company.live);
    assert.equal(v2OnV1.status, 401);
    assert.match(v2OnV1.body.message, /v2 token .* works on \/v2 only/);
    const v1OnV2 = await app.get('/v2/me', v1.token);
    assert.equal(v1OnV2.status, 401);
    assert.equal(v1OnV2.body.error.code, 'token_wrong_version');
    assert.match(v1OnV2.body.error.message, /legacy v1 API, which works on \/v1 only/);
  });

  test('missing, unknown, revoked and removed-owner tokens are refused in the v1 shape', async () => {
    const { company, v1 } = await companyWithV1Token();
    for (const token of [undefined, 'canopy_v1_' + 'x'.repeat(32), 'nonsense']) {
      const refused = await app.get('/v1/me', token);
      assert.equal(refused.status, 401);
      assert.deepEqual(Object.keys(refused.body), ['message']);
    }
    await revokeToken(app.db, v1.id);
    assert.match((await app.get('/v1/me', v1.token)).body.message, /revoked/);
    const other = await createToken(app.db, { companyId: company.id, ownerEmail: company.adminEmail, scopes: [], livemode: true, apiVersion: 'v1' });
    await app.db.updateTable('companies').set({ plan: 'grow' }).where('id', '=', company.id).execute();
    const downgraded = await app.get('/v1/me', other.token);
    assert.equal(downgraded.status, 403);
    assert.match(downgraded.body.message, /automate/);
  });
});

describe('retained endpoints', () => {
  test('GET /me is one object: the token\'s owner and the old customer block', async () => {
    const { company, v1 } = await companyWithV1Token();
    const me = await app.get('/v1/me', v1.token);
    assert.equal(me.status, 200);
    assert.deepEqual(Object.keys(me.body), ['id', 'name', 'email', 'customer']);
    assert.equal(me.body.email, company.adminEmail);
    assert.equal(me.body.customer.id, company.id);
    assert.equal(me.body.customer.name, 'Fairbrook Coffee Roasters');
    assert.equal(me.body.customer.package, 'automate');
  });

  test('GET /get-stats counts the live trees and the unassigned ones, with the emission fields kept at 0', async () => {
    const { company, v1 } = await companyWithV1Token();
    const project = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000 }), { trees: 30 });
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000, livemode: false }), { trees: 7, livemode: false });
    await app.request('POST', '/v2/recipients', { token: company.live, headers: { 'idempotency-key': 'v1-stats' }, body: { trees: 4 } });
    const stats = await app.get('/v1/get-stats', v1.token);
    assert.equal(stats.status, 200);
    assert.deepEqual(stats.body, { tree_count: 30, available_for_gifting: 26, co2_compensation: 0, goal_emissions_compensated: 0 });
    const v2 = (await app.get('/v2/company', company.live)).body;
    assert.equal(stats.body.tree_count, v2.trees.total);
    assert.equal(stats.body.available_for_gifting, v2.trees_unassigned);
  });
});

/** A legacy donation as the foundation records it: one id per tree. */
async function legacyDonation(company: { id: string }, planting: { foundation_ref: string }, treeIds: string[], options: { livemode?: boolean; allocatedAt?: string } = {}) {
  await applySingle(app.db, {
    op: 'record_allocation',
    input: {
      ref: `legacy-${treeIds[0]}-${company.id}`,
      company_id: company.id,
      livemode: options.livemode ?? true,
      planting_ref: planting.foundation_ref,
      trees: treeIds.length,
      source: 'legacy',
      legacy_order_id: `WC-${treeIds[0]}`,
      legacy_tree_ids: treeIds,
      allocated_at: options.allocatedAt ?? '2021-03-01T10:00:00.000Z',
    },
  }, 'http://canopy.test');
}

const treeIds = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(5, '0')}`);

/** Every page of a v1 list, following links.next from page 1, checking each envelope on the way. */
async function walk(path: string, token: string) {
  const pages = [];
  let url: string | null = `http://canopy.test${path}`;
  while (url) {
    const response = await app.get(url.replace('http://canopy.test', ''), token);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body), ['data', 'links', 'meta']);
    pages.push(response.body);
    url = response.body.links.next;
    assert.ok(pages.length < 100, 'the walk ends');
  }
  return pages;
}

describe('paged lists', () => {
  test('GET /get-trees: one row per legacy tree in recorded order, then one per planted foundation allocation, 100 a page to the last', async () => {
    const { company, v1 } = await companyWithV1Token();
    const partner = await make.partner(app.db, 'Green Belt Partners');
    const project = await make.project(app.db, { partnerId: partner.id, name: 'Kasigau Corridor', country: 'KE' });
    const planting = await make.planting(app.db, project, { trees: 5000 });
    await legacyDonation(company, planting, treeIds('OLD', 150), { allocatedAt: '2020-01-01T00:00:00.000Z' });
    await legacyDonation(company, planting, treeIds('NEW', 60), { allocatedAt: '2022-01-01T00:00:00.000Z' });
    await legacyDonation(company, await make.planting(app.db, project, { livemode: false }), treeIds('TST', 5), { livemode: false });
    const planted = [];
    for (let i = 0; i < 3; i++) planted.push(await make.allocation(app.db, company, planting, { trees: 10 + i, status: i === 2 ? 'monitored' : 'planted' }));
    await make.allocation(app.db, company, planting, { trees: 4, status: 'pledged' });
    await make.allocation(app.db, company, planting, { trees: 4, livemode: false });
    // Giving trees away splits a legacy allocation; its trees stay listed once each.
    const given = await app.request('POST', '/v2/recipients', { token: company.live, headers: { 'idempotency-key': 'v1-trees-split' }, body: { trees: 20 } });
    assert.equal(given.status, 200, given.text);

    const pages = await walk('/v1/get-trees', v1.token);
    assert.equal(pages.length, 3);
    const rows = pages.flatMap((page) => page.data);
    const total = 150 + 60 + planted.length;
    assert.equal(rows.length, total);
    assert.deepEqual(rows.slice(0, 210).map((row) => row.id), [...treeIds('OLD', 150), ...treeIds('NEW', 60)]);
    assert.deepEqual(new Set(rows.slice(210).map((row) => row.id)), new Set(planted.map((row) => row.id)));
    assert.deepEqual(rows.slice(210).map((row) => row.trees).sort(), [10, 11, 12]);
    assert.deepEqual(rows[0], {
      id: 'OLD-00001', trees: 1, project: 'Kasigau Corridor', supplier: 'Green Belt Partners', latitude: -1.295, longitude: 36.805, country: 'Kenya', planted_at: '2024-04-15',
    });

    pages.forEach((page, index) => {
      const n = index + 1;
      assert.deepEqual(page.meta, {
        current_page: n, from: index * V1_PER_PAGE + 1, last_page: 3, path: 'http://canopy.test/v1/get-trees', per_page: 100, to: Math.min(n * V1_PER_PAGE, total), total,
      });
      assert.deepEqual(page.links, {
        first: 'http://canopy.test/v1/get-trees?page=1',
        last: 'http://canopy.test/v1/get-trees?page=3',
        prev: n === 1 ? null : `http://canopy.test/v1/get-trees?page=${n - 1}`,
        next: n === 3 ? null : `http://canopy.test/v1/get-trees?page=${n + 1}`,
      });
    });
    // Page 3 straddles nothing: legacy rows end at 210, so it starts with trees 201-210 and then the allocations.
    assert.deepEqual(pages[2].data.slice(0, 10).map((row: { id: string }) => row.id), treeIds('NEW', 60).slice(50));
  });

  test('a page past the last is empty with correct meta; pages that are not whole numbers are page 1', async () => {
    const { company, v1 } = await companyWithV1Token();
    const planting = await make.planting(app.db, await make.project(app.db), { trees: 1000 });
    await legacyDonation(company, planting, treeIds('P', 120));

    const past = await app.get('/v1/get-trees?page=7', v1.token);
    assert.equal(past.status, 200);
    assert.deepEqual(past.body.data, []);
    assert.deepEqual(past.body.meta, { current_page: 7, from: null, last_page: 2, path: 'http://canopy.test/v1/get-trees', per_page: 100, to: null, total: 120 });
    assert.equal(past.body.links.next, null);
    assert.equal(past.body.links.prev, 'http://canopy.test/v1/get-trees?page=6');

    for (const page of ['0', '-3', 'abc', '1.5', '', '99999999999999999999']) {
      const first = await app.get(`/v1/get-trees?page=${page}`, v1.token);
      assert.equal(first.status, 200, page);
      assert.equal(first.body.meta.current_page, 1, page);
      assert.equal(first.body.data[0].id, 'P-00001', page);
    }
    const far = await app.get('/v1/get-trees?page=123456789012345', v1.token);
    assert.equal(far.status, 200);
    assert.deepEqual(far.body.data, []);
    assert.equal(far.body.meta.current_page, 123456789012345);
  });

  test('a company without trees gets one empty page; another company\'s trees never show', async () => {
    const { company, v1 } = await companyWithV1Token();
    const { v1: emptyV1 } = await companyWithV1Token();
    await legacyDonation(company, await make.planting(app.db, await make.project(app.db), { trees: 100 }), treeIds('MINE', 3));
    const empty = await app.get('/v1/get-trees', emptyV1.token);
    assert.deepEqual(empty.body.data, []);
    assert.deepEqual(empty.body.meta, { current_page: 1, from: null, last_page: 1, path: 'http://canopy.test/v1/get-trees', per_page: 100, to: null, total: 0 });
    assert.equal(empty.body.links.next, null);
    assert.equal((await app.get('/v1/get-trees', v1.token)).body.meta.total, 3);
  });

  test('GET /get-projects: the company\'s live projects by legacy id, newer projects after, paged the same way', async () => {
    const { company, v1 } = await companyWithV1Token();
    // legacy_id is unique across the catalog: each run takes its own hundred.
    const base = Math.floor(Math.random() * 1_000_000) * 100;
    const projects = [];
    for (const legacyId of [40, null, 7, 12]) {
      const project = await make.project(app.db, { name: `Project ${legacyId ?? 'new'}`, country: 'ID' });
      if (legacyId !== null) await app.db.updateTable('projects').set({ legacy_id: base + legacyId }).where('id', '=', project.id).execute();
      projects.push(project);
      await make.allocation(app.db, company, await make.planting(app.db, project), { trees: 5 });
    }
    const testOnly = await make.project(app.db, { name: 'Sandbox only' });
    await make.allocation(app.db, company, await make.planting(app.db, testOnly, { livemode: false }), { trees: 5, livemode: false });

    const [page] = await walk('/v1/get-projects', v1.token);
    assert.equal(page.meta.total, 4);
    assert.deepEqual(page.data.map((row: { id: number | null }) => row.id), [base + 7, base + 12, base + 40, null]);
    assert.deepEqual(page.data.map((row: { name: string }) => row.name), ['Project 7', 'Project 12', 'Project 40', 'Project new']);
    assert.equal(page.data[3].project_id, projects[1]!.id);
    assert.deepEqual(Object.keys(page.data[0]), ['id', 'project_id', 'name', 'description', 'country', 'region', 'latitude', 'longitude', 'image', 'started_at', 'stock']);
    assert.equal(page.data[0].country, 'Indonesia');
    assert.equal(page.data[0].stock, 0);
    assert.equal(page.data[0].image, 'https://images.example.org/p.jpg');
    assert.ok(!page.data.some((row: { name: string }) => row.name === 'Sandbox only'));
  });
});

describe('retired endpoints and the rest', () => {
  const RETIRED = [
    ['POST', '/v1/buy-tree'], ['POST', '/v1/buy-trees'], ['POST', '/v1/gift-tree'], ['POST', '/v1/buy-vouchers'],
    ['POST', '/v1/cancel-order/ORD-10042'], ['GET', '/v1/get-products'], ['POST', '/v1/calculate-delivery-compentation'],
  ] as const;

  test('each retired endpoint answers 410 with message and documentation, whatever the token', async () => {
    const { v1 } = await companyWithV1Token();
    for (const [method, path] of RETIRED) {
      for (const token of [v1.token, undefined, 'garbage']) {
        const gone = await app.request(method, path, { token, body: method === 'POST' ? { quantity: 1 } : undefined });
        assert.equal(gone.status, 410, `${method} ${path}`);
        assert.deepEqual(Object.keys(gone.body).sort(), ['documentation', 'message']);
        assert.match(gone.body.documentation, /^http:\/\/canopy\.test\/docs\/migrating-from-v1#[a-z-]+$/);
      }
    }
  });

  test('an unknown v1 path is a 404 in the v1 shape', async () => {
    const { v1 } = await companyWithV1Token();
    const missing = await app.get('/v1/get-forests', v1.token);
    assert.equal(missing.status, 404);
    assert.deepEqual(Object.keys(missing.body), ['message']);
  });

  test('every v1 answer carries Deprecation, Sunset and Link headers; v2 answers do not', async () => {
    const { company, v1 } = await companyWithV1Token();
    for (const [path, token] of [['/v1/ping', v1.token], ['/v1/me', undefined], ['/v1/nowhere', v1.token], ['/v1/get-products', undefined]] as const) {
      const response = await app.get(path, token);
      assert.equal(response.headers.get('deprecation'), `@${Date.UTC(2026, 10, 1) / 1000}`, path);
      assert.equal(response.headers.get('sunset'), 'Thu, 01 Jul 2027 00:00:00 GMT', path);
      assert.match(String(response.headers.get('link')), /<http:\/\/canopy\.test\/v2>; rel="successor-version", <http:\/\/canopy\.test\/docs\/migrating-from-v1>; rel="deprecation"/);
    }
    assert.equal((await app.get('/v2/me', company.live)).headers.get('deprecation'), null);
  });

  test('the migration guide and the v1 reference are served, with a section for every anchor a 410 points at', async () => {
    const guide = await app.get('/docs/migrating-from-v1');
    assert.equal(guide.status, 200);
    assert.match(String(guide.headers.get('content-type')), /text\/markdown/);
    // GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
    const anchors = new Set([...guide.text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => heading!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
    for (const retired of RETIRED_ENDPOINTS) assert.ok(anchors.has(retired.anchor), `#${retired.anchor} in docs/migrating-from-v1.md`);
    const reference = await app.get('/docs/legacy-v1');
    assert.equal(reference.status, 200);
    for (const endpoint of ['/ping', '/me', '/get-stats', '/get-trees', '/get-projects']) assert.match(reference.text, new RegExp(`### GET ${endpoint}\\n`));
  });
});
