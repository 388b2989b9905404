import { feature } from 'topojson-client';
import type { Language } from '../../core/i18n.ts';
import { ISO_NUMERIC, UNNUMBERED_PARTS } from './place-data/iso-3166.ts';
import {
  angleBetween,
  azimuthal,
  azimuthalView,
  bordersBesides,
  boundsOf,
  COARSE_KM,
  COLOURS,
  clipRing,
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
  type Part,
  PLACE_BOX,
  type Point,
  RADIANS,
  type Resolution,
  toPart,
  toVector,
  type Vector,
  validSite,
  wrapDegrees,
} from './place.ts';

/**
 * All of a company's plantings on one map, drawn on the server as inline SVG with the
 * outlines of place.ts (Natural Earth, from world-atlas): the land around the sites, the
 * countries holding them filled, and each site a dot that links to its planting's section
 * on the page. Sites whose dots would overlap share one dot, labelled with their count and
 * linking to the first of them (in the order given, which should be the page's order).
 *
 * Unlike place.ts's maps the SVG is `role="group"`, not `role="img"`: an image's children
 * are presentational, so links inside one are hidden from screen readers (axe-core:
 * nested-interactive). Its `<title>` names the group; each link's `<title>` names the link.
 */

export interface MapSite {
  latitude: number;
  longitude: number;
  /** Where the dot links to, e.g. "#planting-plt_..." (a section of the same page). */
  href: string;
  /** The link's accessible name and tooltip, e.g. the project and place. */
  label: string;
  trees: number;
}

export interface SitesMapOptions {
  sites: readonly MapSite[];
  /** The map's accessible name: its `<title>`. */
  title: string;
  /** The words of a shared dot's label ("3 plantings: ..."). */
  language: Language;
  width?: number;
  height?: number;
}

type Box = { width: number; height: number };

/** Sites nearer than this (in SVG units) from a dot are drawn as that dot. */
const GROUP_DISTANCE = 8;
/** A dot's radius: 3 for the fewest trees, 7 for the most (by the square root of the share of the largest). */
const RADIUS = { least: 3, most: 7, counted: 5.5 } as const;
/** A map of sites within this angle of their middle is regional (azimuthal); farther, the world (Equal Earth). */
const REGIONAL_REACH = 40 * RADIANS;
/** The least a regional map spans, so one site still shows its country and neighbours. */
const MIN_SPAN = 12 * RADIANS;
/** How many names a shared dot's label lists before "and N more". */
const LISTED = 3;

const WORDS: Record<Language, { plantings: (count: number) => string; more: (count: number) => string }> = {
  en: { plantings: (count) => `${count} plantings`, more: (count) => `and ${count} more` },
  nl: { plantings: (count) => `${count} aanplanten`, more: (count) => `en nog ${count}` },
};

/**
 * One inline SVG of all the sites: a region fitted around them (at least MIN_SPAN across),
 * or the world, cut to their extent, when they lie more than REGIONAL_REACH from their
 * middle. Null when no site has valid coordinates.
 */
