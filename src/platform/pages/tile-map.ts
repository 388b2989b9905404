import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import type { MapTiles } from '../../config.ts';
import type { PagePolicyExtension } from './page.ts';

/**
 * The interactive map a page may add when the operator set MAP_TILE_URL: Leaflet (the
 * `leaflet` package, served by Canopy, never from a CDN) and assets/planting-map.js, which
 * draws on the operator's tiles each `[data-planting-map]` element's polygon (data-geometry)
 * and each `[data-sites-map]` element's sites (data-sites, from `sitesMapData`), every site a
 * link to its section of the page. The SVG maps (place.ts, sites-map.ts) stay on the page:
 * without JavaScript, or without tiles, it is complete.
 */

/** A file served under a name that changes with its content, so browsers may keep it for a year. */
interface StaticAsset {
  path: string;
  type: string;
  body: Buffer;
}

function staticAsset(name: string, extension: 'js' | 'css', body: Buffer): StaticAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const type = extension === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
  return { path: `/assets/${name}.${hash}.${extension}`, type, body };
}

/** Leaflet's source map is not shipped: the comment naming it would only earn a 404 in developer tools. */
function withoutSourceMap(file: string): Buffer {
  return Buffer.from(readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
}

const leafletFile = (name: string) => createRequire(import.meta.url).resolve(`leaflet/dist/${name}`);

/**
 * Read once, at boot. Leaflet's style sheet names images only for the layers control and the
 * default marker, neither of which the map uses: none is served.
 */
const ASSETS = {
  leafletScript: staticAsset('leaflet/leaflet', 'js', withoutSourceMap(leafletFile('leaflet.js'))),
  leafletStyle: staticAsset('leaflet/leaflet', 'css', readFileSync(leafletFile('leaflet.css'))),
  plantingMap: staticAsset('planting-map', 'js', readFileSync(new URL('./assets/planting-map.js', import.meta.url))),
};

/** What a page template needs to add the map: the assets' addresses and the tiles. */
export interface TileMap {
  scripts: string[];
  style: string;
  urlTemplate: string;
  attribution: string;
}

/** The map for a page, or null when no tiles are configured. */
export function tileMapOf(tiles: MapTiles | null): TileMap | null {
  if (!tiles) return null;
  return {
    scripts: [ASSETS.leafletScript.path, ASSETS.plantingMap.path],
    style: ASSETS.leafletStyle.path,
    urlTemplate: tiles.urlTemplate,
    attribution: tiles.attribution,
  };
}

/** What a page with the map may load beyond the default policy: these scripts and this style sheet, and tiles from the tile server's origins only. */
export function tileMapPolicy(tiles: MapTiles | null): PagePolicyExtension {
  if (!tiles) return {};
  return { scriptSrc: ["'self'"], styleSrc: ["'self'"], imgSrc: tiles.origins };
}

/** Serves the map's scripts and style sheet, whether or not tiles are configured (they are only linked when they are). */
export const tileMapAssets: FastifyPluginAsync = async (app) => {
  for (const asset of Object.values(ASSETS)) {
    app.get(asset.path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type(asset.type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(asset.body),
    );
  }
};

/** A site of a `[data-sites-map]` element: where it is, the section it links to, and its polygon when known. */
export interface TileSite {
  latitude: number;
  longitude: number;
  href: string;
  label: string;
  trees: number;
  /** A GeoJSON Polygon or MultiPolygon of [longitude, latitude]; anything else is left out. */
  geometry?: { type: string; coordinates: unknown } | null;
}

/**
 * The JSON for a `[data-sites-map]` element's data-sites attribute (the template escapes
 * it): sites with valid coordinates, numbers rounded to 0.00001 degree (about a metre) to
 * keep the page small, polygons only when they are Polygons or MultiPolygons.
 */
export function sitesMapData(sites: readonly TileSite[]): string {
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  const roundAll = (value: unknown): unknown => (Array.isArray(value) ? value.map(roundAll) : typeof value === 'number' ? round(value) : value);
  return JSON.stringify(
    sites
      .filter((site) => Number.isFinite(site.latitude) && Number.isFinite(site.longitude) && Math.abs(site.latitude) <= 90 && Math.abs(site.longitude) <= 180)
      .map((site) => {
        const geometry =
          site.geometry && (site.geometry.type === 'Polygon' || site.geometry.type === 'MultiPolygon') && Array.isArray(site.geometry.coordinates)
            ? { type: site.geometry.type, coordinates: roundAll(site.geometry.coordinates) }
            : undefined;
        return {
          latitude: round(site.latitude),
          longitude: round(site.longitude),
          href: site.href,
          label: site.label,
          trees: Number.isFinite(site.trees) ? site.trees : 0,
          ...(geometry ? { geometry } : {}),
        };
      }),
  );
}
