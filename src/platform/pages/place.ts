import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { merge, mesh } from 'topojson-client';
import type { Language } from '../../core/i18n.ts';
import { DRAWN_WITH, ISO_NUMERIC, UNNUMBERED_PARTS } from './place-data/iso-3166.ts';

/**
 * Where on Earth a planting is, drawn on the server as inline SVG with no outside service:
 *
 * - `locatorSvg`: the country's outline (Natural Earth at 1:50m or 1:110m, from the
 *   world-atlas package, read on first use) with its neighbours drawn faintly and the site
 *   marked with a dot; a world map when the country is not known or the site lies away
 *   from it.
 * - `plantingMapSvg`: the planting's polygon to true scale, with a scale bar and the
 *   coordinates of its centroid.
 *
 * Both answer one `<svg role="img">` with a `<title>`: no scripts, no ids, no references
 * to anything outside it, the same string for the same input. Colours are presentation
 * attributes on elements that carry a class (`place-*`), so a page's CSS can theme them.
 */

/** The box both maps draw in, in SVG units (the viewBox), unless told otherwise. */
export const PLACE_BOX = { width: 320, height: 220 } as const;

export interface LocatorOptions {
  /** ISO 3166-1 alpha-2 ("KE"), any case; unknown or missing draws a world map. */
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  /** The map's accessible name: its `<title>`. */
  title: string;
  width?: number;
  height?: number;
}

export interface PlantingMapOptions {
  /** A GeoJSON Polygon's coordinates: the outline, then its holes, each a ring of [longitude, latitude]. */
  rings: number[][][];
  /** The map's accessible name: its `<title>`. */
  title: string;
  /** How the scale bar and the coordinates are written (decimal comma and N/Z/O/W in Dutch). */
  language?: Language;
  width?: number;
  height?: number;
}

const COLOURS = {
  sea: '#e6eeec',
  land: '#f4f3ee',
  border: '#cfd6cf',
  country: '#d9e7da',
  leaf: '#2f6b45',
  ink: '#1f2a24',
  muted: '#5b6b62',
  ground: '#f1f4ee',
  grid: '#e1e7df',
} as const;

const FONT = 'system-ui, sans-serif';
/** Text drawn over the grid keeps a rim of the ground's colour around it. */
const HALO = `stroke="${COLOURS.ground}" stroke-width="3" paint-order="stroke"`;

/**
 * A locator map: the country (`country`, ISO alpha-2) fitted to the box with its
 * neighbours faint around it and the site (`latitude`, `longitude`) marked with a dot.
 * With no coordinates the country alone; with an unknown country, or a site that lies
 * away from its country, a world map with the site (and the country, when known); null
 * when there is neither a known country nor a site, so the page leaves the map out.
 */
export function locatorSvg(options: LocatorOptions): string | null {
  const box = { width: options.width ?? PLACE_BOX.width, height: options.height ?? PLACE_BOX.height };
  const site = validSite(options.latitude, options.longitude);
  const given = (options.country ?? '').trim().toUpperCase();
  // A territory Natural Earth draws within another country is looked for there, with a site to find it by.
  const code = site && countryParts(given, '50m').length === 0 && DRAWN_WITH[given] ? DRAWN_WITH[given] : given;
  const parts = countryParts(code, '50m');
  const map = (parts.length > 0 ? countryMap(code, parts, site, box) : null) ?? (site ? worldMap(code, site, box) : null);
  if (!map) return null;
  const className = map.world ? 'place-map place-locator place-world' : 'place-map place-locator';
  return `${svgOpen(className, box, options.title)}${map.layers}${map.site ? siteMarker(map.site) : ''}</svg>`;
}

/** A locator map's layers (cached: sites in one country mostly share them) and where its site is drawn. */
interface Locator {
  layers: string;
  site: Point | null;
  world: boolean;
}

const layerCache = new Map<string, string>();

function cachedLayers(key: string, draw: () => string): string {
  const cached = layerCache.get(key);
  if (cached !== undefined) return cached;
  const layers = draw();
  if (layerCache.size >= 200) layerCache.delete(layerCache.keys().next().value as string);
  layerCache.set(key, layers);
  return layers;
}

/**
 * The planting's polygon drawn to true scale (east-west distances shrunk by the cosine
 * of the latitude, so a square kilometre draws as a square), fitted to the box above a
 * band holding a scale bar (a round distance, 20 to 40% of the width) and the centroid's
 * coordinates. Rings after the first are holes (fill-rule evenodd). Null when no ring
 * has three points.
 */
