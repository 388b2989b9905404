/**
 * The examples of the OpenAPI document, so that the API reference shows real values where a
 * renderer would otherwise make up `"string"` and `0`. One world, the demo's (src/demo/data.ts):
 * Fairbrook Coffee Roasters and its trees in Kenya, with Indonesia and Portugal behind its
 * totals; every id has its prefix and 24 characters, every figure adds up, every time is in
 * 2026 (but for a gift code's valid_until, a year after it was made), and the people are
 * obviously made up (example.com addresses). Links start with the server's own base URL.
 *
 * http/openapi.ts puts them in the document: `components` on each named schema (`examples`),
 * `requests` on each request body and `responses` on the answers that are not simply the
 * named schema's example, and it builds each list's and each error's example from these.
 * test/platform/http/openapi-examples.test.ts holds every one to its schema, and sends every
 * request example to the API.
 */

import { CanopyError, type ErrorCode, errorBody, errors } from '../../core/errors.ts';
import { SCOPES } from '../../core/scopes.ts';

type Json = object;

export interface OpenApiExamples {
  /** By named schema ($id): what the reference shows wherever that schema is answered. */
  components: Record<string, Json>;
  /** By operationId: the request body. */
  requests: Record<string, Json>;
  /** By operationId: the answer, where it is not the named schema's example (a create, an update, a test helper, a delete). */
  responses: Record<string, Json>;
}

/** The ids of the example world, each prefix and 24 alphanumerics (spec section 1). */
export const EXAMPLE_IDS = {
  company: 'cmp_ECcNQf2suOoOOsgAwpIYiIP9',
  kenya: 'prj_K2zzSxxnF1eKUpTXYgwMzqHx',
  testForest: 'prj_D0UaJdiZqlOOYGmHkeF7Cqur',
  greenBelt: 'ptn_APXrSLU0FhEQBKuzK8UXgrsq',
  kabaru: 'plt_lvYQqGL9TMknwnJNH6nysbCj',
  kiandongoro: 'plt_CwBZWJOBrUgazX5M4W4Nc8OH',
  chinga: 'plt_uiXzSj9Cofgi4WZr1LcdOc0N',
  testPlanting: 'plt_Qm3rT8vXn2LpW6sJd9KfYh4B',
  amaraTrees: 'alloc_db5w2HYItbI9C9wXsPYeZW2q',
  pledged: 'alloc_gwPzEkgu70fENG6mUMaatI5b',
  kabaruDonation: 'alloc_8it5yTDrm7I35wMkMp4t3skn',
  refunded: 'alloc_Zr4nYb7TqW2mKc9XsLd5Hg3P',
  testTrees: 'alloc_DOkSWPJ42J2A0VepElDtJpJP',
  pieterTrees: 'alloc_Vt6wNq2RbX8cLm4JzHs9Kd3F',
  amara: 'rcp_2H7sCB2jZ5uK8pRA2pocvvDv',
  pieter: 'rcp_kzkdfPBScRTaQES2kQU8KhDe',
  tess: 'rcp_tUPPDABkRQlOh2f5QjRJDRZU',
  newsletterCode: 'gift_maS35YKFUVeYwL4IQ9FMVWMk',
  pieterCode: 'gift_0OzWDKQJACTVNR9wEchSXmmt',
  lostCard: 'gift_AUm8SscuzM2fwc3gsTIG02FE',
  testCode: 'gift_S0UCeKgicXs7aDOulnUUIqBt',
  amaraCertificate: 'cert_2xNh4yblVdHnOm27ZrE2ke02',
  pieterCertificate: 'cert_Ne6gfEHUZIGUdIKSxr2Hv9Y1',
  kabaruMeasurement: 'mon_v9UF8kF6JMvBiTCMbkAhGdOT',
  kenyaVerification: 'ver_UXcMILJFbi8xIvSBwQOO1Exq',
  testVerification: 'ver_CtgfSHg0G3FH85Hw0XuXppcr',
  orderSystem: 'whe_SXU176W33VFoF4FB7fDn1abr',
  request: 'req_1A6dXoy9cswU74ZpGdv5fXSM',
} as const;

