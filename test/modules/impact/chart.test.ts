import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type SurvivalPoint, survivalChartSvg } from '../../../src/modules/impact/chart.ts';

/**
 * The survival chart of the impact page (src/modules/impact/chart.ts), read from the SVG:
 * where each dot falls, what the labels say in each language, and what it does with odd input.
 */

interface Dot {
  x: number;
  y: number;
  title: string;
}

function dotsOf(svg: string): Dot[] {
  return [...svg.matchAll(/<circle cx="([-\d.]+)" cy="([-\d.]+)" r="3\.5"><title>([^<]*)<\/title><\/circle>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), title: m[3]! }));
}

/** The texts of the chart's `<text>` elements, in order. */
function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

/** The plot runs from x 40 to 308, and from y 112 (0%) up to 12 (100%). */
const Y = (rate: number) => Math.round((112 - rate * 100) * 10) / 10;

const points: SurvivalPoint[] = [
  { recorded_at: '2025-03-01', survival_rate: 0.8 },
  { recorded_at: '2024-03-01', survival_rate: 0.95 },
  { recorded_at: '2024-09-01', survival_rate: 0.875 },
];

describe('survivalChartSvg', () => {
  test('answers null with no points, or none with a date and a number', () => {
    assert.equal(survivalChartSvg([], { title: 'Survival', language: 'en' }), null);
    assert.equal(
      survivalChartSvg([{ recorded_at: 'not a date', survival_rate: 0.5 }, { recorded_at: '2024-01-01', survival_rate: Number.NaN }], { title: 'Survival', language: 'en' }),
      null,
    );
  });

  test('sorts the points by date and places them by date and rate, with the first and last dates below', () => {
    const svg = survivalChartSvg(points, { title: 'Survival at Mount Kenya', language: 'en' }) ?? '';
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="chart chart-survival" viewBox="0 0 320 140" role="img"><title>Survival at Mount Kenya<\/title>/);
    assert.ok(svg.endsWith('</svg>'));
    assert.doesNotMatch(svg.slice(0, svg.indexOf(">")), / width=| height=/, 'no size of its own: it fills its container');
    const dots = dotsOf(svg);
    assert.deepEqual(dots.map((dot) => dot.title), ['1 March 2024: 95%', '1 September 2024: 88%', '1 March 2025: 80%']);
    assert.deepEqual(dots.map((dot) => dot.y), [Y(0.95), Y(0.875), Y(0.8)]);
    // 184 days of 365 after the first: half-way, a little past.
    assert.deepEqual([dots[0]!.x, dots[2]!.x], [40, 308]);
    assert.ok(Math.abs(dots[1]!.x - (40 + (184 / 365) * 268)) < 0.2, String(dots[1]!.x));
    assert.match(svg, new RegExp(`<path class="chart-line" d="M40,${Y(0.95)}L[\\d.]+,${Y(0.875)}L308,${Y(0.8)}"`));
    assert.deepEqual(textsOf(svg), ['0%', '50%', '100%', 'Mar 2024', 'Mar 2025', '80%']);
    assert.match(svg, /<path class="chart-grid" d="M40,112H308M40,62H308M40,12H308"/, 'gridlines at 0, 50 and 100%');
    assert.doesNotMatch(svg, /\bid=|<script|xlink|url\(|<style|<a /, 'a picture: no ids, scripts, references, style sheets or links');
  });

  test('in Dutch: Dutch months and dates', () => {
    const svg = survivalChartSvg(points, { title: 'Overleving', language: 'nl' }) ?? '';
    assert.deepEqual(textsOf(svg), ['0%', '50%', '100%', 'mrt 2024', 'mrt 2025', '80%']);
    assert.deepEqual(dotsOf(svg).map((dot) => dot.title), ['1 maart 2024: 95%', '1 september 2024: 88%', '1 maart 2025: 80%']);
  });

  test('a single point: a dot in the middle with its date and value, no line', () => {
    const svg = survivalChartSvg([{ recorded_at: '2024-06-15', survival_rate: 0.5 }], { title: 'Survival', language: 'en' }) ?? '';
    assert.deepEqual(dotsOf(svg), [{ x: 174, y: 62, title: '15 June 2024: 50%' }]);
    assert.doesNotMatch(svg, /chart-line/);
    assert.deepEqual(textsOf(svg), ['0%', '50%', '100%', 'Jun 2024', '50%']);
    assert.match(svg, /<text x="174" y="130" text-anchor="middle">Jun 2024<\/text>/);
  });

  test('draws rates below 0 or above 1 at the ends, and cuts a timestamp to its date', () => {
    const svg =
      survivalChartSvg(
        [
          { recorded_at: '2024-01-01T10:00:00Z', survival_rate: 1.4 },
          { recorded_at: '2024-07-01', survival_rate: -0.2 },
        ],
        { title: 'Survival', language: 'en' },
      ) ?? '';
    const dots = dotsOf(svg);
    assert.deepEqual(dots.map((dot) => [dot.y, dot.title]), [[12, '1 January 2024: 100%'], [112, '1 July 2024: 0%']]);
    for (const dot of dots) assert.ok(dot.y >= 12 && dot.y <= 112);
  });

  test('escapes the title', () => {
    const svg = survivalChartSvg(points, { title: 'Survival of <Fairbrook> & "Zoë\'s" trees', language: 'en' }) ?? '';
    assert.match(svg, /<title>Survival of &lt;Fairbrook&gt; &amp; &quot;Zoë&apos;s&quot; trees<\/title>/);
    assert.doesNotMatch(svg, /<Fairbrook>/);
  });

  test('the same string for the same points in any order', () => {
    const svg = survivalChartSvg(points, { title: 'S', language: 'en' });
    assert.equal(survivalChartSvg([...points].reverse(), { title: 'S', language: 'en' }), svg);
    assert.equal(survivalChartSvg([points[1]!, points[0]!, points[2]!], { title: 'S', language: 'en' }), svg);
  });
});
