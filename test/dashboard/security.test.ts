import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { FEATURES } from '../../src/features.ts';
import { previewUpload } from '../../src/modules/recipients/upload-preview.ts';
import { createGiftCodeBatch } from '../../src/modules/gift-codes/service.ts';
import { dashboardSurface } from '../../src/platform/dashboard/surface.ts';
import { createMailer } from '../../src/platform/mail/mailer.ts';
import { startTestApp, TEST_SECRET_KEY, testWorkerServices } from '../helpers/app.ts';
import { mailedLink } from '../helpers/dashboard-browser.ts';
import { DashboardBrowser, personWithPassword, TEST_PASSWORD, type PageResponse } from '../helpers/dashboard.ts';
import * as make from '../helpers/factories.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { tempDir } from '../helpers/temp.ts';

/**
 * The dashboard's defences, through plain HTTP as a browser without JavaScript (or an
 * attacker's script) speaks it. Every route is found from the app itself (the dashboard
 * surface registered on a bare Fastify that notes each route), so that a route added later
 * is covered without a change here: every form refuses a request without its CSRF token;
 * every URL with an id answers 404 to another company's id; every admin route answers 403
 * to a member. Then session fixation, sign-in throttling, and secrets (token values,
 * signing secrets, passwords, one-time links, session cookies) in no page after their one
 * showing, no log line and no audit log entry.
 */

const logLines: string[] = [];
// Each browser here names its own client address (X-Forwarded-For from a trusted proxy), so
// that sign-in throttling counts each test's attempts alone.
const app = await startTestApp(
  { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', TRUSTED_PROXIES: '127.0.0.1', LOG_LEVEL: 'trace' },
  { logStream: { write: (line) => void logLines.push(line) } },
);
const receiver = await startReceiver();
const outbox = tempDir('dashboard-outbox');
const services = testWorkerServices(createMailer({ smtpUrl: null, from: 'Canopy <test@canopy.test>', outboxDir: outbox }));

interface Route {
  method: 'GET' | 'POST';
  url: string;
  access: 'public' | 'member' | 'admin';
}

/** Every dashboard route, as the surface registers them (HEAD, Fastify's twin of each GET, left out). */
async function dashboardRoutes(): Promise<Route[]> {
  const config = loadConfig({ ...process.env, PUBLIC_BASE_URL: 'http://canopy.test', CANOPY_SECRET_KEY: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY });
  const bare = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  const routes: Route[] = [];
  bare.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'GET' && method !== 'POST') {
        if (method !== 'HEAD') throw new Error(`${method} ${route.url}: a dashboard route this test does not know how to check`);
        continue;
      }
      const access = (route.config as { dashboardAccess?: Route['access'] } | undefined)?.dashboardAccess ?? 'member';
      routes.push({ method: method as Route['method'], url: route.url.replace(/\/$/, '') || '/', access });
    }
  });
  await bare.register(dashboardSurface(FEATURES), { prefix: '/dashboard', config: { ...config, secretKey: config.secretKey ?? TEST_SECRET_KEY }, db: app.db });
  await bare.close();
  return routes;
}

let lastAddress = 0;
/** A browser from a client address of its own. */
const newBrowser = () => new DashboardBrowser(app.baseUrl, { 'x-forwarded-for': `198.51.100.${++lastAddress}` });

async function signedIn(email: string, password = TEST_PASSWORD) {
  const browser = newBrowser();
  const answer = await browser.signIn(email, password);
  assert.equal(answer.status, 303, `signing in as ${email}: ${answer.text.slice(0, 200)}`);
  return browser;
}