const id = EXAMPLE_IDS;
const MEDIA = 'https://media.demo.canopy.example';
const EVENT_IDS: Record<string, string> = {
  'allocation.created': 'evt_DUQftwH5MeDRmitmDXJTHBLv',
  'allocation.planted': 'evt_47aF1PvrCNg0jzs8jaDkjQWL',
  'allocation.monitored': 'evt_3Ecs0HniBxXUGfzeJMH8NHH7',
  'allocation.updated': 'evt_wgaINy2zYNHHc5cmoRq6qcXt',
  'planting.updated': 'evt_D4wFoqPRGd9oL1BRrTeMpNkB',
  'verification.published': 'evt_9nscFryRPfkKVSrusG1IwhXS',
  'recipient.created': 'evt_Y3Z7Pci4oPLMaajn5dY9DUaP',
  'recipient.claimed': 'evt_NqLJaqpQJk5JsxSssmIkhFuJ',
  'certificate.created': 'evt_1tFnTCwE9mL26n3V2Q87w9Er',
};

/** The company's trees per project: the company's totals are their sums. */
const KENYA_TREES = { total: 3020, pledged: 895, planted: 465, monitored: 1660 };
const INDONESIA_TREES = { total: 2285, pledged: 555, planted: 550, monitored: 1180 };
const PORTUGAL_TREES = { total: 590, pledged: 0, planted: 280, monitored: 310 };
const COMPANY_TREES = sumTrees([KENYA_TREES, INDONESIA_TREES, PORTUGAL_TREES]);
/** Held by its 7 recipients (48 trees) and its one open gift code (5). */
const TREES_ASSIGNED = 53;

function sumTrees(parts: { total: number; pledged: number; planted: number; monitored: number }[]) {
  const sum = (key: keyof (typeof parts)[number]) => parts.reduce((total, part) => total + part[key], 0);
  return { total: sum('total'), pledged: sum('pledged'), planted: sum('planted'), monitored: sum('monitored') };
}

const KENYA_SPECIES = [
  { name_latin: 'Prunus africana', name_common: 'African cherry' },
  { name_latin: 'Juniperus procera', name_common: 'African pencil cedar' },
  { name_latin: 'Podocarpus latifolius', name_common: 'Real yellowwood' },
  { name_latin: 'Croton megalocarpus', name_common: 'Croton' },
];
/** Kabaru's 12,000 trees over the project's species. */
const KABARU_SPECIES = KENYA_SPECIES.map((species, i) => ({ ...species, trees: [4800, 3000, 2400, 1800][i] }));

interface AllocationFields {
  id: string;
  livemode?: boolean;
  trees: number;
  status: 'pledged' | 'planted' | 'monitored';
  planting: string;
  project?: string;
  recipient?: string;
  certificate?: string;
  allocated_at: string;
  planted_at: string | null;
  created_at: string;
  updated_at: string;
}

const polygon = (coordinates: [number, number][]) => ({ type: 'Polygon', coordinates: [[...coordinates, coordinates[0]]] });

