import type { Translated } from '../db/schema.ts';
import type { FoundationOperation } from '../foundation/operations.ts';
import type { PhotoInput, PolygonInput } from '../foundation/schemas.ts';
import { DEMO_LEGACY_ORDERS, DEMO_PROJECTS, DEMO_RECIPIENTS, DEMO_REFUND, type DemoMeasurement, type DemoPhoto, type DemoPlanting, type DemoProject, MEDIA } from './data.ts';

/**
 * Turns the demo data into the foundation operations that would have produced it,
 * each at the moment it happened, oldest first. Running them in order replays two
 * years of history through the same code the foundation uses.
 */

export interface TimedOperation {
  at: Date;
  operation: FoundationOperation;
}

const DAY = 86_400_000;

/** A moment of the demo's history: a fixed hour and minute per step keeps it looking like office hours, not midnight. */
export function demoMoment(today: Date, daysAgo: number, minute = 0): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - daysAgo * DAY + (9 * 60 + minute) * 60_000 + 417);
}

export function buildDemoTimeline(companyId: string, today: Date): TimedOperation[] {
  const steps: TimedOperation[] = [];
  const at = (daysAgo: number, minute = 0) => demoMoment(today, daysAgo, minute);
  const add = (daysAgo: number, operation: FoundationOperation, minute = 0) => steps.push({ at: at(daysAgo, minute), operation });
  const date = (daysAgo: number) => at(daysAgo).toISOString().slice(0, 10);
  const random = seededRandom(20240417);

  for (const project of DEMO_PROJECTS) {
    addProject(project, add, at, date);
    for (const planting of project.plantings) {
      addPlanting(project, planting, add, date);
      planting.donations.forEach((trees, index) => {
        const last = planting.plantedDaysAgo === undefined ? 2 : Math.max(planting.plantedDaysAgo - 60, 2);
        const daysAgo = Math.round(planting.createdDaysAgo - 5 - ((planting.createdDaysAgo - 5 - last) * (index + random())) / planting.donations.length);
        add(Math.max(daysAgo, 1), {
          op: 'record_allocation',
          input: {
            ref: `demo-${companyId}-${planting.key}-${index + 1}`,
            company_id: companyId,
            livemode: planting.livemode ?? true,
            planting_ref: plantingRef(planting.key),
            trees,
            allocated_at: at(Math.max(daysAgo, 1), 30).toISOString(),
          },
        }, 30);
      });
    }
  }

  let nextTreeNumber = 104_000;
  for (const order of DEMO_LEGACY_ORDERS) {
    const firstTreeNumber = nextTreeNumber;
    nextTreeNumber += order.trees;
    add(order.daysAgo, {
      op: 'record_allocation',
      input: {
        ref: `demo-${companyId}-legacy-${order.orderId}`,
        company_id: companyId,
        livemode: order.livemode,
        planting_ref: plantingRef(order.planting),
        trees: order.trees,
        source: 'legacy',
        legacy_order_id: order.orderId,
        legacy_tree_ids: Array.from({ length: order.trees }, (_, i) => `FBT-${String(firstTreeNumber + i).padStart(7, '0')}`),
        allocated_at: at(order.daysAgo, 45).toISOString(),
      },
    }, 45);
  }

  for (const person of DEMO_RECIPIENTS) {
    add(person.daysAgo, {
      op: 'create_recipient',
      input: {
        ref: `demo-${companyId}-recipient-${person.key}`,
        company_id: companyId,
        livemode: person.livemode,
        trees: person.trees,
        ...(person.project ? { project_ref: projectRef(person.project) } : {}),
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        language: person.language,
        external_reference: person.externalReference,
        message: person.message,
        source: person.source,
      },
    }, 55);
  }

  add(DEMO_REFUND.daysAgo, {
    op: 'change_allocation_trees',
    input: { ref: `demo-${companyId}-${DEMO_REFUND.planting}-${DEMO_REFUND.donation}`, trees: DEMO_REFUND.trees },
    message_id: `demo-${companyId}-refund-1`,
  }, 50);

  return steps.map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.at.getTime() - b.step.at.getTime() || a.index - b.index)
    .map(({ step }) => step);
}

type Add = (daysAgo: number, operation: FoundationOperation, minute?: number) => void;
type At = (daysAgo: number, minute?: number) => Date;
type DateOf = (daysAgo: number) => string;

const plantingRef = (key: string) => `demo-planting-${key}`;
const projectRef = (key: string) => `demo-project-${key}`;

