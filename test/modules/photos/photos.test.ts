import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import sharp from 'sharp';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { JOBS } from '../../../src/features.ts';
import { photoKey } from '../../../src/modules/photos/copies.ts';
import { copyPhotoJob, PHOTO_ATTEMPTS } from '../../../src/modules/photos/jobs.ts';
import { jobCatalog } from '../../../src/platform/jobs/job.ts';
import { runDueJobs } from '../../../src/platform/jobs/worker.ts';
import { startTestApp, testWorkerServices } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Photos load from Canopy, never from the foundation's host: a real HTTP server on
 * loopback plays that host, serving real JPEG and PNG files (made with sharp) and the ways
 * a source goes wrong. The copying job runs as a worker runs it, with a short timeout and
 * size limit so that failures come quickly, and loopback allowed (PHOTO_ALLOW_PRIVATE_URLS).
 */

const app = await startTestApp();

// --- The foundation's photo host -------------------------------------------------------

const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3a7d44' } })
  .composite([{ input: Buffer.from('<svg width="2000" height="1500"><rect x="0" y="0" width="1000" height="1500" fill="#c94f2a"/></svg>'), left: 0, top: 0 }])
  .jpeg({ quality: 80 })
  .toBuffer();
const smallPng = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#88aa55' } }).png().toBuffer();
// Stored 1200 wide and 800 high, to be turned a quarter (EXIF orientation 6): upright it is 800 by 1200.
const sideways = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#445566' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
const LIMIT_BYTES = 200_000;

const requests = new Map<string, number>();
const source = http.createServer((request, response) => {
  const path = request.url ?? '/';
  requests.set(path, (requests.get(path) ?? 0) + 1);
  const send = (type: string, body: Buffer | string) => response.writeHead(200, { 'content-type': type }).end(body);
  if (path.startsWith('/forest.jpg')) return send('image/jpeg', jpeg);
  if (path === '/small.png') return send('image/png', smallPng);
  if (path === '/sideways.jpg') return send('image/jpeg', sideways);
  if (path === '/moved.jpg') return response.writeHead(302, { location: '/forest.jpg?via=redirect' }).end();
  if (path === '/page.jpg') return send('text/html; charset=utf-8', '<!doctype html><p>Not a photo</p>');
  if (path === '/garbage.jpg') return send('image/jpeg', Buffer.from('this is not a jpeg at all'));
  if (path === '/huge.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': LIMIT_BYTES + 1 }).end(Buffer.alloc(LIMIT_BYTES + 1, 0xff));
  if (path === '/endless.jpg') {
    // No Content-Length: the limit must hold while the body streams in.
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    const timer = setInterval(() => response.write(Buffer.alloc(64 * 1024, 0xff)), 5);
    response.on('close', () => clearInterval(timer));
    return;
  }
  if (path === '/hang.jpg') return; // never answers
  response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});
await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
const host = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
after(() => {
  source.closeAllConnections();
  source.close();
});

// --- The worker ----------------------------------------------------------------------

const fastCopy = copyPhotoJob({ timeoutMs: 400, maxBytes: LIMIT_BYTES });
const catalog = jobCatalog([...[...JOBS.kinds.values()].filter((kind) => kind.name !== fastCopy.name), fastCopy]);

/** Runs the due jobs, then, as long as copies wait for a retry, brings their time forward and runs them again (the backoff, passed). */
async function runWorker(services = { ...testWorkerServices(), allowPrivateFetches: true }) {
  for (let round = 0; round < PHOTO_ATTEMPTS + 2; round++) {
    await runDueJobs(app.db, { jobs: catalog, services });
    const waiting = await sql<{ n: number }>`UPDATE jobs SET run_at = now() WHERE kind = 'copy_photo' AND attempts < 10 RETURNING 1 AS n`.execute(app.db);
    if (waiting.rows.length === 0) return;
  }
  assert.fail('copy_photo jobs still waiting after every attempt');
}

// --- The certificate world -------------------------------------------------------------

const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
const project = await make.project(app.db, { name: 'Mount Kenya Forest', nameNl: 'Bergbos Mount Kenya', country: 'KE' });

/** A planting showing these photos, and a certificate of 5 of its trees; returns the certificate's page path. */
async function certificateWithPhotos(photos: { url: string; caption?: string; taken_at?: string; credit?: string }[]) {
  const planting = await make.planting(app.db, project, { trees: 1000 });
  await app.db.updateTable('plantings').set({
    photos: JSON.stringify(photos.map((photo) => ({
      url: photo.url, caption: photo.caption ? { en: photo.caption, nl: `${photo.caption} (nl)` } : null, taken_at: photo.taken_at ?? '2026-03-12', credit: photo.credit ?? null,
    }))),
  }).where('id', '=', planting.id).execute();
  await make.allocation(app.db, company, planting, { trees: 5 });
  const created = await app.request('POST', '/v2/recipients', {
    token: company.live, headers: { 'idempotency-key': randomAlphanumeric(16) }, body: { trees: 5, first_name: 'Robin', language: 'en' },
  });
  assert.equal(created.status, 200, created.text);
  await runWorker();
  const recipient = (await app.get(`/v2/recipients/${created.body.id}`, company.live)).body;
  return `/certificates/${recipient.certificate.id}`;
}

