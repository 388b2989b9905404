import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import type { MapTiles } from '../../config.ts';
import type { PagePolicyExtension } from './page.ts';

/**
 * The interactive map a page may add when the operator set MAP_TILE_URL: Leaflet (the
 * `leaflet` package, served by Canopy, never from a CDN) and assets/planting-map.js, which
 * draws each `[data-planting-map]` element's polygon on the operator's tiles. The SVG maps
 * (place.ts) stay on the page: without JavaScript, or without tiles, it is complete.
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
