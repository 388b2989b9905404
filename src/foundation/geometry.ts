import { CanopyError } from '../core/errors.ts';
import type { PolygonJson } from '../db/schema.ts';
import type { PolygonInput } from './schemas.ts';

/**
 * Checks what the schema cannot: positions on the globe and closed rings (GeoJSON
 * requires the last position to repeat the first).
 */
export function checkPolygon(polygon: PolygonInput, field = 'geometry'): PolygonJson {
  polygon.coordinates.forEach((ring, r) => {
    ring.forEach((position, p) => {
      const [longitude = Number.NaN, latitude = Number.NaN] = position;
      if (!(longitude >= -180 && longitude <= 180 && latitude >= -90 && latitude <= 90)) {
        throw new CanopyError('parameter_invalid', `Position ${p} of ring ${r} is not [longitude, latitude] on the globe.`, [field, 'coordinates', r, p]);
      }
    });
    const first = ring[0] ?? [];
    const last = ring[ring.length - 1] ?? [];
    if (first[0] !== last[0] || first[1] !== last[1]) {
      throw new CanopyError('parameter_invalid', `Ring ${r} is not closed: its last position must repeat its first.`, [field, 'coordinates', r]);
    }
  });
  return { type: 'Polygon', coordinates: polygon.coordinates };
}

/**
 * The area-weighted centroid of the polygon (holes subtracted), on plain longitude and
 * latitude: plantings are small enough that the earth's curve does not matter. Rounded
 * to 6 decimals (about 10 cm), so the same polygon always gives the same point.
 */
export function polygonCentroid(polygon: PolygonJson): { latitude: number; longitude: number } {
  let area = 0;
  let x = 0;
  let y = 0;
  polygon.coordinates.forEach((ring, index) => {
    const ringResult = ringCentroid(ring);
    // The outline counts positively and holes negatively, whatever their winding.
    const signed = index === 0 ? Math.abs(ringResult.area) : -Math.abs(ringResult.area);
    area += signed;
    x += ringResult.x * signed;
    y += ringResult.y * signed;
  });
  const outline = polygon.coordinates[0] ?? [];
  if (Math.abs(area) < 1e-15) return vertexAverage(outline);
  const centroid = { longitude: round6(x / area), latitude: round6(y / area) };
  // A ring that crosses itself (a bow tie) has areas that nearly cancel and a "centroid"
  // anywhere, even off the globe: keep to a point inside the outline's bounds.
  return withinBounds(centroid, outline) ? centroid : vertexAverage(outline);
}

function withinBounds(point: { longitude: number; latitude: number }, ring: number[][]): boolean {
  const longitudes = ring.map(([longitude = 0]) => longitude);
  const latitudes = ring.map(([, latitude = 0]) => latitude);
  return point.longitude >= Math.min(...longitudes) && point.longitude <= Math.max(...longitudes)
    && point.latitude >= Math.min(...latitudes) && point.latitude <= Math.max(...latitudes);
}

function ringCentroid(ring: number[][]): { area: number; x: number; y: number } {
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0 = 0, y0 = 0] = ring[i] ?? [];
    const [x1 = 0, y1 = 0] = ring[i + 1] ?? [];
    const cross = x0 * y1 - x1 * y0;
    twiceArea += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (twiceArea === 0) return { area: 0, x: 0, y: 0 };
  return { area: twiceArea / 2, x: cx / (3 * twiceArea), y: cy / (3 * twiceArea) };
}

function vertexAverage(ring: number[][]): { latitude: number; longitude: number } {
  const points = ring.slice(0, -1);
  const sum = points.reduce((acc, [x = 0, y = 0]) => ({ x: acc.x + x, y: acc.y + y }), { x: 0, y: 0 });
  return { longitude: round6(sum.x / points.length), latitude: round6(sum.y / points.length) };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