/** A company with an admin and a member signed in, another admin, a token, an endpoint with a delivery, an event. */
async function companyWorld(name: string) {
  const company = await make.companyWithTokens(app.db, { name });
  const admin = await personWithPassword(app.db, company.id, { name: `${name} Admin` });
  const member = await personWithPassword(app.db, company.id, { role: 'member', name: `${name} Member` });
  const teammate = await personWithPassword(app.db, company.id, { name: `${name} Teammate` });
  const token = await make.tokenFor(app.db, company, { ownerEmail: admin.email });
  const endpoint = await app.request('POST', '/v2/webhook-endpoints', { token: company.test, body: { url: `${receiver.base}/${company.id}` } });
  assert.equal(endpoint.status, 200, endpoint.text);
  assert.equal((await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 2 } })).status, 200);
  const event = await app.db.selectFrom('events').select('id').where('company_id', '=', company.id).executeTakeFirstOrThrow();
  // A batch of one gift code, from the test trees (the dashboard's verb, as its form calls it).
  const { batchId } = await createGiftCodeBatch(app.db, { companyId: company.id, userId: admin.id, email: admin.email, ip: null }, { companyId: company.id, livemode: false, publicBaseUrl: 'http://canopy.test' }, {
    codes: 1, trees: 1, validUntil: null, projectId: null, formKey: null,
  });
  const giftCode = await app.db.selectFrom('gift_codes').select('id').where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  const recipient = await app.request('POST', '/v2/recipients', { token: company.test, body: { trees: 1, first_name: name }, headers: { 'idempotency-key': `${name}-recipient` } });
  assert.equal(recipient.status, 200, recipient.text);
  const adminBrowser = await signedIn(admin.email);
  const memberBrowser = await signedIn(member.email);
  const session = await app.db.selectFrom('dashboard_sessions').select('id').where('user_id', '=', member.id).executeTakeFirstOrThrow();
  return {
    company, admin, member, adminBrowser, memberBrowser,
    /** The object a path parameter names, by the path's first part after /dashboard. */
    objects: {
      team: teammate.id, tokens: token.id, webhooks: endpoint.body.id as string, events: event.id, sessions: session.id,
      'gift-codes': giftCode.id, 'gift-code-batches': batchId,
      recipients: recipient.body.id as string,
      uploads: await previewUpload({ db: app.db, companyId: company.id, livemode: true, secretKey: TEST_SECRET_KEY }, Buffer.from('trees\n1\n'), null),
    } as Record<string, string>,
  };
}

type World = Awaited<ReturnType<typeof companyWorld>>;

/** The route's URL with its parameters filled with the world's objects; null for the one-time links (a secret, not an id). */
function urlFor(route: Route, world: World): string | null {
  if (/:secret\b/.test(route.url)) return null;
  return route.url.replace(/:(\w+)/g, (_, param: string) => {
    const kind = /^\/dashboard\/(?:account\/)?([\w-]+)\//.exec(route.url)?.[1] ?? '';
    const id = world.objects[kind];
    if (!id) throw new Error(`${route.method} ${route.url}: no object of the test world for :${param}; add one to companyWorld`);
    return id;
  });
}

/** What a form of any dashboard page might send: enough that a form which wrongly accepted it would change something. */
function formFields(world: World): Record<string, string | string[]> {
  return {
    email: `changed-${world.company.id}@example.com`, password: 'a new password of some length', current_password: TEST_PASSWORD,
    name: 'Changed', role: 'member', url: `${receiver.base}/changed`, description: 'Changed', all_types: 'on', overlap: 'none', type: 'allocation.created',
    event: world.objects.events!, since: new Date(Date.now() - 3_600_000).toISOString().slice(0, 16), confirm: 'on', mode: 'live', scopes: ['company:read'],
    website_url: 'https://changed.example', public_page: 'off',
  };
}

/** What a company holds that a form could change, read from the database (times of reading left out). */
async function stateOf(companyId: string): Promise<string> {
  const db = app.db;
  const users = await db.selectFrom('users').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
  const endpoints = await db.selectFrom('webhook_endpoints').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
  const endpointIds = endpoints.map((row) => row.id);
  const userIds = users.map((row) => row.id);
  return JSON.stringify({
    company: await db.selectFrom('companies').selectAll().where('id', '=', companyId).execute(),
    users: users.map(({ language, updated_at, ...rest }) => rest),
    sessions: (await db.selectFrom('dashboard_sessions').selectAll().where('company_id', '=', companyId).orderBy('id').execute()).map(({ last_seen_at, ...rest }) => rest),
    links: userIds.length === 0 ? [] : await db.selectFrom('sign_in_links').selectAll().where('user_id', 'in', userIds).orderBy('token_hash').execute(),
    audit: await db.selectFrom('audit_log').selectAll().where('company_id', '=', companyId).orderBy('id').execute(),
    tokens: (await db.selectFrom('api_tokens').selectAll().where('company_id', '=', companyId).orderBy('id').execute()).map(({ last_used_at, last_used_ip, ...rest }) => rest),
    endpoints,
    deliveries: endpointIds.length === 0 ? [] : await db.selectFrom('event_deliveries').selectAll().where('endpoint_id', 'in', endpointIds).orderBy('event_id').orderBy('endpoint_id').execute(),
    attempts: endpointIds.length === 0 ? 0 : (await db.selectFrom('webhook_attempts').select('id').where('endpoint_id', 'in', endpointIds).execute()).length,
    events: (await db.selectFrom('events').select('id').where('company_id', '=', companyId).execute()).length,
    jobs: (await db.selectFrom('jobs').select('id').execute()).length,
    received: receiver.received.length,
  });
}

