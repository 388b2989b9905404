import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { PAGE_CONTENT_SECURITY_POLICY } from '../../../src/platform/pages/page.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { axeViolations, formatViolations } from '../../helpers/axe.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The certificate page's interactive map (platform/pages/tile-map.ts): absent, with the
 * default policy, unless the operator set MAP_TILE_URL; with it, Leaflet from Canopy and the
 * tiles from the tile server only, drawn in a real browser against a tile server of the test's own.
 */

/** A tile server on loopback: the same 256 px PNG for any /{z}/{x}/{y}.png, counting what it served. */
const tilePng = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 214, g: 230, b: 208 } } }).png().toBuffer();
const tileRequests: string[] = [];
const tileServer = createServer((request, response) => {
  if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) return response.writeHead(404).end();
  tileRequests.push(request.url as string);
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': tilePng.length }).end(tilePng);
});
await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => tileServer.close(() => resolve())));
const tileOrigin = `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}`;

const plain = await startTestApp();
const tiled = await startTestApp({ MAP_TILE_URL: `${tileOrigin}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: '© Test <b>Tiles</b> contributors' });

/** A certificate of a recipient of trees of a planting with its polygon. */
async function certificateOn(app: TestApp): Promise<string> {
  const owner = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
  const project = await make.project(app.db, { name: 'Mount Kenya Forest' });
  await make.allocation(app.db, owner, await make.planting(app.db, project, { trees: 1000 }), { trees: 20 });
  const created = await app.request('POST', '/v2/recipients', {
    token: owner.live, headers: { 'idempotency-key': randomAlphanumeric(16) },
    body: { trees: 4, first_name: 'Zoë', last_name: 'Ærø', language: 'en' },
  });
  assert.equal(created.status, 200, created.text);
  await app.runJobs();
  return (await app.get(`/v2/recipients/${created.body.id}`, owner.live)).body.certificate.id;
}

let plainId = '';
let tiledId = '';
before(async () => {
  plainId = await certificateOn(plain);
  tiledId = await certificateOn(tiled);
});

describe('MAP_TILE_URL', () => {
  const base = { PUBLIC_BASE_URL: 'http://canopy.test' };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.problems;
    }
  };

  test('takes an https template with {z}, {x}, {y} and {s}, and knows the origins its tiles come from', () => {
    const config = loadConfig({ ...base, MAP_TILE_URL: 'https://{s}.tile.example.com/{z}/{x}/{y}{r}.png?key=abc', MAP_TILE_ATTRIBUTION: '© Example' });
    assert.deepEqual(config.mapTiles?.origins, ['https://a.tile.example.com', 'https://b.tile.example.com', 'https://c.tile.example.com']);
    assert.equal(loadConfig(base).mapTiles, null);
  });

  test('refuses a URL that is not https, lacks a placeholder or has an unknown one, and a URL without attribution', () => {
    assert.match(problemsOf({ MAP_TILE_URL: 'http://tile.example.com/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' }).join(), /must be an https:\/\/ URL/);
    assert.match(problemsOf({ MAP_TILE_URL: 'ftp://tile.example.com/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' }).join(), /must be an https:\/\/ URL/);
    assert.match(problemsOf({ MAP_TILE_URL: 'https://tile.example.com/{z}/{x}.png', MAP_TILE_ATTRIBUTION: 'x' }).join(), /\{y\} is missing/);
    assert.match(problemsOf({ MAP_TILE_URL: 'https://tile.example.com/tiles.png', MAP_TILE_ATTRIBUTION: 'x' }).join(), /\{z\} is missing/);
    assert.match(problemsOf({ MAP_TILE_URL: 'https://tile.example.com/{z}/{x}/{y}.png?k={apikey}', MAP_TILE_ATTRIBUTION: 'x' }).join(), /not \{apikey\}/);
    assert.match(problemsOf({ MAP_TILE_URL: 'https://tile.example.com/{z}/{x}/{y}.png' }).join(), /MAP_TILE_ATTRIBUTION is required/);
    assert.match(problemsOf({ MAP_TILE_ATTRIBUTION: 'x' }).join(), /without MAP_TILE_URL/);
    assert.deepEqual(problemsOf({ MAP_TILE_URL: 'http://localhost:8080/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' }), [], 'http to this machine, for development');
  });
});

describe('the certificate page', () => {
  test('without MAP_TILE_URL: no interactive map, no script, the default policy', async () => {
    const response = await plain.get(`/certificates/${plainId}`);
    assert.equal(response.status, 200);
    assert.match(response.text, /class="place-map place-planting"|place-planting/, 'the SVG map of the planting stands');
    assert.doesNotMatch(response.text, /data-planting-map/);
    assert.doesNotMatch(response.text, /<script/);
    assert.equal(response.headers.get('content-security-policy'), PAGE_CONTENT_SECURITY_POLICY);
  });

  test('with MAP_TILE_URL: the map element beside the SVG maps, its scripts, and a policy allowing exactly this origin and the tiles', async () => {
    const response = await tiled.get(`/certificates/${tiledId}`);
    assert.equal(response.status, 200);
    assert.match(response.text, /place-planting/, 'the SVG map of the planting stands');
    const element = response.text.match(/<div class="tile-map" data-planting-map hidden[^>]*>/)?.[0];
    assert.ok(element, 'a hidden map element, shown by the script');
    assert.ok(element.includes(`data-tile-url="${tileOrigin}/{z}/{x}/{y}.png"`), element);
    assert.ok(element.includes('data-tile-attribution="© Test &lt;b&gt;Tiles&lt;/b&gt; contributors"'), element);
    const geometry = JSON.parse((element.match(/data-geometry="([^"]*)"/)?.[1] ?? 'null').replaceAll('&quot;', '"'));
    assert.equal(geometry.type, 'Polygon');
    const scripts = [...response.text.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((m) => m[1] as string);
    assert.equal(scripts.length, 2);
    assert.match(scripts[0] ?? '', /^\/assets\/leaflet\/leaflet\.[0-9a-f]{16}\.js$/);
    assert.match(scripts[1] ?? '', /^\/assets\/planting-map\.[0-9a-f]{16}\.js$/);
    assert.doesNotMatch(response.text, /<script>|<script type="(?!application\/json)/, 'no inline script');
    const policy = response.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    assert.equal(directives['default-src'], "'none'");
    assert.equal(directives['script-src'], "'self'");
    assert.equal(directives['img-src'], `'self' data: ${tileOrigin}`);
    assert.equal(directives['style-src'], "'self' 'unsafe-inline'");
    assert.equal(directives['connect-src'], undefined, 'the map fetches nothing itself');

    for (const asset of [...scripts, response.text.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1] ?? 'no style sheet']) {
      const served = await tiled.get(asset);
      assert.equal(served.status, 200, asset);
      assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(served.headers.get('content-type') ?? '', asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      assert.doesNotMatch(served.text, /sourceMappingURL/);
    }
  });
});

describe('the interactive map in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  for (const width of [390, 1280]) {
    test(`draws the polygon on the tiles at ${width} px, loading nothing but Canopy and the tile server, with no CSP error`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'en-GB' });
      const problems: string[] = [];
      const hosts = new Set<string>();
      page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text()); });
      page.on('pageerror', (error) => problems.push(String(error)));
      page.on('request', (request) => hosts.add(new URL(request.url()).origin));
      tileRequests.length = 0;
      const response = await page.goto(`${tiled.baseUrl}/certificates/${tiledId}`);
      assert.equal(response?.status(), 200);
      const container = page.locator('[data-planting-map].leaflet-container');
      await container.waitFor();
      await page.waitForFunction(() => {
        const tiles = Array.from(document.querySelectorAll<HTMLImageElement>('[data-planting-map] img.leaflet-tile'));
        return tiles.length > 0 && tiles.every((tile) => tile.complete && tile.naturalWidth === 256);
      }, undefined, { timeout: 10_000 }).catch((error) => {
        throw new Error(`no tiles drawn; the console said: ${JSON.stringify(problems)}`, { cause: error });
      });
      assert.ok(tileRequests.length > 0, 'the tiles came from the tile server');
      const box = await page.locator('[data-planting-map] path.leaflet-interactive').boundingBox();
      assert.ok(box && box.width > 40 && box.height > 40, `the polygon is drawn, fitted to the map: ${JSON.stringify(box)}`);
      const mapBox = await container.boundingBox();
      assert.ok(mapBox && box.x >= mapBox.x && box.x + box.width <= mapBox.x + mapBox.width + 1, 'inside the map');
      assert.match(await page.locator('[data-planting-map] .leaflet-control-attribution').textContent() ?? '', /© Test <b>Tiles<\/b> contributors/, 'the attribution, as text');
      assert.ok(await page.locator('svg.place-planting').isVisible(), 'the SVG map stays');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `no sideways scrolling (${scrollWidth}px)`);
      assert.deepEqual([...hosts].sort(), [tiled.baseUrl, tileOrigin].sort());
      assert.deepEqual(problems, []);
      assert.deepEqual(formatViolations(`map at ${width} px`, await axeViolations(page)), [], 'no serious or critical axe-core violation with the map');
      await container.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, `tile-map-${width}.png`), fullPage: true });
      await page.close();
    });
  }

  test('without JavaScript the map element stays hidden and the SVG maps show', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${tiled.baseUrl}/certificates/${tiledId}`);
    assert.equal(await page.locator('[data-planting-map]').isVisible(), false);
    assert.ok(await page.locator('svg.place-planting').isVisible());
    await context.close();
  });
});