export function plantingMapSvg(options: PlantingMapOptions): string | null {
  const box = { width: options.width ?? PLACE_BOX.width, height: options.height ?? PLACE_BOX.height };
  const language = options.language ?? 'en';
  const rings = options.rings
    .map((ring) => {
      const points = ring.filter((point) => Number.isFinite(point[0]) && Number.isFinite(point[1])).map(([lon = 0, lat = 0]): Point => [lon, lat]);
      const [first, last] = [points[0], points[points.length - 1]];
      // GeoJSON repeats the first point last; the path's Z closes it.
      return points.length > 1 && first![0] === last![0] && first![1] === last![1] ? points.slice(0, -1) : points;
    })
    .filter((ring) => ring.length >= 3);
  const outline = rings[0];
  if (!outline) return null;

  // Local metres around the outline's mean position: x east, y north.
  const lat0 = outline.reduce((sum, [, lat]) => sum + lat, 0) / outline.length;
  const lon0 = outline[0]![0];
  const cosLat = Math.cos(lat0 * RADIANS);
  const local = rings.map((ring) => ring.map(([lon, lat]): Point => [wrapDegrees(lon - lon0) * cosLat * METRES_PER_DEGREE, (lat - lat0) * METRES_PER_DEGREE]));
  const centroid = ringsCentroid(local);
  const bounds = boundsOf(local.flat());
  const minimumSpan = 40;
  const spanX = Math.max(bounds.maxX - bounds.minX, minimumSpan);
  const spanY = Math.max(bounds.maxY - bounds.minY, minimumSpan);

  const band = 40;
  const margin = 16;
  const inner = { width: box.width - 2 * margin, height: box.height - margin - band };
  const scale = Math.min(inner.width / spanX, inner.height / spanY);
  const originX = margin + (inner.width - (bounds.maxX - bounds.minX) * scale) / 2;
  const originY = margin + (inner.height - (bounds.maxY - bounds.minY) * scale) / 2;
  const toSvg = ([x, y]: Point): Point => [originX + (x - bounds.minX) * scale, originY + (bounds.maxY - y) * scale];
  const path = local.map((ring) => absoluteRing(ring.map(toSvg))).join('');

  const bar = scaleBar(scale, box.width);
  // A faint grid, a line every half the scale bar (every bar when that is too dense), through the centroid.
  const step = (bar.metres / 2) * scale >= 24 ? (bar.metres / 2) * scale : bar.metres * scale;
  const [gridX, gridY] = toSvg(centroid);
  let grid = '';
  for (let x = gridX - Math.floor(gridX / step) * step; x <= box.width; x += step) grid += `M${fixed(x)},0V${box.height}`;
  for (let y = gridY - Math.floor(gridY / step) * step; y <= box.height; y += step) grid += `M0,${fixed(y)}H${box.width}`;
  const barX = margin;
  const barY = box.height - 14;
  const barLength = fixed(bar.metres * scale);
  const centre: Point = [lon0 + centroid[0] / (cosLat * METRES_PER_DEGREE), lat0 + centroid[1] / METRES_PER_DEGREE];
  const coordinates = formatCoordinates(centre[1], wrapDegrees(centre[0]), language);

  return [
    svgOpen('place-map place-planting', box, options.title),
    `<rect class="place-ground" width="${box.width}" height="${box.height}" fill="${COLOURS.ground}"/>`,
    `<path class="place-grid" d="${grid}" stroke="${COLOURS.grid}" stroke-width=".75" fill="none"/>`,
    `<path class="place-planting-area" d="${path}" fill="${COLOURS.leaf}" fill-opacity=".2" fill-rule="evenodd" stroke="${COLOURS.leaf}" stroke-width="1.75" stroke-linejoin="round"/>`,
    `<g class="place-scale" fill="${COLOURS.ink}" font-family="${FONT}" font-size="11" stroke-linejoin="round">`,
    `<path class="place-scale-bar" d="M${barX},${barY}h${barLength}" stroke="${COLOURS.ink}" stroke-width="2"/>`,
    `<path class="place-scale-ticks" d="M${barX},${barY - 4}v5M${fixed(barX + bar.metres * scale)},${barY - 4}v5" stroke="${COLOURS.ink}" stroke-width="1"/>`,
    `<text class="place-scale-label" x="${barX}" y="${barY - 7}" ${HALO}>${escapeXml(formatDistance(bar.metres, language))}</text>`,
    '</g>',
    `<text class="place-coordinates" x="${box.width - margin}" y="${barY + 1}" text-anchor="end" fill="${COLOURS.muted}" font-family="${FONT}" font-size="11" ${HALO}>${escapeXml(coordinates)}</text>`,
    '</svg>',
  ].join('');
}

// ---------------------------------------------------------------------------------------
// Numbers and text

type Point = [number, number];
type Vector = [number, number, number];

const RADIANS = Math.PI / 180;
const EARTH_KM = 6371.0088;
const COARSE_KM = 8;
/** Metres in a degree of a great circle, on the sphere of the Earth's mean radius (6,371,008.8 m). */
const METRES_PER_DEGREE = 6_371_008.8 * RADIANS;

function wrapDegrees(degrees: number): number {
  return ((((degrees + 180) % 360) + 360) % 360) - 180;
}

function validSite(latitude: number | null | undefined, longitude: number | null | undefined): Point | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return [longitude, latitude];
}