export function openApiExamples(base: string): OpenApiExamples {
  const certificateUrl = (certificate: string) => `${base}/certificates/${certificate}`;
  // A signed link valid for an hour from when it was read (certificates/download.ts).
  const downloadUrl = (certificate: string, expires: number, signature: string) => `${certificateUrl(certificate)}/download?expires=${expires}&signature=${signature}`;

  const partner = {
    id: id.greenBelt, object: 'planting_partner', name: 'Green Belt Restoration Trust', country: 'KE', website_url: 'https://greenbelt-trust.example.org',
  };

  const verification = {
    id: id.kenyaVerification, object: 'verification', livemode: true, project: id.kenya,
    period_start: '2025-09-01', period_end: '2026-08-31',
    verifier_name: 'EcoAudit East Africa', verifier_website_url: 'https://ecoaudit-ea.example.org',
    document_url: `${MEDIA}/verifications/mount-kenya-2025.pdf`,
    summary: 'Field audit of 40 sample plots confirms planting records and survival figures.',
    // Kabaru (12,000), Chinga (8,000) and Gatei (10,000) were planted; 27,000 were counted alive.
    trees_verified: 27000,
    published_at: '2026-09-15T10:00:00Z',
  };

  const measurement = {
    id: id.kabaruMeasurement, object: 'monitoring', livemode: true, planting: id.kabaru, project: id.kenya,
    recorded_at: '2026-10-20', survival_rate: 0.91, trees_alive: 10920, method: 'sample_plot_count',
    photos: [{ url: `${MEDIA}/kenya/kabaru-six-months.jpg`, caption: 'Six months later: the first saplings above the grass', taken_at: '2026-10-20', credit: 'Green Belt Restoration Trust' }],
    notes: 'Some losses after a dry spell in August.',
  };

  const project = {
    id: id.kenya, object: 'project', livemode: true,
    name: 'Mount Kenya Montane Forest Restoration',
    description: 'Smallholder farmers and community nurseries restore degraded montane forest on the western slopes of Mount Kenya, reconnecting forest fragments that protect the water supply of Nyeri.',
    country: 'KE', region: 'Nyeri County', status: 'active', ecosystem_type: 'tropical_montane_forest', partner: id.greenBelt,
    started_at: '2024-09-02',
    location: { latitude: -0.385, longitude: 37.045 },
    geometry: polygon([[37.015, -0.415], [37.075, -0.415], [37.075, -0.355], [37.015, -0.355]]),
    photos: [{ url: `${MEDIA}/kenya/nursery-kabaru.jpg`, caption: 'Seedlings in the community nursery at Kabaru', taken_at: '2026-02-03', credit: 'Green Belt Restoration Trust' }],
    default_species: KENYA_SPECIES.map((species) => ({ ...species, trees: null })),
    sdg_goals: [6, 13, 15],
    trees: KENYA_TREES,
    verification: { status: 'verified', latest: verification },
    foundation_url: 'https://foundation.canopy.example/projects/mount-kenya',
    created_at: '2026-01-12T08:30:00Z',
    updated_at: '2026-09-15T10:00:00Z',
  };

  const planting = {
    id: id.kabaru, object: 'planting', livemode: true, project: id.kenya, partner: id.greenBelt, source: 'foundation',
    planted_at: '2026-04-14', trees: 12000, trees_for_company: 1045, species: KABARU_SPECIES,
    location: { latitude: -0.372, longitude: 37.031 },
    geometry: polygon([[37.025, -0.378], [37.037, -0.378], [37.037, -0.366], [37.025, -0.366]]),
    photos: [
      { url: `${MEDIA}/kenya/kabaru-planting-day.jpg`, caption: 'Planting day with the Kabaru farmers group', taken_at: '2026-04-14', credit: 'Green Belt Restoration Trust' },
      measurement.photos[0],
    ],
    planting_method: 'seedlings',
    notes: 'Planted at the start of the long rains on former grazing land.',
    latest_monitoring: measurement,
    verification: { status: 'verified', latest: verification },
    created_at: '2026-01-20T07:45:00Z',
    updated_at: '2026-10-21T06:10:00Z',
  };

  // In the order of the schema's fields, as Canopy answers them.
  const allocation = (a: AllocationFields) => ({
    id: a.id, object: 'allocation', livemode: a.livemode ?? true, trees: a.trees, status: a.status, source: 'foundation',
    planting: a.planting, project: a.project ?? id.kenya, recipient: a.recipient ?? null, certificate: a.certificate ?? null,
    allocated_at: a.allocated_at, planted_at: a.planted_at, legacy_tree_ids: [], legacy_order_id: null, created_at: a.created_at, updated_at: a.updated_at,
  });
  // Amara's 10 trees, split from a donation to Kabaru when she was given them.
  const amaraTrees = allocation({
    id: id.amaraTrees, trees: 10, status: 'monitored', planting: id.kabaru, recipient: id.amara, certificate: id.amaraCertificate,
    allocated_at: '2026-02-10T09:30:00Z', planted_at: '2026-04-14', created_at: '2026-11-17T09:50:31Z', updated_at: '2026-11-17T09:50:31Z',
  });
  const kabaruDonation = (status: AllocationFields['status'], updatedAt: string) => allocation({
    id: id.kabaruDonation, trees: 240, status, planting: id.kabaru,
    allocated_at: '2026-02-10T09:30:00Z', planted_at: '2026-04-14', created_at: '2026-02-10T09:30:00Z', updated_at: updatedAt,
  });
  const pledged = allocation({
    id: id.pledged, trees: 220, status: 'pledged', planting: id.kiandongoro,
    allocated_at: '2026-11-02T14:05:00Z', planted_at: null, created_at: '2026-11-02T14:05:00Z', updated_at: '2026-11-02T14:05:00Z',
  });
  const refunded = allocation({
    id: id.refunded, trees: 215, status: 'monitored', planting: id.chinga,
    allocated_at: '2026-03-18T11:20:00Z', planted_at: '2026-05-06', created_at: '2026-03-18T11:20:00Z', updated_at: '2026-06-29T09:55:00Z',
  });

  const amaraCertificate = {
    id: id.amaraCertificate, object: 'certificate', livemode: true, type: 'personal', number: 'CNP-2026-000214', trees: 10,
    project: id.kenya, recipient: id.amara, allocations: [id.amaraTrees], language: 'en',
    issued_at: '2026-11-17T09:50:34Z', url: certificateUrl(id.amaraCertificate),
    download_url: downloadUrl(id.amaraCertificate, 1794916241, '131a8182c3fd7901a794d0200bf8e9d8c560e9ceb154426143fc010603624603'),
    created_at: '2026-11-17T09:50:34Z', updated_at: '2026-11-17T09:50:34Z',
  };
  const pieterCertificate = {
    ...amaraCertificate, id: id.pieterCertificate, type: 'gift', number: 'CNP-2026-000198', trees: 3, recipient: id.pieter,
    allocations: [id.pieterTrees], language: 'nl', issued_at: '2026-11-08T09:12:03Z', url: certificateUrl(id.pieterCertificate),
    download_url: downloadUrl(id.pieterCertificate, 1794916241, '7d0e52c1a93f48b6e2a1c07f5d98b3e4a61f2c8d0b97e34a5c1d6f80e2b4a937'),
    created_at: '2026-11-08T09:12:03Z', updated_at: '2026-11-08T09:12:03Z',
  };

  const amaraOrder = {
    trees: 10, first_name: 'Amara', last_name: 'Ndiaye', email: 'amara.ndiaye@example.com', language: 'en',
    external_reference: 'order-10412', message: 'Thank you for choosing our Kenyan single origin.', send_email: true, project: id.kenya,
  };
  const amara = {
    id: id.amara, object: 'recipient', livemode: true,
    first_name: amaraOrder.first_name, last_name: amaraOrder.last_name, email: amaraOrder.email, language: amaraOrder.language,
    external_reference: amaraOrder.external_reference, trees: amaraOrder.trees, project: amaraOrder.project, message: amaraOrder.message,
    source: 'api', send_email: amaraOrder.send_email, gift_code: null, certificate: amaraCertificate, allocations: [id.amaraTrees],
    email_sent_at: '2026-11-17T09:50:41Z', claimed_at: null, created_at: '2026-11-17T09:50:31Z', updated_at: '2026-11-17T09:50:41Z',
  };
  // As POST answers it: the certificate follows moments later (certificate.created).
  const amaraJustCreated = { ...amara, certificate: null, email_sent_at: null, updated_at: amara.created_at };
  const pieter = {
    id: id.pieter, object: 'recipient', livemode: true, first_name: 'Pieter', last_name: 'de Boer', email: 'pieter.deboer@example.nl',
    language: 'nl', external_reference: null, trees: 3, project: null, message: null, source: 'gift_code', send_email: true,
    gift_code: id.pieterCode, certificate: pieterCertificate, allocations: [id.pieterTrees],
    email_sent_at: '2026-11-08T09:12:09Z', claimed_at: '2026-11-08T09:12:00Z', created_at: '2026-11-08T09:12:00Z', updated_at: '2026-11-08T09:12:09Z',
  };

  const newsletterOrder = { trees: 5, sent_to: { name: 'Noor Bakker', email: 'noor.bakker@example.nl' }, external_reference: 'NEWSLETTER-2026-11' };
  const newsletterCode = {
    id: id.newsletterCode, object: 'gift_code', livemode: true, code: '7KQM-4TXR-9HBW', claim_url: `${base}/gift/7KQM-4TXR-9HBW`,
    status: 'open', trees: newsletterOrder.trees, project: null, sent_to: newsletterOrder.sent_to, external_reference: newsletterOrder.external_reference,
    recipient: null, valid_until: '2027-11-20T09:55:00Z', claimed_at: null, created_at: '2026-11-20T09:55:00Z', updated_at: '2026-11-20T09:55:00Z',
  };
  const lostCardRevoked = {
    ...newsletterCode, id: id.lostCard, code: 'C3VN-8PDJ-2MRE', claim_url: `${base}/gift/C3VN-8PDJ-2MRE`, status: 'revoked', trees: 2,
    // Revoked with remove_personal_data: who it was handed to is erased.
    sent_to: { name: null, email: null }, external_reference: 'GIFTCARD-0117',
    valid_until: '2027-10-17T13:00:00Z', created_at: '2026-10-17T13:00:00Z', updated_at: '2026-10-22T08:40:00Z',
  };

  const orderSystemSettings = {
    url: 'https://fairbrook-coffee.example/webhooks/canopy',
    enabled_events: ['recipient.created', 'recipient.claimed', 'certificate.created'],
    description: 'Order system: certificates and claims',
    include_personal_data: false,
  };
  const orderSystem = {
    id: id.orderSystem, object: 'webhook_endpoint', livemode: true, url: orderSystemSettings.url, description: orderSystemSettings.description,
    enabled_events: orderSystemSettings.enabled_events, include_personal_data: orderSystemSettings.include_personal_data,
    status: 'enabled', disabled_reason: null, created_at: '2026-03-02T10:15:00Z', updated_at: '2026-03-02T10:15:00Z',
  };

  const delivered = { endpoint: id.orderSystem, status: 'delivered', attempts: 1, next_attempt_at: null, last_attempt_at: '2026-11-17T09:50:32Z', last_status_code: 200 };
  const event = (type: string, created: string, data: Json, deliveries: Json[] = []) => ({
    id: EVENT_IDS[type], object: 'event', livemode: true, type, created, data, deliveries,
  });
  const events = {
    'allocation.created': event('allocation.created', pledged.created_at, { object: pledged }),
    'allocation.planted': event('allocation.planted', '2026-04-15T06:00:00Z', { object: kabaruDonation('planted', '2026-04-15T06:00:00Z') }),
    'allocation.monitored': event('allocation.monitored', planting.updated_at, { object: kabaruDonation('monitored', planting.updated_at) }),
    'allocation.updated': event('allocation.updated', refunded.updated_at, { object: refunded, previous: { trees: 230 } }),
    'planting.updated': event('planting.updated', planting.updated_at, { object: planting }),
    'verification.published': event('verification.published', verification.published_at, { object: verification }),
    'recipient.created': event('recipient.created', amara.created_at, { object: amaraJustCreated }, [delivered]),
    'recipient.claimed': event('recipient.claimed', pieter.claimed_at, { object: pieter }, [{ ...delivered, last_attempt_at: '2026-11-08T09:12:01Z' }]),
    'certificate.created': event('certificate.created', amaraCertificate.created_at, { object: amaraCertificate }, [{ ...delivered, last_attempt_at: '2026-11-17T09:50:35Z' }]),
  };

  const token = {
    object: 'token', name: 'Order system (live)', livemode: true,
    scopes: SCOPES.filter((scope) => scope.endsWith(':read') || scope === 'recipients:write' || scope === 'gift-codes:write'),
    expires_at: '2026-12-31T23:59:59Z', ip_allowlist: ['203.0.113.0/24'],
    company: { id: id.company, object: 'company', name: 'Fairbrook Coffee Roasters', slug: 'fairbrook-coffee' },
    owner: { object: 'user', name: 'Maya de Vries', email: 'maya.devries@example.com' },
    rate_limits: { per_token_per_minute: 600, per_company_per_minute: 1200, writes_per_company_per_minute: 120 },
  };

  const company = {
    id: id.company, object: 'company', livemode: true, name: 'Fairbrook Coffee Roasters', slug: 'fairbrook-coffee',
    status: 'active', plan: 'automate', country: 'NL', website_url: 'https://fairbrook-coffee.example',
    logo_url: `${base}/impact/fairbrook-coffee/logo.svg`, public_page_url: `${base}/impact/fairbrook-coffee`,
    trees: COMPANY_TREES, trees_unassigned: COMPANY_TREES.total - TREES_ASSIGNED,
    counts: { projects: 3, plantings: 9, recipients: 7, certificates: 8 },
    first_contribution_at: '2026-01-14T09:30:00Z', created_at: '2026-01-08T16:02:00Z', updated_at: '2026-11-20T09:55:00Z',
  };

  // The test helpers' world: test mode (livemode false), the sandbox project they make.
  const testTrees = (fields: Partial<AllocationFields>) => allocation({
    id: id.testTrees, livemode: false, trees: 10, status: 'pledged', planting: id.testPlanting, project: id.testForest,
    allocated_at: '2026-11-26T08:00:00Z', planted_at: null, created_at: '2026-11-26T08:00:00Z', updated_at: '2026-11-26T08:00:00Z', ...fields,
  });
  const testVerification = {
    id: id.testVerification, object: 'verification', livemode: false, project: id.testForest, period_start: '2025-01-01', period_end: '2025-12-31',
    verifier_name: 'Canopy Test Verifier', verifier_website_url: null, document_url: null,
    summary: 'Test verification statement made by a test helper.', trees_verified: 10, published_at: '2026-11-26T08:03:00Z',
  };
  const testForest = {
    ...project, id: id.testForest, livemode: false, name: 'Canopy Test Forest', description: 'A project that exists only in test mode, for test helpers.',
    country: 'NL', region: 'Utrecht', status: 'active', ecosystem_type: 'temperate_forest', partner: 'ptn_Hc7Lq2WmZ9xR4tNb8VsK3dJf',
    started_at: null, location: { latitude: 52.09, longitude: 5.11 },
    geometry: polygon([[5.1, 52.08], [5.12, 52.08], [5.12, 52.1], [5.1, 52.1]]), photos: [],
    default_species: [{ name_latin: 'Quercus robur', name_common: 'English oak', trees: null }], sdg_goals: [],
    trees: { total: 10, pledged: 0, planted: 0, monitored: 10 },
    verification: { status: 'verified', latest: testVerification }, foundation_url: null,
    created_at: '2026-11-26T08:00:00Z', updated_at: '2026-11-26T08:03:00Z',
  };
  const tessClaim = { first_name: 'Tess', last_name: 'Tester', email: 'tess.tester@example.com', language: 'nl' };
  const testCodeClaimed = {
    ...newsletterCode, id: id.testCode, livemode: false, code: 'T4ST-9QMX-6WBD', claim_url: `${base}/gift/T4ST-9QMX-6WBD`, status: 'claimed', trees: 2,
    sent_to: { name: 'Tess Tester', email: 'tess.tester@example.com' }, external_reference: 'TEST-GIFT-1', recipient: id.tess,
    valid_until: '2026-12-25T08:00:00Z', claimed_at: '2026-11-26T08:05:00Z', created_at: '2026-11-25T08:00:00Z', updated_at: '2026-11-26T08:05:00Z',
  };

  return {
    components: {
      // What POST /v2/recipients answers when too few trees are unassigned.
      Error: errorExample(['no_trees_available'], [], { base, method: 'POST', url: '/v2/recipients', bodyRequired: ['trees'], query: [] }) ?? {},
      Token: token,
      Company: company,
      Allocation: amaraTrees,
      Planting: planting,
      PlantingPartner: partner,
      Project: project,
      Monitoring: measurement,
      Verification: verification,
      Recipient: amara,
      EmbeddedCertificate: amaraCertificate,
      GiftCode: newsletterCode,
      Certificate: amaraCertificate,
      WebhookEndpoint: orderSystem,
      WebhookEndpointWithSecret: { ...orderSystem, secret: 'whsec_TD1mdZBaUd6m3nqV3oTh7N+3QrFBs1LII+bfjY34KIY=' },
      // Two failed deliveries sent again, three events missed while it was off queued, one still pending left alone.
      WebhookEndpointRecovery: {
        object: 'webhook_endpoint_recovery', endpoint: id.orderSystem, livemode: true, since: '2026-11-20T00:00:00Z', created: '2026-11-24T13:45:00Z',
        queued: 5, queued_failed: 2, queued_missed: 3, already_pending: 1,
      },
      Event: events['recipient.created'],
      AllocationCreatedEvent: events['allocation.created'],
      AllocationPlantedEvent: events['allocation.planted'],
      AllocationMonitoredEvent: events['allocation.monitored'],
      AllocationUpdatedEvent: events['allocation.updated'],
      PlantingUpdatedEvent: events['planting.updated'],
      VerificationPublishedEvent: events['verification.published'],
      RecipientCreatedEvent: events['recipient.created'],
      RecipientClaimedEvent: events['recipient.claimed'],
      CertificateCreatedEvent: events['certificate.created'],
      // The first entry of GET /v2/event-types to a live token (modules/webhooks/event-types.ts): the sample is the example event, never delivered.
      EventType: {
        object: 'event_type', type: 'allocation.created',
        description: 'A new allocation of trees: trees pledged to the company, or a part split off an allocation when some of its trees were given to a recipient or reserved for a gift code. Its status says where its trees are: pledged trees are not planted yet.',
        data_object: 'allocation', personal_data: false, sample: { ...events['allocation.created'], deliveries: [] },
      },
    },
    requests: {
      createRecipient: amaraOrder,
      updateRecipient: { email: 'amara.n@example.com' },
      createGiftCode: newsletterOrder,
      revokeGiftCode: { remove_personal_data: true },
      createWebhookEndpoint: orderSystemSettings,
      rotateWebhookEndpointSecret: { expires_in: 3600 },
      updateWebhookEndpoint: { enabled_events: ['*'], description: 'Order system: every event' },
      redeliverEvent: { endpoint: id.orderSystem },
      recoverWebhookEndpoint: { since: '2026-11-20T00:00:00Z' },
      testHelperCreateAllocation: { trees: 10 },
      testHelperChangeAllocationTrees: { trees: 6 },
      testHelperClaimGiftCode: tessClaim,
    },
    responses: {
      createRecipient: amaraJustCreated,
      // A new email is kept; it reissues nothing, as the certificate does not print it.
      updateRecipient: { ...amara, email: 'amara.n@example.com', updated_at: '2026-11-19T15:02:11Z' },
      deleteRecipient: { id: id.amara, object: 'recipient', deleted: true },
      createGiftCode: newsletterCode,
      revokeGiftCode: lostCardRevoked,
      createWebhookEndpoint: { ...orderSystem, secret: 'whsec_TD1mdZBaUd6m3nqV3oTh7N+3QrFBs1LII+bfjY34KIY=' },
      rotateWebhookEndpointSecret: { ...orderSystem, secret: 'whsec_WHU14wbwD1eDAprw/OahybdyBMieS0srqIbwNeZ2w+M=', updated_at: '2026-11-24T13:30:00Z' },
      updateWebhookEndpoint: { ...orderSystem, enabled_events: ['*'], description: 'Order system: every event', updated_at: '2026-11-24T13:31:00Z' },
      deleteWebhookEndpoint: { id: id.orderSystem, object: 'webhook_endpoint', deleted: true },
      // Sent again now: a fresh delivery, due at once.
      redeliverEvent: {
        ...events['recipient.created'],
        deliveries: [{ endpoint: id.orderSystem, status: 'pending', attempts: 0, next_attempt_at: '2026-11-24T13:40:00Z', last_attempt_at: null, last_status_code: null }],
      },
      testHelperCreateAllocation: testTrees({}),
      testHelperPlantAllocation: testTrees({ status: 'planted', planted_at: '2026-11-26', updated_at: '2026-11-26T08:01:00Z' }),
      testHelperMonitorAllocation: testTrees({ status: 'monitored', planted_at: '2026-11-26', updated_at: '2026-11-26T08:02:00Z' }),
      testHelperChangeAllocationTrees: testTrees({ trees: 6, updated_at: '2026-11-26T08:01:00Z' }),
      testHelperPublishVerification: testForest,
      testHelperClaimGiftCode: testCodeClaimed,
    },
  };
}

