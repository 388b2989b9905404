import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { loadConfig } from '../../../src/config.ts';
import { pagePolicy, securePageHeaders } from '../../../src/platform/pages/page.ts';
import { type MapSite, sitesMapSvg } from '../../../src/platform/pages/sites-map.ts';
import { sitesMapData, type TileSite, tileMapAssets, tileMapOf, tileMapPolicy } from '../../../src/platform/pages/tile-map.ts';
import { axeViolations, formatViolations } from '../../helpers/axe.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';

/**
 * The map of all of a company's plantings in a real browser: the SVG (sites-map.ts) and,
 * with tiles configured, the interactive map of assets/planting-map.js on `[data-sites-map]`,
 * served with tile-map.ts's assets and policy beside a tile server of the test's own. The
 * page is the smallest one holding both maps and the sections they link to, so that these
 * pieces are tried before any feature's page uses them.
 */

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
const tiles = loadConfig({ PUBLIC_BASE_URL: 'http://canopy.test', MAP_TILE_URL: `${tileOrigin}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: '© Test Tiles' }).mapTiles;
assert.ok(tiles);

/** A hexagon `size` degrees across around a middle: a planting's polygon. */
function plot(lon: number, lat: number, size: number) {
  const shape = [[-0.5, -0.35], [0.1, -0.5], [0.5, -0.2], [0.45, 0.3], [-0.05, 0.5], [-0.45, 0.2]];
  const ring = shape.map(([dx = 0, dy = 0]) => [lon + dx * size, lat + dy * size]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

const XSS_LABEL = 'Mau <img src=x onerror="window.__xss=1"> forest';
const SITES: TileSite[] = [
  { latitude: -0.15, longitude: 37.3, href: '#planting-plt_kenya1', label: 'Mount Kenya, 1,200 trees', trees: 1200, geometry: plot(37.3, -0.15, 0.02) },
  { latitude: -0.17, longitude: 37.33, href: '#planting-plt_kenya2', label: 'Mount Kenya east, 300 trees', trees: 300, geometry: plot(37.33, -0.17, 0.015) },
  { latitude: -3.9, longitude: 39.6, href: '#planting-plt_coast', label: 'Coast mangroves, 4,000 trees', trees: 4000, geometry: plot(39.6, -3.9, 0.03) },
  { latitude: -1.0, longitude: 35.9, href: '#planting-plt_mau', label: XSS_LABEL, trees: 50 },
  { latitude: 0.35, longitude: 32.6, href: '#planting-plt_uganda', label: 'Kampala hills, 800 trees', trees: 800 },
];

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const tileMap = tileMapOf(tiles);
assert.ok(tileMap);
const svg = sitesMapSvg({ sites: SITES as MapSite[], title: 'Where the trees of Fairbrook grow', language: 'en' });
assert.ok(svg);

/** The page: the SVG map, the hidden interactive map, and a section for every planting. */
function pageHtml(withTiles: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fairbrook's trees</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 16px; max-width: 720px; }
  .sites svg.place-map { display: block; width: 100%; height: auto; border: 1px solid #ccc; }
  .sites .tile-map { height: 340px; margin-top: 8px; }
  svg .place-site:focus-visible { outline: 3px solid rgba(47, 107, 69, .6); }
  section { min-height: 400px; overflow-wrap: anywhere; }
</style>
${withTiles ? `<link rel="stylesheet" href="${tileMap!.style}">${tileMap!.scripts.map((script) => `<script src="${script}" defer></script>`).join('')}` : ''}
</head><body><main><h1>Fairbrook's trees</h1><a href="#top" id="before-map">Start</a>
<div class="sites">${svg}
${withTiles ? `<div class="tile-map" data-sites-map hidden role="region" aria-label="Map of the plantings" data-sites="${escapeHtml(sitesMapData(SITES))}" data-tile-url="${escapeHtml(tileMap!.urlTemplate)}" data-tile-attribution="${escapeHtml(tileMap!.attribution)}"></div>` : ''}
</div>
${SITES.map((site) => `<section id="${site.href.slice(1)}"><h2>${escapeHtml(site.label)}</h2></section>`).join('\n')}
</main></body></html>`;
}

const app = Fastify();
await app.register(tileMapAssets);
app.get('/tiled', async (_request, reply) => securePageHeaders(reply, pagePolicy(tileMapPolicy(tiles))).type('text/html; charset=utf-8').send(pageHtml(true)));
app.get('/plain', async (_request, reply) => securePageHeaders(reply, pagePolicy({})).type('text/html; charset=utf-8').send(pageHtml(false)));
app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
after(() => app.close());

describe('the map of all plantings in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  /** A page that records console errors, failed scripts and the origins it loads from. */
  async function openPage(width: number, url: string, javaScriptEnabled = true): Promise<{ page: Page; problems: string[]; hosts: Set<string> }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB', javaScriptEnabled });
    const page = await context.newPage();
    const problems: string[] = [];
    const hosts = new Set<string>();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('request', (request) => hosts.add(new URL(request.url()).origin));
    const response = await page.goto(`${baseUrl}${url}`);
    assert.equal(response?.status(), 200);
    return { page, problems, hosts };
  }

  /** Tabs from the link before the maps until `selector` has the focus; how many presses it took. */
  async function tabTo(page: Page, selector: string): Promise<number> {
    await page.focus('#before-map');
    for (let presses = 1; presses <= 40; presses++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return presses;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  for (const width of [390, 1280]) {
    test(`with tiles at ${width} px: every site a link on the tiles, polygons drawn, fitted to all, nothing loaded but Canopy and the tiles`, async () => {
      tileRequests.length = 0;
      const { page, problems, hosts } = await openPage(width, '/tiled');
      const container = page.locator('[data-sites-map].leaflet-container');
      await container.waitFor();
      await page
        .waitForFunction(() => {
          const images = Array.from(document.querySelectorAll<HTMLImageElement>('[data-sites-map] img.leaflet-tile'));
          return images.length > 0 && images.every((tile) => tile.complete && tile.naturalWidth === 256);
        }, undefined, { timeout: 10_000 })
        .catch((error) => {
          throw new Error(`no tiles drawn; the console said: ${JSON.stringify(problems)}`, { cause: error });
        });
      assert.ok(tileRequests.length > 0, 'the tiles came from the tile server');

      const links = page.locator('[data-sites-map] a.tile-map-site');
      assert.deepEqual(await links.evaluateAll((all) => all.map((a) => [a.getAttribute('href'), a.getAttribute('aria-label')])), SITES.map((site) => [site.href, site.label]));
      const mapBox = (await container.boundingBox())!;
      for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON() as DOMRect))) {
        // Both measured from the viewport.
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        assert.ok(x > mapBox.x && x < mapBox.x + mapBox.width && y > mapBox.y && y < mapBox.y + mapBox.height, `a site outside the map: ${JSON.stringify({ box, mapBox })}`);
        assert.ok(box.width >= 10 && box.width <= 20, `a dot 10 to 20 px across: ${box.width}`);
      }
      const polygons = await page.locator('[data-sites-map] .leaflet-overlay-pane path').count();
      assert.equal(polygons, SITES.filter((site) => site.geometry).length, 'one path per polygon');
      assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
      assert.ok(await page.locator('svg.place-sites-map').isVisible(), 'the SVG map stays');
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `no sideways scrolling (${scrollWidth}px)`);
      assert.deepEqual([...hosts].sort(), [baseUrl, tileOrigin].sort());
      assert.deepEqual(problems, []);
      assert.deepEqual(formatViolations(`sites map at ${width} px`, await axeViolations(page)), [], 'no serious or critical axe-core violation');
      await page.screenshot({ path: path.join(SCREENSHOTS, `sites-map-${width}.png`), fullPage: true });
      await page.context().close();
    });
  }

  test('with tiles, by keyboard: Tab reaches each site on the tiles, shows its label as text, Enter goes to its section', async () => {
    const { page, problems } = await openPage(1280, '/tiled');
    await page.locator('[data-sites-map] a.tile-map-site').first().waitFor();
    await tabTo(page, '[data-sites-map] a.tile-map-site');
    /** The one tooltip left once the last one has faded out (Leaflet removes a closed one after 200 ms). */
    const tooltipText = async () => {
      await page.waitForFunction(() => document.querySelectorAll('[data-sites-map] .leaflet-tooltip').length === 1);
      return page.locator('[data-sites-map] .leaflet-tooltip').textContent();
    };
    assert.equal(await tooltipText(), SITES[0]!.label);
    // In the order given, one stop each; the site with markup in its label shows it as text, never as an element.
    for (const site of SITES.slice(1, 4)) {
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), site.href);
      assert.equal(await tooltipText(), site.label);
    }
    assert.equal(await page.locator('[data-sites-map] .leaflet-tooltip img').count(), 0);
    await page.locator('[data-sites-map]').screenshot({ path: path.join(SCREENSHOTS, 'sites-map-tooltip.png') });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#planting-plt_mau');
    assert.ok(await page.locator('#planting-plt_mau h2').isVisible());
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('without tiles or without JavaScript: the SVG alone, its links reachable by Tab, named by their labels, going to their sections', async () => {
    for (const [url, javaScript] of [['/plain', true], ['/tiled', false]] as const) {
      const { page, problems } = await openPage(390, url, javaScript);
      assert.equal(await page.locator('[data-sites-map]').isVisible(), false, url);
      const map = page.locator('svg.place-sites-map');
      assert.ok(await map.isVisible());
      // A group named by its title, holding links named by theirs: the shared dot's count is not read out as part of its name.
      const snapshot = await map.ariaSnapshot();
      assert.match(snapshot, /^- group "Where the trees of Fairbrook grow":/);
      assert.ok(snapshot.includes('link "2 plantings: Mount Kenya, 1,200 trees; Mount Kenya east, 300 trees"'), snapshot);
      assert.ok(snapshot.includes(`- link ${JSON.stringify(XSS_LABEL)}`), snapshot);
      assert.equal(await map.getByRole('link').count(), SITES.length - 1, 'the two sites at Mount Kenya share one dot');
      assert.equal(await tabTo(page, 'svg a.place-site'), 1, 'the first stop after the link before the map');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
      assert.equal(outline, 'solid', 'the page styles the focused dot (.place-site:focus-visible)');
      await map.screenshot({ path: path.join(SCREENSHOTS, `sites-map-svg-focus${javaScript ? '' : '-nojs'}.png`) });
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.hash === '#planting-plt_kenya1');
      if (javaScript) assert.deepEqual(formatViolations(`SVG sites map ${url}`, await axeViolations(page)), []);
      assert.deepEqual(problems, []);
      await page.context().close();
    }
  });
});