/** One decimal, without a trailing ".0". */
function fixed(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function decimal(value: number, digits: number, language: Language): string {
  const text = value.toFixed(digits);
  return language === 'nl' ? text.replace('.', ',') : text;
}

/** "0.5123° S, 36.9876° E" (in Dutch "0,5123° Z, 36,9876° O"). */
export function formatCoordinates(latitude: number, longitude: number, language: Language = 'en'): string {
  const [north, south, east, west] = language === 'nl' ? ['N', 'Z', 'O', 'W'] : ['N', 'S', 'E', 'W'];
  const lat = `${decimal(Math.abs(latitude), 4, language)}° ${latitude < 0 ? south : north}`;
  const lon = `${decimal(Math.abs(longitude), 4, language)}° ${longitude < 0 ? west : east}`;
  return `${lat}, ${lon}`;
}

function formatDistance(metres: number, language: Language): string {
  if (metres < 1000) return `${decimal(metres, Number.isInteger(metres) ? 0 : 1, language)} m`;
  const km = metres / 1000;
  return `${decimal(km, Number.isInteger(km) ? 0 : 1, language)} km`;
}

/**
 * The scale bar's distance: a round one (1, 2, 2.5 or 5 times a power of ten metres)
 * drawn 20 to 40% of the width, the one nearest 30%. Each step is at most twice the one
 * before, so one always falls in that range.
 */
function scaleBar(unitsPerMetre: number, width: number): { metres: number } {
  let best = { metres: 1, miss: Number.POSITIVE_INFINITY };
  const exponent = Math.floor(Math.log10((0.3 * width) / unitsPerMetre));
  for (let power = exponent - 2; power <= exponent + 1; power++) {
    for (const step of [1, 2, 2.5, 5]) {
      const metres = step * 10 ** power;
      const share = (metres * unitsPerMetre) / width;
      if (share < 0.2 || share > 0.4) continue;
      const miss = Math.abs(share - 0.3);
      if (miss < best.miss) best = { metres: Number(metres.toPrecision(3)), miss };
    }
  }
  return { metres: best.metres };
}

function svgOpen(className: string, box: { width: number; height: number }, title: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="${className}" viewBox="0 0 ${box.width} ${box.height}" width="${box.width}" height="${box.height}" role="img">` +
    `<title>${escapeXml(title)}</title>`
  );
}

// ---------------------------------------------------------------------------------------
// Plane geometry (SVG units)

interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boundsOf(points: readonly Point[]): Bounds {
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    if (x < bounds.minX) bounds.minX = x;
    if (x > bounds.maxX) bounds.maxX = x;
    if (y < bounds.minY) bounds.minY = y;
    if (y > bounds.maxY) bounds.maxY = y;
  }
  return bounds;
}

function signedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j]!;
    const [x2, y2] = ring[i]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** The centroid of an outline less its holes; the mean of the points when it has no area. */
function ringsCentroid(rings: readonly Point[][]): Point {
  let area = 0;
  let cx = 0;
  let cy = 0;
  rings.forEach((ring, index) => {
    const ringArea = signedArea(ring);
    const sign = (index === 0 ? 1 : -1) * Math.sign(ringArea);
    let x = 0;
    let y = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j]!;
      const [x2, y2] = ring[i]!;
      const cross = x1 * y2 - x2 * y1;
      x += (x1 + x2) * cross;
      y += (y1 + y2) * cross;
    }
    if (ringArea === 0) return;
    // (x, y) / (6 * ringArea) is the ring's centroid; weight it by the ring's unsigned area.
    area += sign * ringArea;
    cx += (sign * x) / 6;
    cy += (sign * y) / 6;
  });
  if (Math.abs(area) > 1e-9) return [cx / area, cy / area];
  const all = rings.flat();
  return [all.reduce((sum, [x]) => sum + x, 0) / all.length, all.reduce((sum, [, y]) => sum + y, 0) / all.length];
}

/** Clips a ring to a rectangle (Sutherland-Hodgman); what lies along the edges stays out of view. */
function clipRing(ring: readonly Point[], rect: Bounds): Point[] {
  let output: Point[] = ring.slice();
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= rect.minX, (a, b) => crossX(a, b, rect.minX)],
    [(p) => p[0] <= rect.maxX, (a, b) => crossX(a, b, rect.maxX)],
    [(p) => p[1] >= rect.minY, (a, b) => crossY(a, b, rect.minY)],
    [(p) => p[1] <= rect.maxY, (a, b) => crossY(a, b, rect.maxY)],
  ];
  for (const [inside, cross] of edges) {
    const input = output;
    output = [];
    if (input.length === 0) break;
    let previous = input[input.length - 1]!;
    for (const current of input) {
      if (inside(current)) {
        if (!inside(previous)) output.push(cross(previous, current));
        output.push(current);
      } else if (inside(previous)) {
        output.push(cross(previous, current));
      }
      previous = current;
    }
  }
  return output;
}

function crossX([x1, y1]: Point, [x2, y2]: Point, x: number): Point {
  return [x, y1 + ((y2 - y1) * (x - x1)) / (x2 - x1)];
}

function crossY([x1, y1]: Point, [x2, y2]: Point, y: number): Point {
  return [x1 + ((x2 - x1) * (y - y1)) / (y2 - y1), y];
}

/** Douglas-Peucker on a closed ring: drops points nearer than `tolerance` to the line kept. */
function simplifyRing(ring: readonly Point[], tolerance: number): Point[] {
  if (ring.length <= 4) return ring.slice();
  const first = ring[0]!;
  let far = 0;
  let farDistance = -1;
  ring.forEach(([x, y], index) => {
    const d = (x - first[0]) ** 2 + (y - first[1]) ** 2;
    if (d > farDistance) [far, farDistance] = [index, d];
  });
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[far] = 1;
  const squared = tolerance * tolerance;
  const stack: [number, number][] = [
    [0, far],
    [far, ring.length],
  ];
  while (stack.length > 0) {
    const [start, end] = stack.pop()!;
    const a = ring[start]!;
    const b = ring[end % ring.length]!;
    let index = -1;
    let max = squared;
    for (let i = start + 1; i < end; i++) {
      const d = segmentDistanceSquared(ring[i]!, a, b);
      if (d > max) [index, max] = [i, d];
    }
    if (index >= 0) {
      keep[index] = 1;
      stack.push([start, index], [index, end]);
    }
  }
  return ring.filter((_, index) => keep[index] === 1);
}

function segmentDistanceSquared([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
}

/** A ring in absolute coordinates, one decimal: for the planting, a few points. */
function absoluteRing(ring: readonly Point[]): string {
  return `M${ring.map(([x, y]) => `${fixed(x)},${fixed(y)}`).join('L')}Z`;
}

function tenthsText(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(tenths) / 10);
  const digit = Math.abs(tenths) % 10;
  return digit === 0 ? `${sign}${whole}` : `${sign}${whole === 0 ? '' : whole}.${digit}`;
}

/**
 * Rings as one compact path: clipped to the box (plus `pad`), simplified, rounded to a
 * tenth of a unit, each point relative to the one before; rings smaller than `minArea`
 * square units are left out.
 */
function compactPath(rings: readonly Point[][], box: { width: number; height: number }, tolerance: number, minArea: number): string {
  const pad = 3;
  const rect = { minX: -pad, minY: -pad, maxX: box.width + pad, maxY: box.height + pad };
  let path = '';
  for (const projected of rings) {
    const bounds = boundsOf(projected);
    if (bounds.maxX < rect.minX || bounds.minX > rect.maxX || bounds.maxY < rect.minY || bounds.minY > rect.maxY) continue;
    const inside = bounds.minX >= rect.minX && bounds.maxX <= rect.maxX && bounds.minY >= rect.minY && bounds.maxY <= rect.maxY;
    const clipped = inside ? projected : clipRing(projected, rect);
    if (clipped.length < 3 || Math.abs(signedArea(clipped)) < minArea) continue;
    path += relativePath(simplifyRing(clipped, tolerance), true, 3);
  }
  return path;
}

/** Cuts a line to a rectangle (Liang-Barsky, segment by segment): the pieces inside. */
function clipLine(line: readonly Point[], rect: Bounds): Point[][] {
  const pieces: Point[][] = [];
  let piece: Point[] = [];
  for (let i = 1; i < line.length; i++) {
    const [x1, y1] = line[i - 1]!;
    const [x2, y2] = line[i]!;
    const [dx, dy] = [x2 - x1, y2 - y1];
    let [t0, t1] = [0, 1];
    const checks: [number, number][] = [
      [-dx, x1 - rect.minX],
      [dx, rect.maxX - x1],
      [-dy, y1 - rect.minY],
      [dy, rect.maxY - y1],
    ];
    let visible = true;
    for (const [p, q] of checks) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else if (p < 0) t0 = Math.max(t0, q / p);
      else t1 = Math.min(t1, q / p);
    }
    if (!visible || t0 > t1) {
      if (piece.length > 1) pieces.push(piece);
      piece = [];
      continue;
    }
    const start: Point = [x1 + t0 * dx, y1 + t0 * dy];
    const end: Point = [x1 + t1 * dx, y1 + t1 * dy];
    if (t0 > 0 || piece.length === 0) {
      if (piece.length > 1) pieces.push(piece);
      piece = [start];
    }
    piece.push(end);
    if (t1 < 1) {
      pieces.push(piece);
      piece = [];
    }
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

/** Douglas-Peucker on an open line. */
function simplifyLine(line: readonly Point[], tolerance: number): Point[] {
  if (line.length <= 2) return line.slice();
  const keep = new Uint8Array(line.length);
  keep[0] = 1;
  keep[line.length - 1] = 1;
  const squared = tolerance * tolerance;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [start, end] = stack.pop()!;
    let index = -1;
    let max = squared;
    for (let i = start + 1; i < end; i++) {
      const d = segmentDistanceSquared(line[i]!, line[start]!, line[end]!);
      if (d > max) [index, max] = [i, d];
    }
    if (index >= 0) {
      keep[index] = 1;
      stack.push([start, index], [index, end]);
    }
  }
  return line.filter((_, index) => keep[index] === 1);
}

/** Points rounded to tenths of a unit, repeats dropped, written from the first onwards each relative to the one before. */
function relativePath(points: readonly Point[], close: boolean, minimum: number): string {
  const tenths: Point[] = [];
  for (const [x, y] of points) {
    const point: Point = [Math.round(x * 10), Math.round(y * 10)];
    const last = tenths[tenths.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) tenths.push(point);
  }
  if (tenths.length < minimum) return '';
  let text = `M${tenthsText(tenths[0]![0])},${tenthsText(tenths[0]![1])}l`;
  for (let i = 1; i < tenths.length; i++) {
    const dx = tenthsText(tenths[i]![0] - tenths[i - 1]![0]);
    const dy = tenthsText(tenths[i]![1] - tenths[i - 1]![1]);
    text += `${i === 1 || dx.startsWith('-') ? '' : ' '}${dx}${dy.startsWith('-') ? '' : ','}${dy}`;
  }
  return close ? `${text}z` : text;
}

/** Lines as one compact path: cut to the box (plus a little), simplified, rounded, relative. */
function compactLines(lines: readonly Point[][], box: { width: number; height: number }, tolerance: number): string {
  const pad = 3;
  const rect = { minX: -pad, minY: -pad, maxX: box.width + pad, maxY: box.height + pad };
  let path = '';
  for (const line of lines) {
    const bounds = boundsOf(line);
    if (bounds.maxX < rect.minX || bounds.minX > rect.maxX || bounds.maxY < rect.minY || bounds.minY > rect.maxY) continue;
    for (const piece of clipLine(line, rect)) path += relativePath(simplifyLine(piece, tolerance), false, 2);
  }
  return path;
}

// ---------------------------------------------------------------------------------------
// The atlas: Natural Earth's countries, read once for each scale, on first use

/** A polygon (a country's, or a landmass), with what finding and fitting it needs. */
interface Part {
  /** Rings of [longitude, latitude]: the outline, then holes. */
  rings: Point[][];
  /** The unit vector at the middle of its outline, and the angle (radians) to its farthest point. */
  centre: Vector;
  radius: number;
  /** Its area, in square degrees at the equator: only ever compared. */
  area: number;
}

/** A stretch of land border between two countries: a line of [longitude, latitude]. */
interface Line {
  points: Point[];
  centre: Vector;
  radius: number;
}

/**
 * Natural Earth at two scales: 1:50m for a country drawn large (Kenya, the Netherlands),
 * 1:110m for one drawn small (Brazil, Russia), where the finer coastlines would only add
 * bytes below what a pixel shows.
 */
type Resolution = '50m' | '110m';
type Topology = Parameters<typeof merge>[0];
type PolygonObject = Extract<Parameters<typeof merge>[1], unknown[]>[number];

interface Atlas {
  topology: Topology;
  /** The countries' geometry objects, by ISO numeric id (which can repeat) and by name. */
  byId: Map<string, PolygonObject[]>;
  byName: Map<string, PolygonObject[]>;
  /** The landmasses (coastlines only), and by country the borders between the others, each drawn once. */
  land: Part[];
  borders: Map<string, Line[]>;
  countries: Map<string, Part[]>;
}

const atlases = new Map<Resolution, Atlas>();

function loadAtlas(resolution: Resolution): Atlas {
  const loaded = atlases.get(resolution);
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${resolution}.json`), 'utf8')) as Topology;
  const countries = topology.objects['countries'] as Parameters<typeof mesh>[1] & { geometries: PolygonObject[] };
  const byId = new Map<string, PolygonObject[]>();
  const byName = new Map<string, PolygonObject[]>();
  for (const geometry of countries.geometries) {
    // Ids can repeat: Australia's 036 is also the Ashmore and Cartier Islands'.
    if (geometry.id !== undefined) byId.set(String(geometry.id), [...(byId.get(String(geometry.id)) ?? []), geometry]);
    const name = (geometry.properties as { name?: string } | undefined)?.name;
    if (name) byName.set(name, [...(byName.get(name) ?? []), geometry]);
  }
  const landObject = topology.objects['land'] as { geometries: PolygonObject[] };
  const land = merge(topology, landObject.geometries).coordinates.map(toPart);
  const atlas: Atlas = { topology, byId, byName, land, borders: new Map(), countries: new Map() };
  atlases.set(resolution, atlas);
  return atlas;
}

