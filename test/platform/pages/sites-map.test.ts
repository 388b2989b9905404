import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type MapSite, sitesMapSvg } from '../../../src/platform/pages/sites-map.ts';
import { sitesMapData } from '../../../src/platform/pages/tile-map.ts';

/**
 * The map of all of a company's plantings (src/platform/pages/sites-map.ts), read from the
 * SVG itself: its frame, its links, its dots and its size. tmp/screenshots/sites-map-*.png
 * (sites-map-browser.test.ts) show it drawn.
 */

interface Dot {
  href: string;
  label: string;
  x: number;
  y: number;
  r: number;
  count: string | null;
}

/** The links of the map's dots, in document order. */
function dotsOf(svg: string): Dot[] {
  return [...svg.matchAll(/<a href="([^"]*)" class="place-site"><title>([^<]*)<\/title><circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"\/>(?:<text[^>]*>([^<]*)<\/text>)?<\/a>/g)].map((m) => ({
    href: m[1]!,
    label: m[2]!,
    x: Number(m[3]),
    y: Number(m[4]),
    r: Number(m[5]),
    count: m[6] ?? null,
  }));
}

const site = (latitude: number, longitude: number, name: string, trees = 100): MapSite => ({ latitude, longitude, href: `#planting-plt_${name}`, label: name, trees });

/** 200 sites around 30 places in 30 countries on five continents, spread up to 1.5 degrees, with labels as long as a page's. */
function twoHundredSites(): MapSite[] {
  const places: [number, number][] = [
    [-0.2, 37.3], [-1.3, 36.8], [9, 38.7], [-6.2, 35], [0.3, 32.6], [-13, 34], [12.4, -1.5], [7.9, -1.0], [6.5, 3.4], [14.5, -14.5],
    [-18.9, 47.5], [-15.8, -47.9], [-3.4, -62], [4.6, -74], [-12, -77], [14.6, -90.5], [19, -99], [9.9, -84], [12.1, -86.2], [21, 105.8],
    [13.7, 100.5], [-2.5, 118], [12.9, 121.8], [23.7, 90.4], [27.7, 85.3], [20.6, 78.9], [-25, 133], [-41, 174], [52.1, 5.3], [40.4, -3.7],
  ];
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: 200 }, (_, i) => {
    const [lat, lon] = places[i % places.length]!;
    return {
      latitude: lat + (random() - 0.5) * 3,
      longitude: lon + (random() - 0.5) * 3,
      href: `#planting-plt_${String(i).padStart(24, '0')}`,
      label: `Reforestation project number ${i}, ${Math.round(random() * 5000)} trees, planted`,
      trees: Math.round(random() * 5000) + 1,
    };
  });
}

