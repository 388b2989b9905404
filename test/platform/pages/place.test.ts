import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { formatCoordinates, locatorSvg, PLACE_BOX, plantingMapSvg } from '../../../src/platform/pages/place.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';

/**
 * Where a planting is, as inline SVG drawn on the server (src/platform/pages/place.ts): a
 * locator map of its country with the site marked, and its polygon to true scale with a
 * scale bar. Measured from the SVG itself; then a page of examples in Chromium, with
 * screenshots in tmp/screenshots/place-*.png to be looked at.
 */

/** The Earth's mean radius, as the planting map assumes it. */
const EARTH_RADIUS = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** Metres along the parallel at `latitude` between two longitudes (an arc of a small circle). */
const metresEastWest = (latitude: number, fromLon: number, toLon: number) => (toLon - fromLon) * RADIANS * EARTH_RADIUS * Math.cos(latitude * RADIANS);
const metresNorthSouth = (fromLat: number, toLat: number) => (toLat - fromLat) * RADIANS * EARTH_RADIUS;

/** A square `metres` on a side with its south-west corner at (lon, lat), as a closed ring. */
function square(lon: number, lat: number, metres: number): number[][][] {
  const dLat = metres / (RADIANS * EARTH_RADIUS);
  const dLon = metres / (RADIANS * EARTH_RADIUS * Math.cos((lat + dLat / 2) * RADIANS));
  return [
    [
      [lon, lat],
      [lon + dLon, lat],
      [lon + dLon, lat + dLat],
      [lon, lat + dLat],
      [lon, lat],
    ],
  ];
}

/** The demo's hexagonal plots: the shape, scaled by `size` degrees around a middle. */
function plot(lon: number, lat: number, size: number): number[][][] {
  const shape = [[-0.5, -0.35], [0.1, -0.5], [0.5, -0.2], [0.45, 0.3], [-0.05, 0.5], [-0.45, 0.2]];
  const ring = shape.map(([dx = 0, dy = 0]) => [lon + dx * size, lat + dy * size]);
  return [[...ring, ring[0]!]];
}

type XY = [number, number];