function addProject(project: DemoProject, add: Add, at: At, date: DateOf) {
  const partner = project.partner;
  add(project.startedDaysAgo + 30, { op: 'upsert_partner', input: { ref: `demo-partner-${partner.key}`, name: partner.name, country: partner.country, website_url: partner.website } });
  add(project.startedDaysAgo, {
    op: 'upsert_project',
    input: {
      ref: projectRef(project.key),
      partner_ref: `demo-partner-${partner.key}`,
      name: project.name,
      description: project.description,
      country: project.country,
      region: project.region,
      status: 'active',
      ecosystem_type: project.ecosystem,
      started_at: date(project.startedDaysAgo),
      geometry: plotPolygon(project.plot),
      photos: photos(project.photos, project.startedDaysAgo, date),
      default_species: project.species.map((species) => ({ name_latin: species.latin, name_common: { en: species.en, nl: species.nl }, trees: null })),
      sdg_goals: project.sdgGoals,
      foundation_url: `https://foundation.canopy.example/projects/${project.key}`,
      legacy_id: project.legacyId,
    },
  }, 5);
  for (const measurement of project.projectMeasurements) {
    add(measurement.daysAgo, { op: 'record_monitoring', input: measurementInput(project, null, measurement, date) }, 20);
  }
  for (const verification of project.verifications) {
    const plantedTrees = project.plantings.filter((p) => p.plantedDaysAgo !== undefined && p.plantedDaysAgo > verification.daysAgo && p.livemode !== false)
      .reduce((sum, p) => sum + p.trees, 0);
    add(verification.daysAgo, {
      op: 'publish_verification',
      input: {
        ref: `demo-verification-${project.key}-${verification.key}`,
        project_ref: projectRef(project.key),
        period_start: date(verification.daysAgo + 30 + verification.periodDays),
        period_end: date(verification.daysAgo + 30),
        verifier_name: verification.verifier,
        verifier_website_url: verification.website,
        document_url: `${MEDIA}/verifications/${project.key}-${verification.key}.pdf`,
        summary: verification.summary,
        trees_verified: Math.round(plantedTrees * verification.share),
        published_at: at(verification.daysAgo, 40).toISOString(),
      },
    }, 40);
  }
}

function addPlanting(project: DemoProject, planting: DemoPlanting, add: Add, date: DateOf) {
  const base = { ref: plantingRef(planting.key), project_ref: projectRef(project.key), trees: planting.trees, livemode: planting.livemode ?? true };
  add(planting.createdDaysAgo, { op: 'upsert_planting', input: { ...base, planting_method: planting.method, notes: planting.notes } }, 10);
  const plantedDaysAgo = planting.plantedDaysAgo;
  if (plantedDaysAgo === undefined) return;

  const species = project.species
    .map((entry, index) => ({ name_latin: entry.latin, name_common: { en: entry.en, nl: entry.nl }, trees: Math.round(planting.trees * (planting.speciesShare[index] ?? 0)) }))
    .filter((entry) => entry.trees > 0);
  // The dossier arrives a few days after planting; later photos grow it further.
  const reportedDaysAgo = Math.max(plantedDaysAgo - 4, 1);
  const photosBy = (daysAgo: number) => planting.photos.filter((photo) => plantedDaysAgo - photo.daysAfterPlanting >= daysAgo);
  add(reportedDaysAgo, {
    op: 'upsert_planting',
    input: { ...base, planted_at: date(plantedDaysAgo), geometry: plotPolygon(planting.plot), species, photos: photos(photosBy(reportedDaysAgo), plantedDaysAgo, date) },
  }, 10);
  add(reportedDaysAgo, { op: 'complete_planting', input: { ref: base.ref } }, 15);
  for (const photo of planting.photos.filter((p) => plantedDaysAgo - p.daysAfterPlanting < reportedDaysAgo)) {
    const daysAgo = Math.max(plantedDaysAgo - photo.daysAfterPlanting, 1);
    add(daysAgo, { op: 'upsert_planting', input: { ...base, photos: photos(photosBy(daysAgo), plantedDaysAgo, date) } }, 25);
  }
  for (const measurement of planting.measurements) {
    add(measurement.daysAgo, { op: 'record_monitoring', input: measurementInput(project, planting, measurement, date) }, 20);
  }
}

function measurementInput(project: DemoProject, planting: DemoPlanting | null, measurement: DemoMeasurement, date: DateOf) {
  const trees = planting?.trees ?? project.plantings.filter((p) => p.livemode !== false).reduce((sum, p) => sum + p.trees, 0);
  const subject = planting ? `${project.key}-${planting.key}` : project.key;
  return {
    ref: `demo-monitoring-${subject}-${measurement.daysAgo}`,
    project_ref: projectRef(project.key),
    ...(planting ? { planting_ref: plantingRef(planting.key) } : {}),
    recorded_at: date(measurement.daysAgo + 3),
    survival_rate: measurement.survival,
    trees_alive: Math.round(trees * measurement.survival),
    method: measurement.method,
    ...(measurement.notes ? { notes: measurement.notes } : {}),
  };
}

function photos(list: DemoPhoto[], referenceDaysAgo: number, date: DateOf): PhotoInput[] {
  return list.map((photo) => ({
    url: `${MEDIA}/${photo.file}`,
    caption: photo.caption satisfies Translated,
    taken_at: date(Math.max(referenceDaysAgo - photo.daysAfterPlanting, 1)),
    credit: photo.credit ?? null,
  }));
}

/** An irregular hexagon around the middle of a plot: a closed GeoJSON ring of [longitude, latitude]. */
export function plotPolygon([longitude, latitude, size]: [number, number, number]): PolygonInput {
  const shape = [[-0.5, -0.35], [0.1, -0.5], [0.5, -0.2], [0.45, 0.3], [-0.05, 0.5], [-0.45, 0.2]];
  const ring = shape.map(([dx = 0, dy = 0]) => [round6(longitude + dx * size), round6(latitude + dy * size)]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** mulberry32: the same "random" spread of donations (and the same demo pictures) on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