/** A reader opens the page (which asks for the copies), and the worker makes them. */
async function showAndCopy(path: string) {
  assert.equal((await app.get(path)).status, 200);
  await runWorker();
}

const copyOf = (url: string) => app.db.selectFrom('photo_copies').selectAll().where('key', '=', photoKey(url)).executeTakeFirst();
const photoJobs = async () => (await app.db.selectFrom('jobs').select(['payload']).where('kind', '=', 'copy_photo').execute()).length;
const imgSources = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);

async function fetchFile(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('photos load from Canopy', () => {
  const forest = `${host}/forest.jpg`;
  let firstPage = '';

  test('the first page to show a photo asks for a copy; until it is made, a placeholder, never the source', async () => {
    firstPage = await certificateWithPhotos([{ url: forest, caption: 'Planting day at Kabaru', credit: 'Green Belt Trust' }]);
    assert.equal(await copyOf(forest), undefined, 'nothing is fetched before a page shows the photo');
    // Two readers at once: one copy asked for, one job.
    const [a, b] = await Promise.all([app.get(firstPage), app.get(firstPage)]);
    assert.equal(a.status, 200);
    assert.equal(await photoJobs(), 1);
    assert.equal((await copyOf(forest))?.status, 'waiting');
    for (const html of [a.text, b.text]) {
      assert.match(html, /class="photo-placeholder" role="img" aria-label="Photo not available yet"/);
      assert.ok(!html.includes(host), 'no address of the foundation\'s host on the page');
      assert.deepEqual(imgSources(html).filter((img) => !img.includes('class="logo"')), [], 'no <img> for a photo without a copy');
    }
    assert.match((await app.get(`${firstPage}?lang=nl`)).text, /Foto nog niet beschikbaar/);
    assert.equal(requests.get('/forest.jpg'), undefined, 'a page never makes Canopy fetch while it answers');
    await runWorker();
    assert.equal(requests.get('/forest.jpg'), 1);
    assert.match((await app.get(firstPage)).text, /<img src="\/photos\/[0-9a-f]{32}\/phone\.webp"/);
  });

  test('a URL is fetched once, however many plantings and pages show it', async () => {
    const again = await certificateWithPhotos([{ url: forest, caption: 'The same photo, another planting' }]);
    for (const path of [again, firstPage, again]) assert.equal((await app.get(path)).status, 200);
    await runWorker();
    assert.equal(requests.get('/forest.jpg'), 1, 'one request to the source in all');
    assert.equal(await photoJobs(), 0);
    const rows = await app.db.selectFrom('photo_copies').select('key').where('source_url', '=', forest).execute();
    assert.equal(rows.length, 1);
  });

  test('a copy is kept in two sizes, upright, as WebP; the page shows them with its date and credit', async () => {
    const copy = await copyOf(forest);
    assert.ok(copy);
    assert.equal(copy.status, 'stored');
    assert.deepEqual([copy.width, copy.height], [2000, 1500]);
    const key = photoKey(forest);
    const html = (await app.get(firstPage)).text;
    const [img] = imgSources(html).filter((tag) => tag.includes('/photos/'));
    assert.ok(img, html);
    assert.ok(img.includes(`src="/photos/${key}/phone.webp"`));
    assert.ok(img.includes(`srcset="/photos/${key}/phone.webp 640w, /photos/${key}/desktop.webp 1280w"`), img);
    assert.ok(img.includes('width="640" height="480"'), img);
    assert.ok(img.includes('alt="Planting day at Kabaru"'), img);
    assert.match(html, new RegExp(`<a class="photo-link" href="/photos/${key}/desktop.webp"`));
    assert.match(html, /Planting day at Kabaru · <time datetime="2026-03-12">12 March 2026<\/time> · Photo: Green Belt Trust/);
    assert.match((await app.get(`${firstPage}?lang=nl`)).text, /<time datetime="2026-03-12">12 maart 2026<\/time> · Foto: Green Belt Trust/);
    assert.ok(!html.includes(host));

    for (const [size, width, height] of [['phone', 640, 480], ['desktop', 1280, 960]] as const) {
      const file = await fetchFile(`/photos/${key}/${size}.webp`);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), 'image/webp');
      assert.equal(file.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
      const etag = file.headers.get('etag');
      assert.ok(etag);
      const metadata = await sharp(file.body).metadata();
      assert.deepEqual([metadata.format, metadata.width, metadata.height], ['webp', width, height]);
      assert.equal(metadata.exif, undefined, 'no metadata of the source is kept');
      const revalidated = await fetchFile(`/photos/${key}/${size}.webp`, { 'if-none-match': etag });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.body.length, 0);
    }
  });

  test('never larger than the source, turned upright, and a redirect is followed', async () => {
    await showAndCopy(await certificateWithPhotos([{ url: `${host}/small.png` }, { url: `${host}/sideways.jpg` }, { url: `${host}/moved.jpg` }]));
    const small = await copyOf(`${host}/small.png`);
    assert.deepEqual([small?.status, small?.phone_width, small?.phone_height, small?.desktop_width], ['stored', 400, 300, 400]);
    const sidewaysCopy = await copyOf(`${host}/sideways.jpg`);
    assert.deepEqual([sidewaysCopy?.width, sidewaysCopy?.height, sidewaysCopy?.phone_width, sidewaysCopy?.phone_height, sidewaysCopy?.desktop_width], [800, 1200, 640, 960, 800]);
    const served = await sharp((await fetchFile(`/photos/${photoKey(`${host}/sideways.jpg`)}/desktop.webp`)).body).metadata();
    assert.deepEqual([served.width, served.height], [800, 1200]);
    assert.equal((await copyOf(`${host}/moved.jpg`))?.status, 'stored');
    assert.equal(requests.get('/forest.jpg?via=redirect'), 1);
  });

  test('a source that fails ends as failed after its attempts; the page keeps its placeholder', async () => {
    const broken = {
      missing: { path: '/missing.jpg', reason: /HTTP 404/ },
      hang: { path: '/hang.jpg', reason: /no photo within 0.4 s/ },
      page: { path: '/page.jpg', reason: /content type text\/html is not a photo/ },
      huge: { path: '/huge.jpg', reason: /200001 bytes, more than the 200000 allowed/ },
      endless: { path: '/endless.jpg', reason: /more than the 200000 bytes allowed/ },
      garbage: { path: '/garbage.jpg', reason: /not an image sharp can read/ },
    };
    const page = await certificateWithPhotos(Object.values(broken).map(({ path }) => ({ url: `${host}${path}`, caption: `Broken ${path}` })));
    await showAndCopy(page);
    for (const [name, { path, reason }] of Object.entries(broken)) {
      const copy = await copyOf(`${host}${path}`);
      assert.equal(copy?.status, 'failed', name);
      assert.equal(copy?.attempts, PHOTO_ATTEMPTS, name);
      assert.match(copy?.failure ?? '', reason, name);
      assert.equal(requests.get(path), PHOTO_ATTEMPTS, `${name}: one request per attempt`);
    }
    assert.equal(await photoJobs(), 0, 'no job left once the attempts ran out');
    const html = (await app.get(page)).text;
    assert.equal([...html.matchAll(/class="photo-placeholder"/g)].length, Object.keys(broken).length);
    assert.ok(!html.includes(host), 'no address of the foundation\'s host on the page');
    assert.match(html, /Broken \/missing.jpg · <time datetime="2026-03-12">12 March 2026<\/time>/);
    const missing = await fetchFile(`/photos/${photoKey(`${host}/missing.jpg`)}/phone.webp`);
    assert.equal(missing.status, 404);

    // Within a day a failed copy is left alone; after it, the next page asks again.
    await app.get(page);
    assert.equal(await photoJobs(), 0);
    await app.db.updateTable('photo_copies').set({ updated_at: new Date(Date.now() - 25 * 3_600_000) }).where('key', '=', photoKey(`${host}/missing.jpg`)).execute();
    await app.get(page);
    assert.equal(await photoJobs(), 1);
    assert.equal((await copyOf(`${host}/missing.jpg`))?.status, 'waiting');
    await runWorker();
    assert.equal((await copyOf(`${host}/missing.jpg`))?.attempts, 2 * PHOTO_ATTEMPTS);
  });

  test('without PHOTO_ALLOW_PRIVATE_URLS a photo on a private or loopback address is never fetched', async () => {
    const inside = `${host}/forest.jpg?inside`;
    await app.db.insertInto('photo_copies').values({ key: photoKey(inside), source_url: inside }).execute();
    await app.db.insertInto('jobs').values({ kind: 'copy_photo', payload: JSON.stringify({ key: photoKey(inside) }) }).execute();
    await runWorker({ ...testWorkerServices(), allowPrivateFetches: false });
    const copy = await copyOf(inside);
    assert.equal(copy?.status, 'failed');
    assert.match(copy?.failure ?? '', /must use https|not a public address/);
    assert.equal(requests.get('/forest.jpg?inside'), undefined);
  });

  test('an unknown photo is a 404 page, never cached', async () => {
    for (const path of [`/photos/${'0'.repeat(32)}/phone.webp`, `/photos/${photoKey(forest)}/huge.webp`, '/photos/not-a-key/phone.webp']) {
      const response = await fetchFile(path);
      assert.equal(response.status, 404, path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.match(response.body.toString(), /No such photo/);
    }
  });
});
