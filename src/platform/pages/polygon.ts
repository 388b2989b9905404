/**
 * A planting's GeoJSON polygon as an inline SVG path, so the page draws its map with no
 * outside service. Longitude runs left to right and latitude bottom to top, scaled by
 * the cosine of the latitude so the shape keeps its proportions; the outline is
 * fitted to the box with a margin.
 */
export function polygonSvgPath(rings: number[][][], size = { width: 320, height: 220, margin: 16 }): string {
  const outline = rings[0] ?? [];
  if (outline.length < 3) return '';
  const meanLatitude = outline.reduce((sum, [, latitude = 0]) => sum + latitude, 0) / outline.length;
  const xScale = Math.cos((meanLatitude * Math.PI) / 180);
  const points = rings.map((ring) => ring.map(([longitude = 0, latitude = 0]) => [longitude * xScale, latitude] as const));
  const all = points.flat();
  const [minX, maxX] = [Math.min(...all.map(([x]) => x)), Math.max(...all.map(([x]) => x))];
  const [minY, maxY] = [Math.min(...all.map(([, y]) => y)), Math.max(...all.map(([, y]) => y))];
  const scale = Math.min((size.width - 2 * size.margin) / (maxX - minX || 1), (size.height - 2 * size.margin) / (maxY - minY || 1));
  const offsetX = (size.width - (maxX - minX) * scale) / 2;
  const offsetY = (size.height - (maxY - minY) * scale) / 2;
  return points
    .map((ring) => `M${ring.map(([x, y]) => `${(offsetX + (x - minX) * scale).toFixed(1)},${(offsetY + (maxY - y) * scale).toFixed(1)}`).join('L')}Z`)
    .join(' ');
}