export function sitesMapSvg(options: SitesMapOptions): string | null {
  const box: Box = { width: options.width ?? PLACE_BOX.width, height: options.height ?? PLACE_BOX.height };
  const sites = options.sites.flatMap((site) => {
    const point = validSite(site.latitude, site.longitude);
    return point ? [{ ...site, point }] : [];
  });
  if (sites.length === 0) return null;

  const points = sites.map((site) => site.point);
  const middle = middleOf(points);
  const centre = toVector(middle);
  const regional = points.every((point) => angleBetween(centre, toVector(point)) <= REGIONAL_REACH);
  const frame = regional ? regionalFrame(centre, points, box) : worldFrame(middle[0], points, box);
  const highlighted = countriesAt(points);
  const layers = cachedLayers(JSON.stringify([frame.key, box, highlighted.map((h) => h.key)]), () => frame.layers(highlighted));
  const groups = groupSites(sites.map((site) => ({ ...site, at: frame.toSvg(site.point) })));

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="place-map place-sites-map${regional ? '' : ' place-world'}" viewBox="0 0 ${box.width} ${box.height}" width="${box.width}" height="${box.height}" role="group">`,
    `<title>${escapeXml(options.title)}</title>`,
    layers,
    `<g class="place-sites" fill="${COLOURS.leaf}" stroke="#fff" stroke-width="1.5" font-family="${FONT}" font-size="7.5" font-weight="600" text-anchor="middle">`,
    groups.map((group) => siteLink(group, options.language)).join(''),
    '</g></svg>',
  ].join('');
}

// ---------------------------------------------------------------------------------------
// The dots

interface Placed extends MapSite {
  point: Point;
  at: Point;
}

interface Group {
  at: Point;
  members: Placed[];
  trees: number;
  radius: number;
}

/** Greedy, in the order given: a site joins the first dot within GROUP_DISTANCE, or starts its own. */
function groupSites(sites: readonly Placed[]): Group[] {
  const groups: Group[] = [];
  for (const site of sites) {
    const near = groups.find((group) => Math.hypot(group.at[0] - site.at[0], group.at[1] - site.at[1]) < GROUP_DISTANCE);
    const trees = Number.isFinite(site.trees) && site.trees > 0 ? site.trees : 0;
    if (near) {
      near.members.push(site);
      near.trees += trees;
    } else {
      groups.push({ at: site.at, members: [site], trees, radius: RADIUS.least });
    }
  }
  const most = Math.max(...groups.map((group) => group.trees));
  for (const group of groups) {
    const radius = RADIUS.least + (RADIUS.most - RADIUS.least) * (most > 0 ? Math.sqrt(group.trees / most) : 0);
    group.radius = group.members.length > 1 ? Math.max(radius, RADIUS.counted) : radius;
  }
  return groups;
}

function groupLabel(group: Group, language: Language): string {
  const [first] = group.members;
  if (group.members.length === 1) return first!.label;
  const words = WORDS[language];
  const names = group.members.slice(0, LISTED).map((site) => site.label);
  if (group.members.length > LISTED) names.push(words.more(group.members.length - LISTED));
  return `${words.plantings(group.members.length)}: ${names.join('; ')}`;
}

function siteLink(group: Group, language: Language): string {
  const [x, y] = [fixed(group.at[0]), fixed(group.at[1])];
  const count = group.members.length;
  const number =
    count > 1
      ? `<text x="${x}" y="${y}" dy=".35em" fill="#fff" stroke="none"${count > 9 ? ' font-size="6.5"' : ''} aria-hidden="true">${count > 99 ? '99+' : count}</text>`
      : '';
  return (
    `<a href="${escapeXml(group.members[0]!.href)}" class="place-site"><title>${escapeXml(groupLabel(group, language))}</title>` +
    `<circle cx="${x}" cy="${y}" r="${fixed(group.radius)}"/>${number}</a>`
  );
}

// ---------------------------------------------------------------------------------------
// The frame: where the map looks, and its layers

interface Frame {
  /** What the layers depend on besides the box and the highlighted countries. */
  key: string;
  toSvg: (point: Point) => Point;
  layers: (highlighted: readonly Highlight[]) => string;
}

/** The middle of the points' extent in longitude (across the antimeridian when that is shorter) and latitude. */
function middleOf(points: readonly Point[]): Point {
  const longitudes = [...new Set(points.map(([lon]) => lon))].sort((a, b) => a - b);
  // The widest empty stretch of longitude (the one across ±180 first) lies outside the extent.
  let gapEnd = longitudes[0]!;
  let gap = longitudes[0]! + 360 - longitudes[longitudes.length - 1]!;
  for (let i = 1; i < longitudes.length; i++) {
    if (longitudes[i]! - longitudes[i - 1]! > gap) [gap, gapEnd] = [longitudes[i]! - longitudes[i - 1]!, longitudes[i]!];
  }
  const latitudes = points.map(([, lat]) => lat);
  return [wrapDegrees(gapEnd + (360 - gap) / 2), (Math.min(...latitudes) + Math.max(...latitudes)) / 2];
}

/** A region around the sites, in Lambert's azimuthal equal-area projection centred on their middle. */
function regionalFrame(centre: Vector, points: readonly Point[], box: Box): Frame {
  const { project, angleAt } = azimuthal(centre);
  const extent = boundsOf(points.map(project));
  const [midX, midY] = [(extent.minX + extent.maxX) / 2, (extent.minY + extent.maxY) / 2];
  const spanX = Math.max(extent.maxX - extent.minX, MIN_SPAN);
  const spanY = Math.max(extent.maxY - extent.minY, MIN_SPAN);
  const scale = Math.min((box.width * 0.84) / spanX, (box.height * 0.8) / spanY);
  const toSvg = (point: Point): Point => {
    const [x, y] = project(point);
    return [box.width / 2 + (x - midX) * scale, box.height / 2 - (y - midY) * scale];
  };
  const resolution: Resolution = EARTH_KM / scale > COARSE_KM ? '110m' : '50m';
  return {
    key: JSON.stringify(['region', centre, midX, midY, scale]),
    toSvg,
    layers(highlighted) {
      const inView = azimuthalView(box, centre, angleAt, [midX, midY], scale);
      const draw = (ring: readonly Point[]) => ring.map(toSvg);
      const land = loadAtlas(resolution).land.filter(inView).flatMap((part) => part.rings.map(draw));
      const borders = bordersBesides('', resolution).filter(inView).map((line) => draw(line.points));
      const countries = highlighted.flatMap((h) => h.parts.flatMap((part) => part.rings.map(draw)));
      return baseLayers(
        `<rect class="place-sea" width="${box.width}" height="${box.height}" fill="${COLOURS.sea}"/>`,
        compactPath(land, box, 0.7, 1),
        compactLines(borders, box, 0.7),
        compactPath(countries, box, 0.5, 0.5),
      );
    },
  };
}

/** The world in the Equal Earth projection, centred on the sites' middle meridian and cut to their extent. */
function worldFrame(meridian: number, points: readonly Point[], box: Box): Frame {
  const central = Math.round(meridian);
  const project = ([lon, lat]: Point): Point => equalEarth([wrapDegrees(lon - central), lat]);
  const extent = boundsOf(points.map(project));
  const [edgeX] = equalEarth([180, 0]);
  const [, edgeY] = equalEarth([0, 90]);
  const scale = Math.max(
    Math.min((box.width * 0.84) / Math.max(extent.maxX - extent.minX, MIN_SPAN), (box.height * 0.8) / Math.max(extent.maxY - extent.minY, MIN_SPAN)),
    // Never less than the whole world's width.
    (box.width - 16) / (2 * edgeX),
  );
  // Kept on the globe: no empty sea beyond its edge where the sites leave room.
  const within = (middle: number, half: number, edge: number) => (half >= edge ? 0 : Math.min(Math.max(middle, -edge + half), edge - half));
  const midX = within((extent.minX + extent.maxX) / 2, box.width / 2 / scale, edgeX);
  const midY = within((extent.minY + extent.maxY) / 2, box.height / 2 / scale, edgeY);
  const toPlane = ([x, y]: Point): Point => [box.width / 2 + (x - midX) * scale, box.height / 2 - (y - midY) * scale];
  const globe = { minX: -180, minY: -90, maxX: 180, maxY: 90 };
  /** A ring running past the map's edge meridian is drawn in pieces, each cut at that edge. */
  const draw = (rings: readonly Point[][]) =>
    rings.flatMap((ring) => {
      const turned = ring.map(([lon, lat]): Point => [lon - central, lat]);
      const { minX, maxX } = boundsOf(turned);
      return [0, -360, 360, -720, 720]
        .filter((shift) => minX + shift < 180 && maxX + shift > -180)
        .map((shift) => {
          const shifted = turned.map(([lon, lat]): Point => [lon + shift, lat]);
          return (minX + shift >= -180 && maxX + shift <= 180 ? shifted : clipRing(shifted, globe)).map((p) => toPlane(equalEarth(p)));
        });
    });
  return {
    key: JSON.stringify(['world', central, midX, midY, scale]),
    toSvg: (point) => toPlane(project(point)),
    layers(highlighted) {
      const sea = `<rect class="place-sea" width="${box.width}" height="${box.height}" fill="${COLOURS.sea}"/>`;
      return baseLayers(
        sea,
        compactPath(draw(loadAtlas('110m').land.flatMap((part) => part.rings)), box, 0.6, 1),
        '',
        compactPath(draw(highlighted.flatMap((h) => h.parts.flatMap((part) => part.rings))), box, 0.6, 0.5),
      );
    },
  };
}

function baseLayers(sea: string, land: string, borders: string, countries: string): string {
  return [
    sea,
    land ? `<path class="place-land" d="${land}" fill="${COLOURS.land}" stroke="${COLOURS.border}" stroke-width=".5" stroke-linejoin="round" fill-rule="evenodd"/>` : '',
    borders ? `<path class="place-borders" d="${borders}" fill="none" stroke="${COLOURS.border}" stroke-width=".6" stroke-linejoin="round"/>` : '',
    countries
      ? `<path class="place-country" d="${countries}" fill="${COLOURS.country}" stroke="${COLOURS.leaf}" stroke-width=".6" stroke-linejoin="round" fill-rule="evenodd"/>`
      : '',
  ].join('');
}

const layerCache = new Map<string, string>();

function cachedLayers(key: string, draw: () => string): string {
  const cached = layerCache.get(key);
  if (cached !== undefined) return cached;
  const layers = draw();
  if (layerCache.size >= 100) layerCache.delete(layerCache.keys().next().value as string);
  layerCache.set(key, layers);
  return layers;
}

// ---------------------------------------------------------------------------------------
// The countries holding sites

interface Highlight {
  key: string;
  parts: Part[];
}

/** A polygon of a country's, with the cosine of its cap's radius: a dot product rules most out. */
interface Piece {
  part: Part;
  cosRadius: number;
}

interface CountryEntry {
  code: string;
  centre: Vector;
  cosRadius: number;
  pieces: Piece[];
}

let countryIndex: CountryEntry[] | null = null;

const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
/** A little slack in the caps, for rounding. */
const SLACK = 1e-6;

/**
 * Every country's polygons at 1:50m, as drawn (each geometry by itself, not merged: merging
 * them all would take a third of a second), to find a site's country with.
 */
function countriesIndex(): CountryEntry[] {
  if (countryIndex) return countryIndex;
  const atlas = loadAtlas('50m');
  const codeOf = new Map<string, string>();
  for (const [code, numeric] of Object.entries(ISO_NUMERIC)) codeOf.set(numeric, code);
  for (const [code, names] of Object.entries(UNNUMBERED_PARTS)) for (const name of names) codeOf.set(`name:${name}`, code);
  const countries = feature(atlas.topology, atlas.topology.objects['countries'] as Parameters<typeof feature>[1]) as unknown as {
    features: { id?: string | number; properties?: { name?: string }; geometry: { type: string; coordinates: number[][][] | number[][][][] } | null }[];
  };
  countryIndex = countries.features.flatMap((country) => {
    const code = (country.id !== undefined && codeOf.get(String(country.id))) || codeOf.get(`name:${country.properties?.name ?? ''}`);
    const geometry = country.geometry;
    if (!code || !geometry) return [];
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates as number[][][]] : geometry.type === 'MultiPolygon' ? (geometry.coordinates as number[][][][]) : [];
    const pieces = polygons.map(toPart).map((part) => ({ part, cosRadius: Math.cos(part.radius) }));
    if (pieces.length === 0) return [];
    const sum: Vector = [0, 0, 0];
    for (const { part } of pieces) for (let i = 0; i < 3; i++) sum[i]! += part.centre[i]! * Math.max(part.area, 1e-9);
    const centre = normalise(sum);
    const reach = Math.max(...pieces.map(({ part }) => angleBetween(centre, part.centre) + part.radius));
    return [{ code, centre, cosRadius: Math.cos(Math.min(reach, Math.PI)), pieces }];
  });
  return countryIndex;
}

/** The highlight a position (rounded to 0.01 degree) belongs in; null for none. Kept across calls: a company's sites repeat. */
const positions = new Map<string, string | null>();
const highlights = new Map<string, Highlight>();

function highlightAt(point: Point): Highlight | null {
  const rounded = `${point[0].toFixed(2)},${point[1].toFixed(2)}`;
  const known = positions.get(rounded);
  if (known !== undefined) return known === null ? null : (highlights.get(known) ?? null);
  const vector = toVector(point);
  const inside = (piece: Piece) => dot(piece.part.centre, vector) >= piece.cosRadius - SLACK && contains(piece.part, point);
  const code = countriesIndex().find((entry) => dot(entry.centre, vector) >= entry.cosRadius - SLACK && entry.pieces.some(inside))?.code;
  // The country's parts merged (as the locator draws them) and grouped: framedParts knows a country's grouping at 1:50m only.
  const parts = code ? countryParts(code, '50m') : [];
  const framed = code ? framedParts(code, parts, point) : null;
  const key = framed ? `${code}:${framed.join(',')}` : null;
  if (key && !highlights.has(key)) highlights.set(key, { key, parts: framed!.map((index) => parts[index]!) });
  if (positions.size >= 20_000) positions.delete(positions.keys().next().value as string);
  positions.set(rounded, key);
  return key ? (highlights.get(key) ?? null) : null;
}

/**
 * The parts of the countries the sites are in: for each site the group of its country's
 * parts it belongs to (mainland France for Paris, French Guiana alone for Cayenne), each
 * drawn once. A site in no country (at sea, or on a coast finer than the outlines) fills none.
 */
function countriesAt(points: readonly Point[]): Highlight[] {
  const found = new Map<string, Highlight>();
  for (const point of points) {
    const highlight = highlightAt(point);
    if (highlight) found.set(highlight.key, highlight);
  }
  return [...found.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
