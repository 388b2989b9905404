import type { Language } from '../../core/i18n.ts';
import { longDate, percent } from '../../platform/pages/texts.ts';

/**
 * A project's survival over time as a small inline SVG: a line through one dot per
 * measurement, from 0 to 100% with gridlines at 0, 50 and 100%, the first and last dates
 * written below and the latest value beside its dot. Purely a picture (`role="img"` named by its `<title>`): the page writes
 * the same numbers as a table. Each dot's `<title>` (date and percentage) is a tooltip for
 * a mouse. No ids, no scripts, colours as presentation attributes on `chart-*` classes, the
 * same string for the same input. No width or height: it fills its container's width.
 */

export interface SurvivalPoint {
  /** A calendar date, YYYY-MM-DD (a longer timestamp is cut to its date). */
  recorded_at: string;
  /** The share alive, 0 to 1; anything outside is drawn at the nearest end. */
  survival_rate: number;
}

export interface SurvivalChartOptions {
  /** The chart's accessible name: its `<title>`. */
  title: string;
  language: Language;
}

const BOX = { width: 320, height: 140 } as const;
/** The plot's area inside the box: room on the left for "100%", below for the dates. */
const PLOT = { left: 40, right: 308, top: 12, bottom: 112 } as const;

const COLOURS = { grid: '#dfe6dd', axis: '#5b6b62', line: '#2f6b45', point: '#2f6b45' } as const;
const FONT = 'system-ui, sans-serif';

/** Null when there is no point with a date and a number, so the page leaves the chart out. */
export function survivalChartSvg(points: readonly SurvivalPoint[], options: SurvivalChartOptions): string | null {
  const measured = points
    .map((point) => ({ date: String(point.recorded_at).slice(0, 10), time: Date.parse(`${String(point.recorded_at).slice(0, 10)}T00:00:00Z`), rate: point.survival_rate }))
    .filter((point) => Number.isFinite(point.time) && typeof point.rate === 'number' && Number.isFinite(point.rate))
    .map((point) => ({ ...point, rate: Math.min(1, Math.max(0, point.rate)) }))
    .sort((a, b) => a.time - b.time || a.rate - b.rate);
  if (measured.length === 0) return null;

  const { language } = options;
  const first = measured[0]!;
  const last = measured[measured.length - 1]!;
  const span = last.time - first.time;
  const xOf = (time: number) => (span === 0 ? (PLOT.left + PLOT.right) / 2 : PLOT.left + ((time - first.time) / span) * (PLOT.right - PLOT.left));
  const yOf = (rate: number) => PLOT.bottom - rate * (PLOT.bottom - PLOT.top);
  const drawn = measured.map((point) => ({ ...point, x: xOf(point.time), y: yOf(point.rate) }));

  const grid = [0, 0.5, 1]
    .map((rate) => `<text x="${PLOT.left - 6}" y="${fixed(yOf(rate))}" dy=".35em">${escapeXml(percent(rate, language))}</text>`)
    .join('');
  const gridLines = [0, 0.5, 1].map((rate) => `M${PLOT.left},${fixed(yOf(rate))}H${PLOT.right}`).join('');
  const dates =
    span === 0
      ? [`<text x="${fixed(xOf(first.time))}" y="${PLOT.bottom + 18}" text-anchor="middle">${escapeXml(monthYear(first.date, language))}</text>`]
      : [
          `<text x="${PLOT.left}" y="${PLOT.bottom + 18}">${escapeXml(monthYear(first.date, language))}</text>`,
          `<text x="${PLOT.right}" y="${PLOT.bottom + 18}" text-anchor="end">${escapeXml(monthYear(last.date, language))}</text>`,
        ];
  const line = drawn.length > 1 ? `<path class="chart-line" d="M${drawn.map((point) => `${fixed(point.x)},${fixed(point.y)}`).join('L')}" fill="none" stroke="${COLOURS.line}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>` : '';
  const dots = drawn
    .map((point) => `<circle cx="${fixed(point.x)}" cy="${fixed(point.y)}" r="3.5"><title>${escapeXml(`${longDate(point.date, language)}: ${percent(point.rate, language)}`)}</title></circle>`)
    .join('');

  // The latest value written beside its dot: above it, or below when it sits against the top.
  const end = drawn[drawn.length - 1]!;
  const valueY = end.y - 8 < PLOT.top + 2 ? end.y + 17 : end.y - 8;
  const anchor = span === 0 ? 'middle' : 'end';
  const value = `<text class="chart-value" x="${fixed(end.x)}" y="${fixed(valueY)}" text-anchor="${anchor}" fill="${COLOURS.line}" font-family="${FONT}" font-size="11" font-weight="600">${escapeXml(percent(end.rate, language))}</text>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-survival" viewBox="0 0 ${BOX.width} ${BOX.height}" role="img">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<path class="chart-grid" d="${gridLines}" stroke="${COLOURS.grid}" stroke-width="1" fill="none"/>`,
    `<g class="chart-axis" fill="${COLOURS.axis}" font-family="${FONT}" font-size="11">`,
    `<g text-anchor="end">${grid}</g>`,
    dates.join(''),
    '</g>',
    line,
    `<g class="chart-points" fill="${COLOURS.point}" stroke="#fff" stroke-width="1.5">${dots}</g>`,
    value,
    '</svg>',
  ].join('');
}

/** Made once per language: a formatter costs far more to make than to use. */
const MONTH_YEAR: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  nl: new Intl.DateTimeFormat('nl-NL', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** "Mar 2024", "mrt 2024". */
function monthYear(date: string, language: Language): string {
  return MONTH_YEAR[language].format(new Date(`${date}T00:00:00Z`));
}

/** One decimal, without a trailing ".0". */
function fixed(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}