/** A country's polygons (with the parts of UNNUMBERED_PARTS merged in); none for an unknown code. */
function countryParts(code: string, resolution: Resolution): Part[] {
  if (!(code in ISO_NUMERIC || code in UNNUMBERED_PARTS)) return [];
  const atlas = loadAtlas(resolution);
  const cached = atlas.countries.get(code);
  if (cached) return cached;
  const numeric = ISO_NUMERIC[code];
  const objects = [...((numeric && atlas.byId.get(numeric)) || []), ...(UNNUMBERED_PARTS[code] ?? []).flatMap((name) => atlas.byName.get(name) ?? [])];
  const parts = objects.length === 0 ? [] : merge(atlas.topology, objects).coordinates.map(toPart);
  atlas.countries.set(code, parts);
  return parts;
}

/** The borders between countries other than `code`'s (its own it draws itself). */
function bordersBesides(code: string, resolution: Resolution): Line[] {
  const atlas = loadAtlas(resolution);
  const cached = atlas.borders.get(code);
  if (cached) return cached;
  const numeric = ISO_NUMERIC[code];
  const own = new Set([...((numeric && atlas.byId.get(numeric)) || []), ...(UNNUMBERED_PARTS[code] ?? []).flatMap((name) => atlas.byName.get(name) ?? [])]);
  const countries = atlas.topology.objects['countries'] as Parameters<typeof mesh>[1];
  const lines = mesh(atlas.topology, countries, (a, b) => a !== b && !own.has(a as PolygonObject) && !own.has(b as PolygonObject)).coordinates.map((line): Line => {
    const points = unwrap(line);
    const { centre, radius } = capOf(points);
    return { points, centre, radius };
  });
  atlas.borders.set(code, lines);
  return lines;
}