describe('sitesMapSvg', () => {
  test('answers null with no site, or none with coordinates on Earth', () => {
    assert.equal(sitesMapSvg({ sites: [], title: 'Map', language: 'en' }), null);
    assert.equal(sitesMapSvg({ sites: [site(91, 10, 'a'), site(10, 181, 'b'), site(Number.NaN, 0, 'c')], title: 'Map', language: 'en' }), null);
  });

  test('one site: its region around it, at least 12 degrees across, its country filled, one link in the middle', () => {
    const svg = sitesMapSvg({ sites: [site(-0.15, 37.3, 'mount-kenya', 500)], title: 'Where our trees grow', language: 'en' }) ?? '';
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="place-map place-sites-map" viewBox="0 0 320 220" width="320" height="220" role="group"><title>Where our trees grow<\/title>/);
    assert.ok(svg.endsWith('</svg>'));
    assert.doesNotMatch(svg, /place-world/, 'a region, not the world');
    assert.match(svg, /<path class="place-country" d="M[^"]{200,}"/, 'Kenya filled');
    assert.match(svg, /<path class="place-borders" d="M/, 'its neighbours outlined');
    const dots = dotsOf(svg);
    assert.deepEqual(dots.map((dot) => [dot.href, dot.label, dot.x, dot.y, dot.r]), [['#planting-plt_mount-kenya', 'mount-kenya', 160, 110, 7]]);
    assert.doesNotMatch(svg, /\bid=|<script|xlink|url\(|<style/, 'no ids, scripts, references or style sheets');
    // Two sites a degree apart (111 km) on the least span, 12 degrees over 80% of the box's 220 units: 14.7 units apart.
    const [north, south] = dotsOf(sitesMapSvg({ sites: [site(0.5, 37.3, 'north'), site(-0.5, 37.3, 'south')], title: 'Map', language: 'en' }) ?? '') as [Dot, Dot];
    assert.ok(Math.abs(south.y - north.y - 14.7) < 0.3 && Math.abs(south.x - north.x) < 0.2, JSON.stringify([north, south]));
  });

  test('sites on three continents: the world (Equal Earth), every site inside the box and far apart', () => {
    const svg = sitesMapSvg({ sites: [site(-0.15, 37.3, 'kenya'), site(-10, -55, 'brazil'), site(-2, 113, 'borneo')], title: 'Map', language: 'en' }) ?? '';
    assert.match(svg, /class="place-map place-sites-map place-world"/);
    const dots = dotsOf(svg);
    assert.deepEqual(dots.map((dot) => dot.href), ['#planting-plt_kenya', '#planting-plt_brazil', '#planting-plt_borneo']);
    for (const dot of dots) assert.ok(dot.x > 0 && dot.x < 320 && dot.y > 0 && dot.y < 220, JSON.stringify(dot));
    const [kenya, brazil, borneo] = dots as [Dot, Dot, Dot];
    assert.ok(brazil.x < kenya.x && kenya.x < borneo.x, 'west to east');
    assert.ok(borneo.x - brazil.x > 200, `spread across the map: ${brazil.x} to ${borneo.x}`);
    assert.equal((svg.match(/class="place-country"/g) ?? []).length, 1, 'the three countries in one path');
  });

  test('sites on two continents near each other (the Netherlands and Kenya): one region, not the world', () => {
    const svg = sitesMapSvg({ sites: [site(52.1, 5.3, 'utrecht'), site(-0.15, 37.3, 'kenya')], title: 'Map', language: 'en' }) ?? '';
    assert.doesNotMatch(svg, /place-world/);
    const [utrecht, kenya] = dotsOf(svg) as [Dot, Dot];
    assert.ok(utrecht.y < kenya.y && utrecht.x < kenya.x, 'north-west of Kenya');
  });

  test('sites either side of the antimeridian (Fiji, Samoa, New Zealand) stay one region', () => {
    const svg = sitesMapSvg({ sites: [site(-17.8, 178, 'fiji'), site(-14.3, -170.7, 'samoa'), site(-41, 174.8, 'wellington')], title: 'Map', language: 'en' }) ?? '';
    assert.doesNotMatch(svg, /place-world/);
    const [fiji, samoa, wellington] = dotsOf(svg) as [Dot, Dot, Dot];
    assert.ok(fiji.x < samoa.x, 'Samoa east of Fiji, across 180 degrees');
    assert.ok(wellington.y > fiji.y);
    assert.ok(samoa.x - fiji.x < 200, 'not the width of the world apart');
  });

  test('every site apart from the others is its own link, in the order given, with its own href once', () => {
    const capitals: MapSite[] = [
      site(52.37, 4.9, 'amsterdam'), site(48.86, 2.35, 'paris'), site(40.42, -3.7, 'madrid'), site(41.9, 12.5, 'rome'), site(52.52, 13.4, 'berlin'),
      site(59.33, 18.07, 'stockholm'), site(38.72, -9.14, 'lisbon'), site(50.08, 14.44, 'prague'), site(37.98, 23.73, 'athens'), site(53.35, -6.26, 'dublin'),
    ];
    const svg = sitesMapSvg({ sites: capitals, title: 'Map', language: 'en' }) ?? '';
    const dots = dotsOf(svg);
    assert.deepEqual(dots.map((dot) => dot.href), capitals.map((capital) => capital.href));
    for (const capital of capitals) assert.equal(svg.split(`href="${capital.href}"`).length - 1, 1, capital.href);
    assert.equal((svg.match(/<a /g) ?? []).length, capitals.length);
    for (const dot of dots) assert.ok(dot.x > 0 && dot.x < 320 && dot.y > 0 && dot.y < 220, JSON.stringify(dot));
  });

  test('sites at (almost) one spot share one dot: linking to the first, labelled with the count and their names', () => {
    const near: MapSite[] = [site(-0.15, 37.3, 'a', 10), site(-0.16, 37.31, 'b', 10), site(-0.14, 37.29, 'c', 10), site(-0.15, 37.3, 'd', 10), site(-3.9, 39.6, 'coast', 10)];
    const en = dotsOf(sitesMapSvg({ sites: near, title: 'Map', language: 'en' }) ?? '');
    assert.deepEqual(
      en.map((dot) => [dot.href, dot.label, dot.count]),
      [
        ['#planting-plt_a', '4 plantings: a; b; c; and 1 more', '4'],
        ['#planting-plt_coast', 'coast', null],
      ],
    );
    assert.ok(en[0]!.r > en[1]!.r, 'the dot of 40 trees larger than that of 10');
    const nl = dotsOf(sitesMapSvg({ sites: near.slice(0, 3), title: 'Kaart', language: 'nl' }) ?? '');
    assert.deepEqual(nl.map((dot) => dot.label), ['3 aanplanten: a; b; c']);
  });

  test('dots grow with the square root of the trees, from 3 to 7 units, whatever the numbers', () => {
    const sites = [site(52.37, 4.9, 'most', 10_000), site(40.42, -3.7, 'quarter', 2_500), site(41.9, 12.5, 'none', 0), site(59.33, 18.07, 'nan', Number.NaN), site(38.72, -9.14, 'less', -5)];
    const radii = dotsOf(sitesMapSvg({ sites, title: 'Map', language: 'en' }) ?? '').map((dot) => dot.r);
    assert.deepEqual(radii, [7, 5, 3, 3, 3]);
    const zero = dotsOf(sitesMapSvg({ sites: [site(0, 20, 'zero', 0)], title: 'Map', language: 'en' }) ?? '');
    assert.equal(zero[0]!.r, 3, 'no trees at all: the smallest dot');
  });

  test('escapes the title, the labels and the hrefs', () => {
    const svg =
      sitesMapSvg({
        sites: [{ latitude: 1, longitude: 30, href: '#planting-"><script>x</script>', label: `Zoë's <b>"trees"</b> & more`, trees: 5 }],
        title: 'Map of <Fairbrook> & "Co"',
        language: 'en',
      }) ?? '';
    assert.match(svg, /<title>Map of &lt;Fairbrook&gt; &amp; &quot;Co&quot;<\/title>/);
    assert.match(svg, /<title>Zoë&apos;s &lt;b&gt;&quot;trees&quot;&lt;\/b&gt; &amp; more<\/title>/);
    assert.match(svg, /href="#planting-&quot;&gt;&lt;script&gt;x&lt;\/script&gt;"/);
    assert.doesNotMatch(svg, /<script|<b>/);
  });

  test('200 sites in 30 countries on five continents: under 25 KB', () => {
    const svg = sitesMapSvg({ sites: twoHundredSites(), title: 'Where the trees of Fairbrook Coffee Roasters grow', language: 'en' }) ?? '';
    assert.ok(svg.length < 25_000, `${svg.length} bytes`);
    assert.match(svg, /place-world/);
    const dots = dotsOf(svg);
    assert.ok(dots.length >= 20, `${dots.length} dots`);
    assert.equal(
      dots.reduce((sum, dot) => sum + (dot.count ? Number(dot.count) : 1), 0),
      200,
      'every site counted in one dot',
    );
    for (const dot of dots) assert.ok(dot.x > 0 && dot.x < 320 && dot.y > 0 && dot.y < 220, JSON.stringify(dot));
  });

  test('the same string for the same input, whatever was drawn in between; the box as asked', () => {
    const options = { sites: twoHundredSites().slice(0, 40), title: 'Map', language: 'nl' as const };
    const first = sitesMapSvg(options);
    sitesMapSvg({ sites: [site(52.1, 5.3, 'other')], title: 'Other', language: 'en' });
    sitesMapSvg({ ...options, width: 640, height: 360 });
    assert.equal(sitesMapSvg(options), first);
    const wide = sitesMapSvg({ sites: [site(52.1, 5.3, 'utrecht')], title: 'Map', language: 'en', width: 640, height: 360 }) ?? '';
    assert.match(wide, /viewBox="0 0 640 360" width="640" height="360"/);
    assert.deepEqual(dotsOf(wide).map((dot) => [dot.x, dot.y]), [[320, 180]]);
  });
});

describe('sitesMapData', () => {
  test('keeps sites on Earth, rounds to about a metre, and passes polygons only', () => {
    const polygon = { type: 'Polygon', coordinates: [[[37.123456789, -0.123456789], [37.2, -0.1], [37.2, -0.2], [37.123456789, -0.123456789]]] };
    const data = JSON.parse(
      sitesMapData([
        { latitude: -0.123456789, longitude: 37.123456789, href: '#planting-plt_a', label: 'A <b>', trees: 12, geometry: polygon },
        { latitude: 1, longitude: 2, href: '#planting-plt_b', label: 'B', trees: Number.NaN, geometry: { type: 'Point', coordinates: [2, 1] } },
        { latitude: 95, longitude: 2, href: '#planting-plt_c', label: 'C', trees: 1 },
      ]),
    );
    assert.deepEqual(data, [
      {
        latitude: -0.12346, longitude: 37.12346, href: '#planting-plt_a', label: 'A <b>', trees: 12,
        geometry: { type: 'Polygon', coordinates: [[[37.12346, -0.12346], [37.2, -0.1], [37.2, -0.2], [37.12346, -0.12346]]] },
      },
      { latitude: 1, longitude: 2, href: '#planting-plt_b', label: 'B', trees: 0 },
    ]);
  });
});