/** The subpaths of an SVG path's d (M, L, H, V and Z, absolute or relative): their points. */
function subpaths(d: string): XY[][] {
  const out: XY[][] = [];
  let current: XY[] = [];
  let [x, y] = [0, 0];
  for (const [, command = '', args = ''] of d.matchAll(/([MmLlHhVvZz])([^MmLlHhVvZz]*)/g)) {
    const numbers = [...args.matchAll(/-?(?:\d+\.?\d*|\.\d+)/g)].map((m) => Number(m[0]));
    const relative = command === command.toLowerCase();
    switch (command.toUpperCase()) {
      case 'M':
      case 'L':
        for (let i = 0; i < numbers.length; i += 2) {
          if (command.toUpperCase() === 'M' && i === 0) {
            if (current.length > 0) out.push(current);
            current = [];
          }
          [x, y] = relative ? [x + numbers[i]!, y + numbers[i + 1]!] : [numbers[i]!, numbers[i + 1]!];
          current.push([x, y]);
        }
        break;
      case 'H':
        for (const n of numbers) {
          x = relative ? x + n : n;
          current.push([x, y]);
        }
        break;
      case 'V':
        for (const n of numbers) {
          y = relative ? y + n : n;
          current.push([x, y]);
        }
        break;
      case 'Z':
        if (current.length > 0) {
          out.push(current);
          [x, y] = current[0]!;
        }
        current = [];
        break;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

function bounds(points: XY[]) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** Inside a path filled with fill-rule evenodd. */
function insideEvenOdd(rings: XY[][], [px, py]: XY): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const pathOf = (svg: string, className: string) => svg.match(new RegExp(`<path class="${className}" d="([^"]*)"`))?.[1];

/** Where the site's dot is drawn. */
function siteOf(svg: string): XY {
  const match = svg.match(/<g class="place-site"><circle cx="([-\d.]+)" cy="([-\d.]+)"/);
  assert.ok(match, 'the site is marked');
  return [Number(match[1]), Number(match[2])];
}

const NAIROBI = { latitude: -1.2921, longitude: 36.8219 };
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041 };

describe('locatorSvg', () => {
  for (const [name, country, site] of [
    ['Nairobi', 'KE', NAIROBI],
    ['Amsterdam', 'NL', AMSTERDAM],
    ['Manaus', 'BR', { latitude: -3.119, longitude: -60.0217 }],
    ['Nyeri County (the demo project)', 'KE', { latitude: -0.385, longitude: 37.045 }],
    ['Viti Levu, in a country across the antimeridian', 'FJ', { latitude: -17.8, longitude: 178.0 }],
    ['Taveuni, on the antimeridian', 'FJ', { latitude: -16.85, longitude: -179.97 }],
    ['Chukotka, Russia east of 180°', 'RU', { latitude: 66.0, longitude: -172.0 }],
  ] as const) {
    test(`marks ${name} inside ${country}'s outline`, () => {
      const svg = locatorSvg({ country, ...site, title: `${name}, ${country}` });
      assert.ok(svg, 'a map');
      assert.match(svg, /class="place-map place-locator"/, 'a map of the country, not the world');
      const outline = subpaths(pathOf(svg, 'place-country') ?? '');
      assert.ok(outline.length > 0, 'the country is drawn');
      const box = bounds(outline.flat());
      const [x, y] = siteOf(svg);
      assert.ok(x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY, `(${x}, ${y}) lies in the outline's bounding box ${JSON.stringify(box)}`);
      assert.ok(insideEvenOdd(outline, [x, y]), 'and inside the outline itself');
      assert.ok(x > 0 && x < PLACE_BOX.width && y > 0 && y < PLACE_BOX.height, 'in view');
    });
  }

  test('draws the neighbours faintly around the country, cut to the box', () => {
    const svg = locatorSvg({ country: 'KE', ...NAIROBI, title: 'Kenya' })!;
    const land = subpaths(pathOf(svg, 'place-land') ?? '');
    assert.ok(land.length > 0, 'land around it');
    assert.ok(pathOf(svg, 'place-borders'), 'borders between the neighbours');
    const all = bounds(land.flat());
    assert.ok(all.minX >= -3.05 && all.minY >= -3.05 && all.maxX <= PLACE_BOX.width + 3.05 && all.maxY <= PLACE_BOX.height + 3.05, 'nothing far outside the box');
    for (const [x, y] of [...land.flat(), ...subpaths(pathOf(svg, 'place-country')!).flat()]) {
      assert.equal(Math.round(x * 10), Number((x * 10).toFixed(6)), 'coordinates are tenths of a unit');
      assert.equal(Math.round(y * 10), Number((y * 10).toFixed(6)));
    }
  });

  test('stays small: under 15 KB for large and fragmented countries alike', () => {
    const sites: Record<string, [number, number]> = {
      KE: [-1.2921, 36.8219],
      NL: [52.3676, 4.9041],
      BR: [-3.119, -60.0217],
      ID: [-6.914, 110.482],
      US: [44.0, -120.5],
      RU: [55.7558, 37.6173],
    };
    const sizes: Record<string, number> = {};
    for (const [country, [latitude, longitude]] of Object.entries(sites)) {
      const svg = locatorSvg({ country, latitude, longitude, title: country })!;
      sizes[country] = Buffer.byteLength(svg);
      assert.ok(sizes[country]! < 15_000, `${country}: ${sizes[country]} bytes`);
    }
    console.log('locator sizes (bytes):', JSON.stringify(sizes));
  });

  test('an unknown country: the world, with the site marked; nothing at all without a site', () => {
    const svg = locatorSvg({ country: 'XX', latitude: 10, longitude: 10, title: 'Somewhere' });
    assert.ok(svg, 'a map');
    assert.match(svg, /class="place-map place-locator place-world"/);
    assert.doesNotMatch(svg, /place-country/, 'no country to highlight');
    const [x, y] = siteOf(svg);
    assert.ok(x > PLACE_BOX.width / 2 && y < PLACE_BOX.height / 2, '10°N 10°E is right of the middle and above it');
    assert.equal(locatorSvg({ country: 'XX', title: 'Nowhere' }), null);
    assert.equal(locatorSvg({ country: null, latitude: null, longitude: null, title: 'Nowhere' }), null);
    assert.equal(locatorSvg({ country: 'XX', latitude: 91, longitude: 10, title: 'Off the globe' }), null, 'coordinates off the globe are none');
    assert.match(locatorSvg({ country: undefined, ...NAIROBI, title: 'No country' }) ?? '', /place-world/);
  });

  test('a site far from its country: the world, the country highlighted; a country with no site: the country alone', () => {
    const away = locatorSvg({ country: 'KE', ...AMSTERDAM, title: 'Kenya, but the coordinates are in Amsterdam' })!;
    assert.match(away, /place-world/);
    assert.match(away, /class="place-country"/);
    siteOf(away);
    const alone = locatorSvg({ country: 'ke', latitude: null, longitude: null, title: 'Kenya' })!;
    assert.match(alone, /class="place-map place-locator"/);
    assert.doesNotMatch(alone, /place-site/);
  });

  test('frames the part of the country the site is in: the contiguous states for Oregon, the islands for Hawaii', () => {
    const oregon = locatorSvg({ country: 'US', latitude: 44, longitude: -120.5, title: 'Oregon' })!;
    const hawaii = locatorSvg({ country: 'US', latitude: 19.6, longitude: -155.5, title: 'Hawaii' })!;
    const [ox] = siteOf(oregon);
    assert.ok(ox < PLACE_BOX.width * 0.3, 'Oregon is in the west of the contiguous states');
    const islands = subpaths(pathOf(hawaii, 'place-country')!);
    assert.ok(islands.length >= 5, 'the Hawaiian islands');
    const spread = bounds(islands.flat());
    assert.ok(spread.maxX - spread.minX > PLACE_BOX.width * 0.5, 'drawn large, not as specks in the Pacific');
    assert.ok(insideEvenOdd(islands, siteOf(hawaii)), 'the site is on an island');
  });

  test('a territory Natural Earth draws within another country: found there by its site', () => {
    const cayenne = locatorSvg({ country: 'GF', latitude: 4.9, longitude: -52.4, title: 'French Guiana' })!;
    assert.match(cayenne, /class="place-map place-locator"/, 'French Guiana, framed as a part of France');
    const outline = subpaths(pathOf(cayenne, 'place-country')!);
    const spread = bounds(outline.flat());
    assert.ok(spread.maxY - spread.minY > PLACE_BOX.height * 0.5, 'French Guiana fills the map, not mainland France');
    assert.ok(insideEvenOdd(outline, siteOf(cayenne)), 'the site is in it');
    assert.equal(locatorSvg({ country: 'GF', title: 'French Guiana, no site' }), null, 'without a site there is nothing to find it by');
  });
});

describe('plantingMapSvg', () => {
  /** The planting's outline in SVG units, the scale bar's length and its label in metres. */
  function measure(svg: string) {
    const area = subpaths(pathOf(svg, 'place-planting-area') ?? '');
    const bar = pathOf(svg, 'place-scale-bar')!.match(/^M([-\d.]+),([-\d.]+)h([\d.]+)$/);
    assert.ok(bar, 'the scale bar is one horizontal line');
    const label = svg.match(/<text class="place-scale-label"[^>]*>([\d.,]+) (m|km)<\/text>/);
    assert.ok(label, 'the scale bar is labelled');
    const metres = Number(label[1]!.replace(',', '.')) * (label[2] === 'km' ? 1000 : 1);
    return { area, box: bounds(area.flat()), barLength: Number(bar[3]), metres };
  }

  test('a scale bar whose length matches its label within 1%, 20 to 40% of the width', () => {
    // 1.2 km east-west by 0.8 km north-south near Nyeri, Kenya.
    const [west, east, south, north] = [37.03, 37.03 + 1200 / (RADIANS * EARTH_RADIUS * Math.cos(-0.37 * RADIANS)), -0.37, -0.37 + 800 / (RADIANS * EARTH_RADIUS)];
    const rings = [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ];
    const svg = plantingMapSvg({ rings, title: 'Planting' })!;
    const { box, barLength, metres } = measure(svg);
    const realWidth = metresEastWest((south + north) / 2, west, east);
    assert.ok(Math.abs(realWidth - 1200) < 1, 'the polygon is 1.2 km wide');
    const unitsPerMetre = (box.maxX - box.minX) / realWidth;
    const expected = metres * unitsPerMetre;
    assert.ok(Math.abs(barLength - expected) / expected < 0.01, `bar ${barLength} units for ${metres} m, expected ${expected.toFixed(2)}`);
    assert.ok(barLength >= 0.2 * PLACE_BOX.width && barLength <= 0.4 * PLACE_BOX.width, `${barLength} units is 20-40% of the width`);
    assert.ok([1, 2, 2.5, 5].some((step) => [1, 10, 100, 1000, 10000].some((power) => step * power === metres)), `${metres} m is a round distance`);
  });

  test('round distances at every size, labelled in m or km', () => {
    const seen = new Set<string>();
    for (const metres of [30, 80, 150, 400, 900, 2500, 7000, 20000]) {
      const svg = plantingMapSvg({ rings: square(36.9, -0.5, metres), title: 'Square' })!;
      const { box, barLength, metres: bar } = measure(svg);
      const unitsPerMetre = (box.maxX - box.minX) / metres;
      assert.ok(Math.abs(barLength - bar * unitsPerMetre) / (bar * unitsPerMetre) < 0.01, `${metres} m square: bar ${barLength} for ${bar} m`);
      assert.ok(barLength >= 0.2 * PLACE_BOX.width - 0.05 && barLength <= 0.4 * PLACE_BOX.width + 0.05, `${barLength} units is 20-40% of the width`);
      seen.add(svg.match(/place-scale-label"[^>]*>([^<]+)</)![1]!);
    }
    assert.ok([...seen].some((label) => label.endsWith(' km')) && [...seen].some((label) => label.endsWith(' m')), [...seen].join(', '));
  });

  test('a square kilometre draws as a square at any latitude', () => {
    for (const latitude of [0, 23.5, 45, 52.1, 60, -38, -54.8, 70, 78.2]) {
      const svg = plantingMapSvg({ rings: square(10, latitude, 1000), title: 'Square' })!;
      const { box } = measure(svg);
      const ratio = (box.maxX - box.minX) / (box.maxY - box.minY);
      assert.ok(Math.abs(ratio - 1) < 0.01, `at ${latitude}°: width/height ${ratio.toFixed(4)}`);
    }
    // A tall block spanning two degrees of latitude keeps its proportions too (measured across its middle).
    const rings = [
      [
        [20, 50],
        [21, 50],
        [21, 52],
        [20, 52],
        [20, 50],
      ],
    ];
    const { box } = measure(plantingMapSvg({ rings, title: 'Block' })!);
    const real = metresEastWest(51, 20, 21) / metresNorthSouth(50, 52);
    const drawnRatio = (box.maxX - box.minX) / (box.maxY - box.minY);
    assert.ok(Math.abs(drawnRatio / real - 1) < 0.01, `width/height ${drawnRatio.toFixed(4)}, really ${real.toFixed(4)}`);
  });

  test('holes: one path, the outline and each hole a subpath, filled evenodd', () => {
    const outer = plot(37.031, -0.372, 0.012)[0]!;
    const hole = [
      [37.03, -0.372],
      [37.032, -0.372],
      [37.031, -0.3705],
      [37.03, -0.372],
    ];
    const svg = plantingMapSvg({ rings: [outer, hole], title: 'With a hole' })!;
    assert.match(svg, /class="place-planting-area" d="M[^"]*Z ?M[^"]*Z"[^>]*fill-rule="evenodd"/);
    const { area } = measure(svg);
    assert.equal(area.length, 2);
    const [hx, hy] = area[1]!.reduce(([sx, sy], [x, y]) => [sx + x / area[1]!.length, sy + y / area[1]!.length], [0, 0]);
    assert.ok(!insideEvenOdd(area, [hx, hy]), "the hole's middle is not filled");
  });

  test("the centroid's coordinates, in English and in Dutch", () => {
    assert.equal(formatCoordinates(-0.5123, 36.9876), '0.5123° S, 36.9876° E');
    assert.equal(formatCoordinates(52.09, -5.11, 'nl'), '52,0900° N, 5,1100° W');
    const svg = plantingMapSvg({ rings: square(36.9876, -0.5173, 1000), title: 'Square' })!;
    const centre = svg.match(/<text class="place-coordinates"[^>]*>([^<]+)<\/text>/)?.[1];
    assert.equal(centre, '0.5128° S, 36.9921° E', 'the middle of the square');
    assert.match(plantingMapSvg({ rings: square(36.9876, -0.5173, 1000), title: 'x', language: 'nl' })!, />0,5128° Z, 36,9921° O</);
  });

  test('nothing to draw: null', () => {
    assert.equal(plantingMapSvg({ rings: [], title: 'x' }), null);
    assert.equal(plantingMapSvg({ rings: [[[1, 2]]], title: 'x' }), null);
  });
});

describe('both maps', () => {
  const all = () => [
    locatorSvg({ country: 'KE', ...NAIROBI, title: 'Kenya & <friends>' })!,
    locatorSvg({ country: 'XX', ...NAIROBI, title: 'World' })!,
    locatorSvg({ country: 'NL', latitude: null, longitude: null, title: 'Netherlands' })!,
    plantingMapSvg({ rings: plot(37.031, -0.372, 0.012), title: 'Planting "Kabaru"' })!,
  ];

  test('are images with a title, referring to nothing outside themselves', () => {
    for (const svg of all()) {
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="place-map [^"]*" viewBox="0 0 320 220" width="320" height="220" role="img"><title>[^<]+<\/title>/);
      assert.ok(svg.endsWith('</svg>'), 'one element');
      const rest = svg.replace('xmlns="http://www.w3.org/2000/svg"', '');
      assert.doesNotMatch(rest, /http|\/\/|href|url\(|<script|<image|<foreignObject|<style|\bon[a-z]+=|\bid=/i);
    }
    assert.match(all()[0]!, /<title>Kenya &amp; &lt;friends&gt;<\/title>/, 'the title is escaped');
    assert.match(all()[3]!, /<title>Planting &quot;Kabaru&quot;<\/title>/);
  });

  test('are the same for the same input, whatever was drawn before', () => {
    const first = all();
    locatorSvg({ country: 'KE', latitude: -0.385, longitude: 37.045, title: 'another site' });
    locatorSvg({ country: 'RU', latitude: 60, longitude: 100, title: 'elsewhere' });
    assert.deepEqual(all(), first);
  });
});

describe('the maps in a browser', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  const CSS = `
    :root { --ink: #1f2a24; --muted: #5b6b62; --leaf: #2f6b45; --paper: #fbfaf6; --line: #dfe5df; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--ink); background: var(--paper); }
    main { max-width: 860px; margin: 0 auto; padding: 24px 20px 48px; }
    h2 { font-size: 1.25rem; margin: 8px 0 12px; }
    h3 { font-size: 1.1rem; margin: 0 0 4px; }
    .muted { color: var(--muted); }
    .card { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 24px; margin-bottom: 22px; }
    .place { display: grid; grid-template-columns: 1fr; gap: 12px; margin-top: 12px; }
    @media (min-width: 720px) { .place { grid-template-columns: 1fr 1fr; } }
    svg.place-map { display: block; width: 100%; height: auto; border-radius: 10px; border: 1px solid var(--line); }
    figure { margin: 0; }
    figcaption { font-size: .85rem; color: var(--muted); margin-top: 4px; }
    .gallery { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; }
  `;

  function card(name: string, where: string, locator: string | null, planting: string | null): string {
    return `<section class="card"><h3>${name}</h3><p class="muted" style="margin:0">${where}</p><div class="place">
      <figure>${locator ?? ''}<figcaption>Where in ${where.split(', ').pop()}</figcaption></figure>
      <figure>${planting ?? ''}<figcaption>The planting, to scale</figcaption></figure></div></section>`;
  }

  async function shoot(file: string, body: string, width: number) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 2 });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${CSS}</style></head><body><main>${body}</main></body></html>`);
    await page.screenshot({ path: path.join(SCREENSHOTS, file), fullPage: true });
    const named = await page.getByRole('img').evaluateAll((images) => images.map((image) => image.querySelector('title')?.textContent ?? ''));
    await page.close();
    return { requests, named };
  }

  test('a certificate-like page: the locator and the planting side by side; on a phone, one above the other', async () => {
    const examples = [
      ['Kabaru long rains 2024', 'Nyeri County, Kenya', 'KE', plot(37.031, -0.372, 0.012)],
      ['Bedono mangroves 2024', 'Central Java, Indonesia', 'ID', plot(110.482, -6.914, 0.008)],
      ['Herdade do Freixo 2024', 'Alentejo, Portugal', 'PT', plot(-8.226, 38.641, 0.009)],
    ] as const;
    let body = '<h2>Where your trees grow</h2>';
    for (const [name, where, country, rings] of examples) {
      const [lon, lat] = rings[0]![0]!;
      const locator = locatorSvg({ country, latitude: lat!, longitude: lon!, title: `Map of ${where.split(', ').pop()} with the planting marked` });
      const planting = plantingMapSvg({ rings: rings as unknown as number[][][], title: `The planting ${name}, to scale` });
      assert.ok(locator && planting, `both maps of ${name}`);
      body += card(name, where, locator, planting);
    }
    const desktop = await shoot('place-certificate.png', body, 900);
    assert.deepEqual(desktop.requests.filter((url) => !url.startsWith('about:')), [], 'nothing is fetched');
    assert.equal(desktop.named.length, 6, 'every map is an image with a name');
    assert.ok(desktop.named.every((name) => name.length > 0), 'each has its title for a name');
    await shoot('place-certificate-phone.png', body, 390);
  });

  test('locator maps of several countries, and the world for an unknown one', async () => {
    const sites: [string, number | null, number | null][] = [
      ['KE', -1.2921, 36.8219],
      ['NL', 52.3676, 4.9041],
      ['BR', -3.119, -60.0217],
      ['ID', -6.914, 110.482],
      ['US', 44, -120.5],
      ['RU', 55.7558, 37.6173],
      ['US', 19.6, -155.5],
      ['FJ', -17.8, 178.0],
      ['XX', 10, 10],
    ];
    let body = '<div class="gallery">';
    for (const [country, latitude, longitude] of sites) {
      const svg = locatorSvg({ country, latitude, longitude, title: `${country} ${latitude}, ${longitude}` })!;
      body += `<figure>${svg}<figcaption>${country} · ${latitude}, ${longitude} · ${(Buffer.byteLength(svg) / 1024).toFixed(1)} KB</figcaption></figure>`;
    }
    body += '</div>';
    const { requests } = await shoot('place-locators.png', body, 1100);
    assert.deepEqual(requests.filter((url) => !url.startsWith('about:')), []);
  });

  test('planting maps from a few metres to kilometres, with a hole, in Dutch', async () => {
    const outer = plot(37.031, -0.372, 0.012)[0]!;
    const hole = [
      [37.03, -0.372],
      [37.032, -0.372],
      [37.031, -0.3705],
      [37.03, -0.372],
    ];
    const maps = [
      plantingMapSvg({ rings: square(5.1, 52.08, 60), title: 'A 60 m square' }),
      plantingMapSvg({ rings: [outer, hole], title: 'With a hole' }),
      plantingMapSvg({ rings: plot(110.49, -6.92, 0.05), title: 'Bedono, in Dutch', language: 'nl' }),
      plantingMapSvg({ rings: square(25, 68, 1000), title: 'A square kilometre in Lapland' }),
    ];
    const { requests } = await shoot('place-plantings.png', `<div class="gallery">${maps.map((svg) => `<figure>${svg}</figure>`).join('')}</div>`, 1100);
    assert.deepEqual(requests.filter((url) => !url.startsWith('about:')), []);
  });
});