/**
 * world-atlas stitches Natural Earth's polygons across the antimeridian (Fiji, Chukotka)
 * and Antarctica runs round the pole: each line is made continuous in longitude (it may
 * then run past 180).
 */
function unwrap(line: number[][]): Point[] {
  const out: Point[] = [];
  let shift = 0;
  let previous: number | undefined;
  for (const [lon = 0, lat = 0] of line) {
    if (previous !== undefined) {
      if (lon + shift - previous > 180) shift -= 360;
      else if (lon + shift - previous < -180) shift += 360;
    }
    previous = lon + shift;
    out.push([previous, lat]);
  }
  return out;
}

/** A ring made continuous, and closed over its pole when it goes once round the globe, so that the plane's area and inside tests hold. */
function unwrapRing(ring: number[][]): Point[] {
  const out = unwrap(ring);
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && Math.abs(last[0] - first[0]) > 180) {
    const pole = out.reduce((sum, [, lat]) => sum + lat, 0) < 0 ? -90 : 90;
    out.push([last[0], pole], [first[0], pole]);
  }
  return out;
}

function capOf(points: readonly Point[]): { centre: Vector; radius: number } {
  const vectors = points.map(toVector);
  const sum: Vector = [0, 0, 0];
  for (const [x, y, z] of vectors) {
    sum[0] += x;
    sum[1] += y;
    sum[2] += z;
  }
  const centre = normalise(sum);
  let least = 1;
  for (const [x, y, z] of vectors) least = Math.min(least, x * centre[0] + y * centre[1] + z * centre[2]);
  return { centre, radius: Math.acos(Math.max(-1, least)) };
}