/**
 * The error an operation's reference shows for one status: one of the codes it names for
 * that status, with the message Canopy answers it with. The operation's own refusals come
 * first (no_trees_available over idempotency_key_reused), then the code most callers meet.
 */
export function errorExample(codes: readonly ErrorCode[], own: readonly ErrorCode[], context: ErrorContext): ReturnType<typeof errorBody> | undefined {
  const preferred = [...own.filter((code) => codes.includes(code)), ...MOST_MET.filter((code) => codes.includes(code)), ...codes];
  for (const code of preferred) {
    const error = ERROR_EXAMPLES[code]?.(context);
    if (error) return errorBody(error, EXAMPLE_IDS.request, context.base);
  }
  return undefined;
}

export interface ErrorContext {
  base: string;
  method: string;
  /** The operation's path as Fastify writes it (`/v2/recipients/:id`). */
  url: string;
  /** What the operation's path id names (`recipient`, `gift_code`), if it has one. */
  resource?: string;
  /** The scope the operation needs. */
  scope?: string;
  /** The properties its body requires, and those its query string takes. */
  bodyRequired: readonly string[];
  query: readonly string[];
}

/** For a status with several codes, the ones most callers meet, first. */
const MOST_MET: readonly ErrorCode[] = ['scope_missing', 'plan_not_allowed', 'parameter_missing', 'parameter_invalid', 'parameter_unknown', 'resource_missing', 'token_missing'];

