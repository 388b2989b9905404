import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../db/schema.ts';
import { insertStoredCopies } from '../modules/photos/copies.ts';
import { DESKTOP_WIDTH, PHONE_WIDTH, type Resized, type ResizedFile } from '../modules/photos/resize.ts';
import { DEMO_PROJECTS, MEDIA } from './data.ts';
import { seededRandom } from './timeline.ts';

/**
 * The demo's photos, made here rather than fetched: the foundation's media host of the demo
 * (MEDIA) does not exist, and `npm start` must show pictures without a network. Each file
 * name gets a landscape of its own, drawn as SVG (a sky, hills, the region's ground and
 * rows of young trees, grown with the photo's age) and stored as Canopy's copy of that URL,
 * exactly as if the copying job had fetched it (modules/photos). The pages then show them
 * at once; the source URLs in the API stay the foundation's.
 */

/** Every photo file the demo's projects and plantings name, with how long after planting it was taken. */
export function demoPhotoFiles(): { file: string; daysAfterPlanting: number }[] {
  const files = new Map<string, number>();
  for (const project of DEMO_PROJECTS) {
    for (const photo of [...project.photos, ...project.plantings.flatMap((planting) => planting.photos)]) files.set(photo.file, photo.daysAfterPlanting);
  }
  return [...files].map(([file, daysAfterPlanting]) => ({ file, daysAfterPlanting }));
}

let made: Promise<{ sourceUrl: string; resized: Resized }[]> | null = null;

/**
 * The demo's photos in both sizes, drawn and encoded once per process (sharp works on
 * libuv's threads, so this runs beside the seed's database work; a test process that
 * seeds several databases draws them once).
 */
export function makeDemoPhotos(): Promise<{ sourceUrl: string; resized: Resized }[]> {
  made ??= Promise.all(demoPhotoFiles().map(async ({ file, daysAfterPlanting }) => {
    const [phone, desktop] = await Promise.all([drawn(file, daysAfterPlanting, PHONE_WIDTH), drawn(file, daysAfterPlanting, DESKTOP_WIDTH)]);
    return { sourceUrl: `${MEDIA}/${file}`, resized: { source: { width: WIDTH, height: HEIGHT }, phone, desktop } };
  }));
  return made;
}

/**
 * One size of a demo photo, drawn at that size (a vector drawing needs no resizing) and
 * encoded as the copying job encodes (resize.ts), with less effort: these are drawings.
 */