const expired = (answer: PageResponse) => answer.status === 403 && /expired/i.test(answer.text);

describe('dashboard security', () => {
  let routes: Route[];
  let a: World;
  let b: World;
  before(async () => {
    routes = await dashboardRoutes();
    a = await companyWorld('Alder');
    b = await companyWorld('Birch');
  });

  test('the routes are found from the app: sign-in, team, tokens, webhooks and events among them', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const expected of ['POST /dashboard/sign-in', 'POST /dashboard/team/invite', 'POST /dashboard/tokens/new', 'POST /dashboard/webhooks', 'GET /dashboard/events/:id']) {
      assert.ok(urls.includes(expected), `${expected} in ${urls.join(', ')}`);
    }
  });

  test('every form refuses a request without its CSRF token, or with another browser\'s, and changes nothing', async () => {
    const failures: string[] = [];
    const posts = routes.filter((route) => route.method === 'POST');
    assert.ok(posts.length >= 20, `${posts.length} forms`);
    for (const route of posts) {
      const url = urlFor(route, a) ?? route.url.replace(':secret', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      const fields = { ...formFields(a), ...(route.url === '/dashboard/sign-in' ? { email: a.admin.email, password: TEST_PASSWORD } : {}) };
      await a.adminBrowser.get('/dashboard/account');
      const before = [await stateOf(a.company.id), await stateOf(b.company.id)];
      const none = await a.adminBrowser.post(url, { ...fields, _csrf: null });
      const foreign = await a.adminBrowser.post(url, { ...fields, _csrf: b.adminBrowser.csrf });
      if (!expired(none)) failures.push(`${route.method} ${url} without _csrf: ${none.status}`);
      if (!expired(foreign)) failures.push(`${route.method} ${url} with another browser's _csrf: ${foreign.status}`);
      if ((await stateOf(a.company.id)) !== before[0] || (await stateOf(b.company.id)) !== before[1]) failures.push(`${route.method} ${url}: something changed`);
    }
    // A browser that never had a form: the sign-in form sent directly, with the right password.
    const stranger = newBrowser();
    const answer = await stranger.post('/dashboard/sign-in', { email: a.admin.email, password: TEST_PASSWORD, _csrf: null });
    if (!expired(answer) || stranger.cookies.has('canopy_session')) failures.push(`POST /dashboard/sign-in from a browser without a form: ${answer.status}`);
    assert.deepEqual(failures, []);
    // The control: the same kind of form with its token does change what stateOf reads.
    await a.adminBrowser.get('/dashboard/team');
    const before = await stateOf(a.company.id);
    assert.equal((await a.adminBrowser.post('/dashboard/team/invite', { email: 'control@example.com', name: 'Control', role: 'member' })).status, 303);
    assert.notEqual(await stateOf(a.company.id), before);
  });

  test('every URL with an id answers 404 to another company\'s id, GET and POST alike, and changes nothing', async () => {
    const failures: string[] = [];
    const withIds = routes.filter((route) => route.url.includes(':') && urlFor(route, b) !== null);
    assert.ok(withIds.length >= 10, `${withIds.length} routes with an id`);
    for (const route of withIds) {
      const url = urlFor(route, b)!;
      await a.adminBrowser.get('/dashboard/account');
      const before = [await stateOf(a.company.id), await stateOf(b.company.id)];
      const answer = route.method === 'GET' ? await a.adminBrowser.get(url) : await a.adminBrowser.post(url, formFields(a));
      if (answer.status !== 404) failures.push(`${route.method} ${url} (company B's) as company A's admin: ${answer.status}`);
      if ((await stateOf(a.company.id)) !== before[0] || (await stateOf(b.company.id)) !== before[1]) failures.push(`${route.method} ${url}: something changed`);
      // The same with the session of a person of B, so that the 404 is the id's, not a missing page.
      const own = route.method === 'GET' ? await b.adminBrowser.get(url) : null;
      if (own && own.status !== 200) failures.push(`${route.method} ${url} as company B's admin: ${own.status} (expected the page)`);
    }
    assert.deepEqual(failures, []);
    // The control: B's admin changing B's teammate's role does change what stateOf reads.
    await b.adminBrowser.get('/dashboard/team');
    const before = await stateOf(b.company.id);
    assert.equal((await b.adminBrowser.post(`/dashboard/team/${b.objects.team}/role`, { role: 'member' })).status, 303);
    assert.notEqual(await stateOf(b.company.id), before);
  });

  test('a member gets the 403 page on every admin route, GET and POST, and changes nothing', async () => {
    const failures: string[] = [];
    const adminOnly = routes.filter((route) => route.access === 'admin');
    assert.ok(adminOnly.length >= 15, `${adminOnly.length} admin routes`);
    for (const route of adminOnly) {
      const url = urlFor(route, a)!;
      await a.memberBrowser.get('/dashboard/account');
      const before = await stateOf(a.company.id);
      const answer = route.method === 'GET' ? await a.memberBrowser.get(url) : await a.memberBrowser.post(url, formFields(a));
      if (answer.status !== 403 || expired(answer)) failures.push(`${route.method} ${url} as a member: ${answer.status}`);
      if ((await stateOf(a.company.id)) !== before) failures.push(`${route.method} ${url} as a member: something changed`);
    }
    assert.deepEqual(failures, []);
  });

  test('session fixation: a session value in the browser before signing in is never the one after it', async () => {
    // A value the attacker made up.
    const victim = newBrowser();
    victim.cookies.set('canopy_session', 'chosen-by-the-attacker-0123456789abcdef');
    assert.equal((await victim.signIn(a.admin.email)).status, 303);
    assert.notEqual(victim.cookies.get('canopy_session'), 'chosen-by-the-attacker-0123456789abcdef');
    const attacker = newBrowser();
    attacker.cookies.set('canopy_session', 'chosen-by-the-attacker-0123456789abcdef');
    assert.equal((await attacker.get('/dashboard')).status, 303, 'the made-up value opens nothing');

    // The attacker's own session (a member of the company) planted in the victim's browser.
    const planted = (await signedIn(a.member.email)).cookies.get('canopy_session')!;
    const second = newBrowser();
    second.cookies.set('canopy_session', planted);
    assert.equal((await second.signIn(a.admin.email)).status, 303);
    assert.notEqual(second.cookies.get('canopy_session'), planted, 'signing in gives a new session');
    assert.equal((await second.get('/dashboard/team')).status, 200, 'the victim is the admin');
    const theirs = newBrowser();
    theirs.cookies.set('canopy_session', planted);
    const status = (await theirs.get('/dashboard/team')).status;
    assert.ok(status === 403 || status === 303, `the planted session did not become the admin's (${status}: still the member's, or ended)`);
  });

  test('sign-in is throttled per account and per client address; the right password is refused while throttled', async () => {
    const person = await personWithPassword(app.db, a.company.id, { name: 'Guessed At' });
    // Per account: guesses from many addresses.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await newBrowser().signIn(person.email, `wrong guess ${i} of a password`)).status);
    assert.deepEqual(statuses, Array(10).fill(401));
    const throttled = await newBrowser().signIn(person.email, `wrong guess 10 of a password`);
    assert.equal(throttled.status, 429);
    assert.ok(Number(throttled.headers.get('retry-after')) > 0, 'Retry-After says how long');
    const right = newBrowser();
    const refused = await right.signIn(person.email, TEST_PASSWORD);
    assert.equal(refused.status, 429, 'the right password is refused while throttled');
    assert.equal(right.cookies.has('canopy_session'), false);
    assert.equal((await newBrowser().signIn(a.member.email)).status, 303, 'another account is not held up');

    // Per client address: guesses at many accounts from one address.
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => personWithPassword(app.db, a.company.id, { name: `Sprayed ${i}` })));
    const sprayer = newBrowser();
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) answers.push((await sprayer.signIn(others[i % 5]!.email, `spray ${i}`)).status);
    assert.ok(answers.every((status) => status === 401 || status === 429), answers.join(' '));
    const fromThere = await sprayer.signIn(others[5]!.email, TEST_PASSWORD);
    assert.equal(fromThere.status, 429, 'the address is held up, even with a right password');
    assert.equal((await newBrowser().signIn(others[5]!.email)).status, 303, 'from elsewhere the same person signs in');
  });

  test('no token value, signing secret, password, one-time link or session appears in a page after its showing, in a log line or in the audit log', async () => {
    const admin = a.adminBrowser;
    const secrets: Record<string, string> = {};
    const valueIn = (page: PageResponse, id: string) => new RegExp(`id="${id}"[^>]*value="([^"]+)"`).exec(page.text)?.[1];

    // A token created, then rolled, in the pages: each value shown once.
    await admin.get('/dashboard/tokens/new');
    const created = await admin.post('/dashboard/tokens/new', { name: 'Secret keeper', scopes: ['company:read'], mode: 'live' });
    secrets.token = valueIn(created, 'token-value') ?? assert.fail(`no value on the page: ${created.status}`);
    const tokenId = (await app.db.selectFrom('api_tokens').select('id').where('name', '=', 'Secret keeper').executeTakeFirstOrThrow()).id;
    await admin.get(`/dashboard/tokens/${tokenId}/roll`);
    secrets.rolledToken = valueIn(await admin.post(`/dashboard/tokens/${tokenId}/roll`, { overlap: '1h' }), 'token-value') ?? assert.fail('no rolled value');
    assert.equal((await app.get('/v2/me', secrets.rolledToken)).status, 200);

    // An endpoint added, then its secret rotated, in the pages.
    await admin.get('/dashboard/webhooks/new');
    const endpoint = await admin.post('/dashboard/webhooks', { url: `${receiver.base}/secrets`, all_types: 'on' });
    secrets.signing = valueIn(endpoint, 'secret') ?? assert.fail(`no secret on the page: ${endpoint.status}`);
    const endpointId = /\/dashboard\/webhooks\/(whe_\w+)/.exec(endpoint.text)![1]!;
    await admin.get(`/dashboard/webhooks/${endpointId}`);
    secrets.rotatedSigning = valueIn(await admin.post(`/dashboard/webhooks/${endpointId}/rotate-secret`, { overlap: '3600' }), 'secret') ?? assert.fail('no rotated secret');

    // A person invited, who chooses a password through the emailed link; a password changed.
    await admin.get('/dashboard/team');
    assert.equal((await admin.post('/dashboard/team/invite', { email: 'kept-secret@example.com', name: 'Kit Secret', role: 'admin' })).status, 303);
    await app.runJobs(services);
    const invite = mailedLink(outbox, 'kept-secret@example.com', 'invite');
    secrets.inviteLink = invite.split('/').at(-1)!;
    secrets.chosenPassword = 'kit chooses a long secret phrase';
    const invited = newBrowser();
    await invited.get(invite);
    assert.equal((await invited.post(invite, { name: 'Kit Secret', password: secrets.chosenPassword })).status, 303);
    secrets.invitedSession = invited.cookies.get('canopy_session')!;
    await invited.get('/dashboard/account');
    secrets.changedPassword = 'and then another long phrase';
    const changed = await invited.post('/dashboard/account/password', { current_password: secrets.chosenPassword, password: secrets.changedPassword });
    assert.ok([200, 303].includes(changed.status), `changing the password: ${changed.status}`);
    secrets.adminPassword = TEST_PASSWORD;
    secrets.adminSession = admin.cookies.get('canopy_session')!;

    // Every page an admin can open, with the company's own objects.
    const pages: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && r.access !== 'public')) {
      const url = urlFor(route, { ...a, objects: { ...a.objects, tokens: tokenId, webhooks: endpointId } });
      if (url) pages.push(`${url}\n${(await admin.get(url)).text}`);
    }
    const audit = JSON.stringify(await app.db.selectFrom('audit_log').selectAll().execute());
    const failures: string[] = [];
    for (const [name, value] of Object.entries(secrets)) {
      // The secret, or the random part of a prefixed one.
      const needles = [value, value.replace(/^(canopy_(live|test)_|whsec_)/, '')];
      for (const page of pages) if (needles.some((needle) => page.includes(needle))) failures.push(`${name} on the page ${page.split('\n')[0]}`);
      if (needles.some((needle) => audit.includes(needle))) failures.push(`${name} in the audit log`);
      const line = logLines.find((l) => needles.some((needle) => l.includes(needle)));
      if (line) failures.push(`${name} in a log line: ${line.slice(0, 300)}`);
    }
    assert.ok(logLines.length > 50, `the app logged (${logLines.length} lines)`);
    assert.ok(audit.includes('token.created') || audit.includes('token'), 'the audit log holds the changes');
    assert.deepEqual(failures, []);
  });
});