const RESOURCE_IDS: Record<string, string> = {
  allocation: EXAMPLE_IDS.amaraTrees, planting: EXAMPLE_IDS.kabaru, project: EXAMPLE_IDS.kenya, recipient: EXAMPLE_IDS.amara,
  gift_code: EXAMPLE_IDS.newsletterCode, certificate: EXAMPLE_IDS.amaraCertificate, webhook_endpoint: EXAMPLE_IDS.orderSystem, event: EVENT_IDS['recipient.created']!,
};
/** What the test helpers act on: test objects. */
const TEST_RESOURCE_IDS: Record<string, string> = { allocation: EXAMPLE_IDS.testTrees, project: EXAMPLE_IDS.testForest, gift_code: EXAMPLE_IDS.testCode };

/** The id an operation's path names, in the example world. */
function resourceId({ url, resource }: ErrorContext): string {
  const ids = url.includes('/test_helpers/') ? { ...RESOURCE_IDS, ...TEST_RESOURCE_IDS } : RESOURCE_IDS;
  return ids[resource ?? ''] ?? EXAMPLE_IDS.amara;
}

/**
 * The refusals the reference shows, as Canopy makes them: through core/errors.ts where it
 * names them, else with the message of the module that refuses (kept in step by hand).
 */
const ERROR_EXAMPLES: Partial<Record<ErrorCode, (context: ErrorContext) => CanopyError | undefined>> = {
  token_missing: () => errors.tokenMissing(),
  scope_missing: ({ scope }) => errors.scopeMissing(scope ?? 'recipients:read'),
  plan_not_allowed: () => errors.planNotAllowed('grow'),
  // A body that requires nothing misses a field only as recipients/service.ts says.
  parameter_missing: ({ bodyRequired }) =>
    bodyRequired[0] ? errors.parameterMissing([bodyRequired[0]]) : errors.parameterMissing(['email'], 'send_email is true, so the email to send the certificate to is needed.'),
  // A list's limit out of range; elsewhere a parameter the operation does not take (below) is shown.
  parameter_invalid: ({ query }) => (query.includes('limit') ? errors.parameterInvalid(['limit'], 'Invalid limit: must be <= 100 (got 1000).') : undefined),
  parameter_unknown: ({ query }) => errors.parameterUnknown([query.includes('limit') ? 'page' : 'limit']),
  // An operation without an id in its path answers 404 for the project its body names.
  resource_missing: (context) =>
    context.resource ? errors.notFound(context.resource, resourceId(context)) : errors.notFound('project', EXAMPLE_IDS.kenya, 'project'),
  body_too_large: () => errors.bodyTooLarge(1024 * 1024),
  unsupported_media_type: () => errors.unsupportedMediaType('application/x-www-form-urlencoded'),
  request_in_progress: () => errors.requestInProgress('order-10412'),
  idempotency_key_reused: () => errors.idempotencyKeyReused('order-10412'),
  rate_limited: () => errors.rateLimited('per_token_per_minute', 600, 12),
  internal_error: () => errors.internal(),
  // A live token calling a test helper.
  route_not_found: (context) => errors.routeNotFound(context.method, context.url.replace(':id', resourceId(context))),
  no_trees_available: () => refusal('no_trees_available', `Only 8 unassigned trees are available; 10 were asked for (company ${EXAMPLE_IDS.company}, project "Mount Kenya Montane Forest Restoration").`, ['trees']),
  external_reference_taken: () => refusal('external_reference_taken', `Recipient ${EXAMPLE_IDS.amara} already has external_reference "order-10412".`, ['external_reference']),
  gift_code_not_open: () => refusal('gift_code_not_open', `Gift code ${EXAMPLE_IDS.pieterCode} is claimed; only an open code can be revoked. To take its trees back, delete the recipient who claimed it.`),
  webhook_url_refused: () => refusal('webhook_url_refused', 'The url must use https.', ['url']),
  webhook_endpoint_disabled: ({ url }) =>
    url.endsWith('/recover')
      ? refusal('webhook_endpoint_disabled', `Webhook endpoint ${EXAMPLE_IDS.orderSystem} is disabled; switch it on (PATCH status: enabled, with recover_since to send what it missed) before recovering it.`)
      : refusal('webhook_endpoint_disabled', `Webhook endpoint ${EXAMPLE_IDS.orderSystem} is disabled; switch it on (PATCH status: enabled) before redelivering to it.`, ['endpoint']),
  allocation_unexpected_state: ({ url }) =>
    url.endsWith('/monitor')
      ? refusal('allocation_unexpected_state', `Allocation ${EXAMPLE_IDS.testTrees} is pledged; it cannot be monitored.`)
      : refusal('allocation_unexpected_state', `Allocation ${EXAMPLE_IDS.testTrees} is monitored; it cannot be planted.`),
  refund_exceeds_unassigned_trees: () => refusal('refund_exceeds_unassigned_trees', "Only 4 of the donation's 10 trees are unassigned; the other 6 belong to recipients or gift codes, so at most 4 can be refunded.", ['trees']),
};

function refusal(code: ErrorCode, message: string, path: string[] | null = null): CanopyError {
  return new CanopyError(code, message, path);
}