async function drawn(file: string, daysAfterPlanting: number, width: number): Promise<ResizedFile> {
  const { data, info } = await sharp(Buffer.from(demoPhotoSvg(file, daysAfterPlanting, width)))
    .webp({ quality: 80, effort: 1 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** Stores the demo's photos as ready copies (a URL with a copy already keeps it). */
export async function storeDemoPhotos(db: Db, photos: Promise<{ sourceUrl: string; resized: Resized }[]>): Promise<void> {
  await insertStoredCopies(db, await photos);
}

const WIDTH = 1280;
const HEIGHT = 960;

interface Palette {
  sky: [string, string];
  far: string;
  near: string;
  ground: [string, string];
  tree: string;
}

const PALETTES: Record<string, Palette> = {
  kenya: { sky: ['#7fb2e0', '#dcebf3'], far: '#8aa1b5', near: '#4f7a4a', ground: ['#8b4a2b', '#6d3a22'], tree: '#2f6b3a' },
  demak: { sky: ['#9cc6de', '#f1ead6'], far: '#9fb7a8', near: '#5d8a64', ground: ['#8c7b5e', '#6f624a'], tree: '#2d6a45' },
  alentejo: { sky: ['#8fb8dc', '#f6e7c4'], far: '#b9a27a', near: '#a88d52', ground: ['#c9a45c', '#a9843f'], tree: '#3f5e2e' },
};

/** A landscape for one photo file: its region's colours, hills and trees placed by its name, saplings as old as the photo. */
export function demoPhotoSvg(file: string, daysAfterPlanting: number, width = WIDTH): string {
  const region = file.split('/')[0] ?? 'kenya';
  const palette = PALETTES[region] ?? PALETTES.kenya!;
  const random = seededRandom(createHash('sha256').update(file).digest().readUInt32BE(0));
  const horizon = HEIGHT * (0.42 + random() * 0.1);
  const growth = Math.min(1, 0.55 + daysAfterPlanting / 800);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * HEIGHT) / WIDTH)}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    '<defs>',
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.ground[0]}"/><stop offset="1" stop-color="${palette.ground[1]}"/></linearGradient>`,
    '<radialGradient id="sun"><stop offset="0" stop-color="#fffbe8"/><stop offset=".35" stop-color="#fff3c4" stop-opacity=".9"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>',
    '<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#ffffff" stop-opacity=".35"/></linearGradient>',
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="${WIDTH * (0.15 + random() * 0.7)}" cy="${horizon * (0.25 + random() * 0.3)}" r="150" fill="url(#sun)"/>`,
  ];
  for (let cloud = 0; cloud < 3; cloud++) parts.push(cloudAt(WIDTH * random(), horizon * (0.15 + random() * 0.45), 0.6 + random() * 0.8));
  if (region === 'kenya') parts.push(mountKenya(WIDTH * (0.3 + random() * 0.4), horizon));
  parts.push(ridge(horizon - 70, 60, palette.far, random), `<rect y="${horizon - 140}" width="${WIDTH}" height="140" fill="url(#haze)"/>`);
  if (region === 'demak') parts.push(`<rect y="${horizon - 18}" width="${WIDTH}" height="60" fill="#7fa9bd"/>`, `<rect y="${horizon - 18}" width="${WIDTH}" height="6" fill="#cfe3ea" fill-opacity=".7"/>`);
  parts.push(ridge(horizon - 10, 40, palette.near, random));
  if (region === 'alentejo') for (let oak = 0; oak < 6; oak++) parts.push(oakAt(WIDTH * random(), horizon + 10 + random() * 30, 0.5 + random() * 0.6, palette.tree));
  parts.push(`<path d="M0 ${horizon + 20} Q ${WIDTH / 2} ${horizon - 10} ${WIDTH} ${horizon + 25} L ${WIDTH} ${HEIGHT} L 0 ${HEIGHT} Z" fill="url(#ground)"/>`);
  if (region === 'demak') parts.push(tidalPools(horizon, random));
  parts.push(plantedRows(file, horizon, growth, palette, random));
  parts.push('</svg>');
  return parts.join('');
}

/** Rows running towards a point on the horizon, a young tree every so often on each, larger as they come nearer. */
function plantedRows(file: string, horizon: number, growth: number, palette: Palette, random: () => number): string {
  if (/coast/.test(file)) return ''; // before restoration: bare, eroded ground
  const vanishing = WIDTH * (0.35 + random() * 0.3);
  const top = horizon + 30;
  const shapes: string[] = [];
  const rows = 9;
  for (let row = 0; row < rows; row++) {
    const bottomX = -WIDTH * 0.6 + (row / (rows - 1)) * WIDTH * 2.2;
    shapes.push(`<path d="M${vanishing} ${top} L${bottomX} ${HEIGHT}" stroke="#000" stroke-opacity=".08" stroke-width="14"/>`);
    for (let step = 1; step <= 12; step++) {
      const depth = (step / 12) ** 1.7;
      const x = vanishing + (bottomX - vanishing) * depth;
      const y = top + (HEIGHT - top) * depth;
      if (x < -40 || x > WIDTH + 40) continue;
      const scale = (0.2 + depth * 1.8) * growth * (0.85 + random() * 0.3);
      shapes.push(/guards/.test(file) ? treeGuard(x, y, scale) : /nursery|propagules/.test(file) ? seedling(x, y, scale * 1.2, palette.tree) : sapling(x, y, scale, palette.tree));
    }
  }
  return shapes.join('');
}

function sapling(x: number, y: number, scale: number, green: string): string {
  const h = 90 * scale;
  return `<g><line x1="${x}" y1="${y}" x2="${x}" y2="${y - h}" stroke="#5b4228" stroke-width="${Math.max(1, 4 * scale)}"/>`
    + `<ellipse cx="${x}" cy="${y - h}" rx="${28 * scale}" ry="${34 * scale}" fill="${green}"/>`
    + `<ellipse cx="${x - 14 * scale}" cy="${y - h + 14 * scale}" rx="${18 * scale}" ry="${16 * scale}" fill="${green}" fill-opacity=".85"/>`
    + `<ellipse cx="${x + 12 * scale}" cy="${y - h - 8 * scale}" rx="${14 * scale}" ry="${14 * scale}" fill="#ffffff" fill-opacity=".12"/></g>`;
}

function seedling(x: number, y: number, scale: number, green: string): string {
  return `<g><rect x="${x - 14 * scale}" y="${y - 22 * scale}" width="${28 * scale}" height="${24 * scale}" rx="${4 * scale}" fill="#2a2a2a"/>`
    + `<path d="M${x} ${y - 22 * scale} q ${-22 * scale} ${-20 * scale} ${-30 * scale} ${-6 * scale} q ${16 * scale} ${6 * scale} ${30 * scale} ${6 * scale} q ${22 * scale} ${-22 * scale} ${32 * scale} ${-8 * scale} q ${-18 * scale} ${8 * scale} ${-32 * scale} ${8 * scale}" fill="${green}"/></g>`;
}

function treeGuard(x: number, y: number, scale: number): string {
  const w = 22 * scale;
  const h = 80 * scale;
  return `<g><rect x="${x - w / 2}" y="${y - h}" width="${w}" height="${h}" rx="${w / 3}" fill="#e9efe6"/><rect x="${x - w / 2}" y="${y - h}" width="${w / 3}" height="${h}" fill="#ffffff" fill-opacity=".6"/><ellipse cx="${x}" cy="${y - h}" rx="${w / 2}" ry="${w / 6}" fill="#cbd6c6"/></g>`;
}

function oakAt(x: number, y: number, scale: number, green: string): string {
  return `<g><path d="M${x - 6 * scale} ${y} L${x - 3 * scale} ${y - 50 * scale} L${x + 3 * scale} ${y - 50 * scale} L${x + 6 * scale} ${y} Z" fill="#4a3520"/>`
    + `<ellipse cx="${x}" cy="${y - 62 * scale}" rx="${70 * scale}" ry="${34 * scale}" fill="${green}"/>`
    + `<ellipse cx="${x - 30 * scale}" cy="${y - 70 * scale}" rx="${36 * scale}" ry="${22 * scale}" fill="${green}"/></g>`;
}

function mountKenya(x: number, horizon: number): string {
  const top = horizon - 330;
  return `<path d="M${x - 520} ${horizon} L${x - 70} ${top + 40} L${x - 20} ${top} L${x + 40} ${top + 30} L${x + 560} ${horizon} Z" fill="#7d8fa6"/>`
    + `<path d="M${x - 70} ${top + 40} L${x - 20} ${top} L${x + 40} ${top + 30} L${x + 75} ${top + 70} L${x + 20} ${top + 55} L${x - 30} ${top + 80} L${x - 100} ${top + 70} Z" fill="#f4f7fb"/>`;
}

function ridge(base: number, amplitude: number, colour: string, random: () => number): string {
  const points: string[] = [`M0 ${HEIGHT}`, `L0 ${base}`];
  const steps = 6;
  for (let i = 1; i <= steps; i++) {
    const x = (i / steps) * WIDTH;
    const y = base - random() * amplitude;
    points.push(`Q ${x - WIDTH / steps / 2} ${y - amplitude * 0.6} ${x} ${y}`);
  }
  points.push(`L${WIDTH} ${HEIGHT} Z`);
  return `<path d="${points.join(' ')}" fill="${colour}"/>`;
}

function cloudAt(x: number, y: number, scale: number): string {
  return `<g fill="#ffffff" fill-opacity=".75"><ellipse cx="${x}" cy="${y}" rx="${90 * scale}" ry="${26 * scale}"/><ellipse cx="${x + 40 * scale}" cy="${y - 16 * scale}" rx="${50 * scale}" ry="${26 * scale}"/><ellipse cx="${x - 45 * scale}" cy="${y - 8 * scale}" rx="${40 * scale}" ry="${20 * scale}"/></g>`;
}

function tidalPools(horizon: number, random: () => number): string {
  const pools: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y = horizon + 60 + random() * (HEIGHT - horizon - 120);
    pools.push(`<ellipse cx="${WIDTH * random()}" cy="${y}" rx="${120 + random() * 200}" ry="${10 + (y - horizon) / 18}" fill="#8fb3c2" fill-opacity=".75"/>`);
  }
  return pools.join('');
}