function toPart(polygon: number[][][]): Part {
  const rings = polygon.map(unwrapRing);
  const { centre, radius } = capOf(rings[0] ?? []);
  // Sinusoidal (equal-area) coordinates: x = longitude * cos(latitude).
  let area = 0;
  rings.forEach((ring, index) => {
    const ref = ring[0]?.[0] ?? 0;
    const projected = ring.map(([lon, lat]): Point => [(lon - ref) * Math.cos(lat * RADIANS), lat]);
    area += (index === 0 ? 1 : -1) * Math.abs(signedArea(projected));
  });
  return { rings, centre, radius, area: Math.max(area, 0) };
}

// ---------------------------------------------------------------------------------------
// The sphere

function toVector([lon, lat]: Point): Vector {
  const cosLat = Math.cos(lat * RADIANS);
  return [cosLat * Math.cos(lon * RADIANS), cosLat * Math.sin(lon * RADIANS), Math.sin(lat * RADIANS)];
}

function normalise([x, y, z]: Vector): Vector {
  const length = Math.hypot(x, y, z) || 1;
  return [x / length, y / length, z / length];
}

function angleBetween(a: Vector, b: Vector): number {
  const dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const cross = Math.hypot(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
  return Math.atan2(cross, dot);
}

function contains(part: Part, [siteLon, lat]: Point): boolean {
  return [siteLon, siteLon - 360, siteLon + 360].some((lon) => {
    let inside = false;
    for (const ring of part.rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    return inside;
  });
}

/**
 * What a box drawn in an azimuthal projection around `centre` shows: whatever comes within
 * the angle of its farthest corner (and not round the back of the globe). `mid` is the
 * projected point at the box's middle, `scale` box units per projected unit.
 */
function azimuthalView(
  box: { width: number; height: number },
  centre: Vector,
  angleAt: (x: number, y: number) => number,
  [midX, midY]: Point,
  scale: number,
): (item: { centre: Vector; radius: number }) => boolean {
  const view = Math.max(
    ...[
      [0, 0],
      [box.width, 0],
      [0, box.height],
      [box.width, box.height],
    ].map(([x = 0, y = 0]) => angleAt(midX + (x - box.width / 2) / scale, midY - (y - box.height / 2) / scale)),
  );
  return (item) => {
    const distance = angleBetween(centre, item.centre);
    return distance - item.radius < view && distance + item.radius < 175 * RADIANS;
  };
}

/**
 * Lambert's azimuthal equal-area projection centred on `centre` (unit sphere, y north):
 * true areas and little distortion across a country of any size, and no seam at the
 * antimeridian (Russia and Fiji stay whole).
 */
function azimuthal(centre: Vector): { project: (p: Point) => Point; angleAt: (x: number, y: number) => number } {
  const lat0 = Math.asin(centre[2]);
  const lon0 = Math.atan2(centre[1], centre[0]);
  const [sin0, cos0] = [Math.sin(lat0), Math.cos(lat0)];
  return {
    project([lon, lat]) {
      const phi = lat * RADIANS;
      const lambda = lon * RADIANS - lon0;
      const [sinPhi, cosPhi, cosLambda] = [Math.sin(phi), Math.cos(phi), Math.cos(lambda)];
      const k = Math.sqrt(2 / Math.max(1e-9, 1 + sin0 * sinPhi + cos0 * cosPhi * cosLambda));
      return [k * cosPhi * Math.sin(lambda), k * (cos0 * sinPhi - sin0 * cosPhi * cosLambda)];
    },
    /** The angle from the centre of the point drawn at (x, y). */
    angleAt: (x, y) => 2 * Math.asin(Math.min(1, Math.hypot(x, y) / 2)),
  };
}

// ---------------------------------------------------------------------------------------
// What a locator map frames

/**
 * A country's polygons in groups: those within reach of each other (through any chain),
 * leaving out specks. A map frames the group its site is in: mainland France with
 * Corsica, not French Guiana (unless the site is there); the contiguous United States,
 * not Alaska or Hawaii; Indonesia whole.
 */
interface Framing {
  parts: Part[];
  /** Up to SAMPLES unit vectors along each part's rings, to measure gaps with. */
  samples: Vector[][];
  /** Each part's group (an index into `groups`), or -1 for a speck. */
  groupOf: number[];
  groups: number[][];
  main: number;
  /** The parts framed for a site away from the main group, by the part it is in. */
  away: Map<string, number[]>;
}

const NEAR = 5 * RADIANS;
const SAMPLES = 400;
const framings = new Map<string, Framing>();

function chord(angle: number): number {
  return (2 * Math.sin(angle / 2)) ** 2;
}

/** The least squared chord between two parts' samples; Infinity past `limit` (an angle). */
function gap(framing: Framing, a: number, b: number, limit: number): number {
  const [pa, pb] = [framing.parts[a]!, framing.parts[b]!];
  if (angleBetween(pa.centre, pb.centre) - pa.radius - pb.radius > limit) return Number.POSITIVE_INFINITY;
  let least = Number.POSITIVE_INFINITY;
  for (const u of framing.samples[a]!) for (const v of framing.samples[b]!) least = Math.min(least, (u[0] - v[0]) ** 2 + (u[1] - v[1]) ** 2 + (u[2] - v[2]) ** 2);
  return least;
}

/**
 * How far apart two parts may lie and still be framed together: NEAR, or less for a small
 * island, twenty times its size (Rotuma, 43 km², stays out of a map of Fiji; Corsica is in
 * France's).
 */
function linkReach(a: Part, b: Part): number {
  return Math.min(NEAR, 20 * Math.sqrt(Math.min(a.area, b.area)) * RADIANS);
}

function framingOf(code: string, parts: Part[]): Framing {
  const cached = framings.get(code);
  if (cached) return cached;
  const samples = parts.map((part) =>
    part.rings.flatMap((ring) => {
      const step = Math.ceil(ring.length / SAMPLES);
      return ring.filter((_, index) => index % step === 0).map(toVector);
    }),
  );
  const largest = parts.reduce((best, part, index) => (part.area > parts[best]!.area ? index : best), 0);
  const candidates = parts.map((_, index) => index).filter((index) => parts[index]!.area >= parts[largest]!.area * 0.0005);
  const framing: Framing = { parts, samples, groupOf: parts.map(() => -1), groups: [], main: 0, away: new Map() };
  for (const seed of candidates) {
    if (framing.groupOf[seed]! >= 0) continue;
    const group = [seed];
    framing.groupOf[seed] = framing.groups.length;
    for (let i = 0; i < group.length; i++) {
      for (const other of candidates) {
        const reach = linkReach(parts[group[i]!]!, parts[other]!);
        if (framing.groupOf[other]! < 0 && gap(framing, group[i]!, other, reach) <= chord(reach)) {
          framing.groupOf[other] = framing.groups.length;
          group.push(other);
        }
      }
    }
    framing.groups.push(group);
  }
  framing.main = framing.groupOf[largest]!;
  framings.set(code, framing);
  return framing;
}

/**
 * The parts a map of the country frames: the group of the part the site is in (or the
 * main group, with no site). Null when the site is more than a degree from the country.
 */
function framedParts(code: string, parts: Part[], site: Point | null): number[] | null {
  const framing = framingOf(code, parts);
  let home = site ? parts.findIndex((part) => contains(part, site)) : -1;
  if (site && home < 0) {
    const point = [toVector(site)];
    let least = chord(1 * RADIANS);
    parts.forEach((part, index) => {
      if (angleBetween(part.centre, point[0]!) - part.radius > 1 * RADIANS) return;
      const distance = Math.min(...framing.samples[index]!.map((v) => (v[0] - point[0]![0]) ** 2 + (v[1] - point[0]![1]) ** 2 + (v[2] - point[0]![2]) ** 2));
      if (distance <= least) [home, least] = [index, distance];
    });
    if (home < 0) return null;
  }
  if (home < 0) return framing.groups[framing.main]!;
  const group = framing.groupOf[home]!;
  if (group === framing.main) return framing.groups[group]!;
  const key = `${home}`;
  const cached = framing.away.get(key);
  if (cached) return cached;
  // Away from the main group (Hawaii, French Guiana): its own group, or a speck's
  // neighbours, with the specks near them (Hawaii's smaller islands).
  const near = new Set(group >= 0 ? framing.groups[group] : [home]);
  if (group < 0) {
    for (const members of framing.groups) if (members.some((index) => gap(framing, home, index, NEAR) <= chord(NEAR))) for (const index of members) near.add(index);
  }
  const members = [...near];
  parts.forEach((_, index) => {
    if (!near.has(index) && members.some((member) => gap(framing, member, index, NEAR) <= chord(NEAR))) near.add(index);
  });
  const framed = [...near].sort((a, b) => a - b);
  framing.away.set(key, framed);
  return framed;
}

/** The projection's centre for a set of a country's parts, and their projected extent. */
const frames = new Map<string, { centre: Vector; outline: Bounds }>();

function frameOf(code: string, parts: readonly Part[], framed: readonly number[]): { centre: Vector; outline: Bounds } {
  const key = `${code} ${framed.join(' ')}`;
  const cached = frames.get(key);
  if (cached) return cached;
  const weighted: Vector = [0, 0, 0];
  for (const index of framed) for (let i = 0; i < 3; i++) weighted[i]! += parts[index]!.centre[i]! * Math.max(parts[index]!.area, 1e-9);
  const centre = normalise(weighted);
  const { project } = azimuthal(centre);
  const frame = { centre, outline: boundsOf(framed.flatMap((index) => (parts[index]!.rings[0] ?? []).map(project))) };
  frames.set(key, frame);
  return frame;
}

function countryMap(code: string, parts: Part[], site: Point | null, box: { width: number; height: number }): Locator | null {
  const framed = framedParts(code, parts, site);
  if (!framed) return null;
  const { centre, outline } = frameOf(code, parts, framed);
  const { project, angleAt } = azimuthal(centre);

  // The frame: the framed parts and the site, at least ~2 degrees across, with a margin.
  const extent = site ? boundsOf([[outline.minX, outline.minY], [outline.maxX, outline.maxY], project(site)]) : outline;
  const minimum = 2 * RADIANS;
  const [midX, midY] = [(extent.minX + extent.maxX) / 2, (extent.minY + extent.maxY) / 2];
  const spanX = Math.max(extent.maxX - extent.minX, minimum);
  const spanY = Math.max(extent.maxY - extent.minY, minimum);
  const scale = Math.min((box.width * 0.82) / spanX, (box.height * 0.78) / spanY);
  const toSvg = ([x, y]: Point): Point => [box.width / 2 + (x - midX) * scale, box.height / 2 - (y - midY) * scale];
  const draw = (points: readonly Point[]) => points.map((p) => toSvg(project(p)));

  const siteAt = site ? toSvg(project(site)) : null;
  const key = JSON.stringify([code, box, centre, midX, midY, scale]);
  const layers = cachedLayers(key, () => {
    const inView = azimuthalView(box, centre, angleAt, [midX, midY], scale);
    // Kilometres a unit of the box stands for: past COARSE_KM, the 1:110m outlines will do.
    const coarse = EARTH_KM / scale > COARSE_KM ? countryParts(code, '110m') : [];
    const resolution: Resolution = coarse.length > 0 ? '110m' : '50m';
    const land = loadAtlas(resolution).land.filter(inView).flatMap((part) => part.rings.map(draw));
    const borders = bordersBesides(code, resolution).filter(inView).map((line) => draw(line.points));
    const country = (coarse.length > 0 ? coarse : parts).flatMap((part) => part.rings.map(draw));
    const landPath = compactPath(land, box, 0.7, 1);
    const bordersPath = compactLines(borders, box, 0.7);
    const countryPath = compactPath(country, box, 0.45, 0.5);
    return [
      `<rect class="place-sea" width="${box.width}" height="${box.height}" fill="${COLOURS.sea}"/>`,
      landPath ? `<path class="place-land" d="${landPath}" fill="${COLOURS.land}" stroke="${COLOURS.border}" stroke-width=".5" stroke-linejoin="round" fill-rule="evenodd"/>` : '',
      bordersPath ? `<path class="place-borders" d="${bordersPath}" fill="none" stroke="${COLOURS.border}" stroke-width=".6" stroke-linejoin="round"/>` : '',
      `<path class="place-country" d="${countryPath}" fill="${COLOURS.country}" stroke="${COLOURS.leaf}" stroke-width="1" stroke-linejoin="round" fill-rule="evenodd"/>`,
    ].join('');
  });
  return { layers, site: siteAt, world: false };
}

function siteMarker([x, y]: Point): string {
  return (
    `<g class="place-site">` +
    `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="9" fill="${COLOURS.leaf}" fill-opacity=".18"/>` +
    `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="4" fill="${COLOURS.leaf}" stroke="#fff" stroke-width="1.5"/>` +
    '</g>'
  );
}

// ---------------------------------------------------------------------------------------
// The world, for a site with no country to frame it: the Equal Earth projection

const EE = { a1: 1.340264, a2: -0.081106, a3: 0.000893, a4: 0.003796, m: Math.sqrt(3) / 2 };

function equalEarth([lon, lat]: Point): Point {
  const theta = Math.asin(EE.m * Math.sin(lat * RADIANS));
  const t2 = theta * theta;
  const t6 = t2 * t2 * t2;
  const x = (lon * RADIANS * Math.cos(theta)) / (EE.m * (EE.a1 + 3 * EE.a2 * t2 + t6 * (7 * EE.a3 + 9 * EE.a4 * t2)));
  const y = theta * (EE.a1 + EE.a2 * t2 + t6 * (EE.a3 + EE.a4 * t2));
  return [x, y];
}

function worldMap(code: string, site: Point, box: { width: number; height: number }): Locator {
  const [maxX] = equalEarth([180, 0]);
  const [, maxY] = equalEarth([0, 90]);
  const margin = 8;
  const scale = Math.min((box.width - 2 * margin) / (2 * maxX), (box.height - 2 * margin) / (2 * maxY));
  const toSvg = (p: Point): Point => {
    const [x, y] = equalEarth(p);
    return [box.width / 2 + x * scale, box.height / 2 - y * scale];
  };
  const coarse = countryParts(code, '110m');
  const highlight = coarse.length > 0 ? coarse : countryParts(code, '50m');
  const layers = cachedLayers(JSON.stringify(['world', highlight.length > 0 ? code : '', box]), () => {
    const edge: Point[] = [];
    for (let lat = 90; lat >= -90; lat -= 5) edge.push(toSvg([180, lat]));
    for (let lat = -90; lat <= 90; lat += 5) edge.push(toSvg([-180, lat]));
    const globe = { minX: -180, minY: -90, maxX: 180, maxY: 90 };
    // A ring running past the antimeridian is drawn in two pieces, each cut at the map's edge.
    const rings = (list: readonly Part[]) =>
      list.flatMap((part) =>
        part.rings.flatMap((ring) => {
          const { minX, maxX } = boundsOf(ring);
          return [0, -360, 360]
            .filter((shift) => minX + shift < 180 && maxX + shift > -180)
            .map((shift) => {
              const shifted = ring.map(([lon, lat]): Point => [lon + shift, lat]);
              return (minX + shift >= -180 && maxX + shift <= 180 ? shifted : clipRing(shifted, globe)).map(toSvg);
            });
        }),
      );
    const landPath = compactPath(rings(loadAtlas('110m').land), box, 0.45, 0.4);
    const countryPath = highlight.length > 0 ? compactPath(rings(highlight), box, 0.4, 0.1) : '';
    return [
      `<path class="place-sea" d="${absoluteRing(edge)}" fill="${COLOURS.sea}"/>`,
      `<path class="place-land" d="${landPath}" fill="${COLOURS.land}" stroke="${COLOURS.border}" stroke-width=".5" stroke-linejoin="round" fill-rule="evenodd"/>`,
      countryPath
        ? `<path class="place-country" d="${countryPath}" fill="${COLOURS.country}" stroke="${COLOURS.leaf}" stroke-width=".6" stroke-linejoin="round" fill-rule="evenodd"/>`
        : '',
    ].join('');
  });
  return { layers, site: toSvg(site), world: true };
}

// ---------------------------------------------------------------------------------------
// What sites-map.ts draws a company's many sites with: the same outlines, projections and path writing

export type { Bounds, Part, Point, Resolution, Vector };
export {
  angleBetween,
  azimuthal,
  azimuthalView,
  boundsOf,
  bordersBesides,
  clipRing,
  COARSE_KM,
  COLOURS,
  compactLines,
  compactPath,
  contains,
  countryParts,
  EARTH_KM,
  equalEarth,
  escapeXml,
  FONT,
  fixed,
  framedParts,
  loadAtlas,
  normalise,
  RADIANS,
  toPart,
  toVector,
  validSite,
  wrapDegrees,
};
