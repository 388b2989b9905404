import type { Translated } from '../db/schema.ts';

/**
 * The demo company's world: three projects on three continents, their plantings with
 * full dossiers, measurements, verifications and the coffee roaster's donations.
 * Times are days before the seed runs, so the history always ends "now".
 */

export const DEMO_COMPANY = {
  name: 'Fairbrook Coffee Roasters',
  slug: 'demo-company',
  country: 'NL',
  websiteUrl: 'https://fairbrook-coffee.example',
  contactEmail: 'hello@fairbrook-coffee.example',
  privacyUrl: 'https://fairbrook-coffee.example/privacy',
  aboutEn: 'For every 250 g bag of coffee we roast, we pay for one tree with the farming communities we buy from. This page shows where each of those trees is, and what the planting partners have measured since.',
  aboutNl: 'Voor elke zak koffie van 250 gram die we branden, betalen we één boom bij de boerengemeenschappen waar we van kopen. Op deze pagina zie je waar elk van die bomen staat, en wat de plantpartners sindsdien hebben gemeten.',
  adminEmail: 'admin@demo.canopy.example',
  adminName: 'Maya de Vries',
} as const;

export const MEDIA = 'https://media.demo.canopy.example';

export interface DemoSpecies { latin: string; en: string; nl: string }
export interface DemoPhoto { file: string; caption: Translated; daysAfterPlanting: number; credit?: string }
export interface DemoMeasurement { daysAgo: number; survival: number; method: string; notes?: Translated }

export interface DemoPlanting {
  key: string;
  trees: number;
  createdDaysAgo: number;
  /** Left out: the planting is still ahead, so its donations stay pledged. */
  plantedDaysAgo?: number;
  /** Longitude and latitude of the plot's middle and its size in degrees. */
  plot: [number, number, number];
  /** How the planting's trees divide over the project's species (same order). */
  speciesShare: number[];
  method: string;
  notes: Translated;
  photos: DemoPhoto[];
  measurements: DemoMeasurement[];
  /** Trees per donation, spread over the time the planting takes donations. */
  donations: number[];
  livemode?: false;
}

export interface DemoProject {
  key: string;
  partner: { key: string; name: string; country: string; website: string };
  name: Translated;
  description: Translated;
  country: string;
  region: Translated;
  ecosystem: string;
  startedDaysAgo: number;
  plot: [number, number, number];
  sdgGoals: number[];
  species: DemoSpecies[];
  photos: DemoPhoto[];
  legacyId: number;
  plantings: DemoPlanting[];
  projectMeasurements: DemoMeasurement[];
  verifications: { key: string; daysAgo: number; periodDays: number; verifier: string; website: string; summary: Translated; share: number }[];
}

const kenyaPhoto = (file: string, en: string, nl: string, daysAfterPlanting: number): DemoPhoto => ({
  file: `kenya/${file}`, caption: { en, nl }, daysAfterPlanting, credit: 'Green Belt Restoration Trust',
});
const demakPhoto = (file: string, en: string, nl: string, daysAfterPlanting: number): DemoPhoto => ({
  file: `demak/${file}`, caption: { en, nl }, daysAfterPlanting, credit: 'Yayasan Pesisir Lestari',
});
const alentejoPhoto = (file: string, en: string, nl: string, daysAfterPlanting: number): DemoPhoto => ({
  file: `alentejo/${file}`, caption: { en, nl }, daysAfterPlanting, credit: 'Cooperativa Montado Vivo',
});

export const DEMO_PROJECTS: DemoProject[] = [
  {
    key: 'mount-kenya',
    partner: { key: 'green-belt-restoration-trust', name: 'Green Belt Restoration Trust', country: 'KE', website: 'https://greenbelt-trust.example.org' },
    name: { en: 'Mount Kenya Montane Forest Restoration', nl: 'Herstel van het bergbos op Mount Kenya' },
    description: {
      en: 'Smallholder farmers and community nurseries restore degraded montane forest on the western slopes of Mount Kenya, reconnecting forest fragments that protect the water supply of Nyeri.',
      nl: 'Kleine boeren en dorpskwekerijen herstellen aangetast bergbos op de westflank van Mount Kenya en verbinden bosfragmenten die de watervoorziening van Nyeri beschermen.',
    },
    country: 'KE', region: { en: 'Nyeri County', nl: 'district Nyeri' }, ecosystem: 'tropical_montane_forest', startedDaysAgo: 800,
    plot: [37.045, -0.385, 0.06], sdgGoals: [6, 13, 15], legacyId: 1042,
    species: [
      { latin: 'Prunus africana', en: 'African cherry', nl: 'Afrikaanse kers' },
      { latin: 'Juniperus procera', en: 'African pencil cedar', nl: 'Afrikaanse potloodceder' },
      { latin: 'Podocarpus latifolius', en: 'Real yellowwood', nl: 'Echte geelhout' },
      { latin: 'Croton megalocarpus', en: 'Croton', nl: 'Croton' },
    ],
    photos: [kenyaPhoto('nursery-kabaru.jpg', 'Seedlings in the community nursery at Kabaru', 'Zaailingen in de dorpskwekerij van Kabaru', 0)],
    plantings: [
      {
        key: 'kabaru-2024-long-rains', trees: 12000, createdDaysAgo: 780, plantedDaysAgo: 600, plot: [37.031, -0.372, 0.012], speciesShare: [0.4, 0.25, 0.2, 0.15],
        method: 'seedlings',
        notes: { en: 'Planted at the start of the long rains on former grazing land.', nl: 'Geplant aan het begin van het lange regenseizoen op voormalig weiland.' },
        photos: [
          kenyaPhoto('kabaru-planting-day.jpg', 'Planting day with the Kabaru farmers group', 'Plantdag met de boerengroep van Kabaru', 0),
          kenyaPhoto('kabaru-six-months.jpg', 'Six months later: the first saplings above the grass', 'Zes maanden later: de eerste jonge bomen boven het gras uit', 180),
        ],
        measurements: [
          { daysAgo: 420, survival: 0.93, method: 'sample_plot_count' },
          { daysAgo: 240, survival: 0.9, method: 'sample_plot_count', notes: { en: 'Some losses after a dry spell in January.', nl: 'Enige uitval na een droge periode in januari.' } },
          { daysAgo: 12, survival: 0.88, method: 'drone_survey' },
        ],
        donations: [250, 120, 60, 500, 45, 180, 90],
      },
      {
        key: 'chinga-2024-short-rains', trees: 8000, createdDaysAgo: 560, plantedDaysAgo: 390, plot: [37.062, -0.398, 0.01], speciesShare: [0.3, 0.3, 0.25, 0.15],
        method: 'seedlings',
        notes: { en: 'Enrichment planting in thinned forest along the Chinga river.', nl: 'Verrijkingsaanplant in open bos langs de rivier de Chinga.' },
        photos: [kenyaPhoto('chinga-riverbank.jpg', 'Seedlings along the Chinga riverbank', 'Zaailingen langs de oever van de Chinga', 2)],
        measurements: [{ daysAgo: 200, survival: 0.91, method: 'sample_plot_count' }],
        donations: [100, 75, 300, 40, 150],
      },
      {
        key: 'gatei-2025-long-rains', trees: 10000, createdDaysAgo: 330, plantedDaysAgo: 160, plot: [37.018, -0.411, 0.011], speciesShare: [0.35, 0.2, 0.25, 0.2],
        method: 'seedlings',
        notes: { en: 'Planted with school groups from Gatei.', nl: 'Geplant samen met schoolklassen uit Gatei.' },
        photos: [kenyaPhoto('gatei-school-day.jpg', 'Pupils from Gatei primary school planting cedars', 'Leerlingen van de basisschool in Gatei planten ceders', 1)],
        measurements: [],
        donations: [200, 60, 125, 80],
      },
      {
        key: 'kiandongoro-2026-long-rains', trees: 15000, createdDaysAgo: 120, plot: [37.08, -0.36, 0.014], speciesShare: [0.4, 0.2, 0.2, 0.2],
        method: 'seedlings',
        notes: { en: 'Seedlings are growing in the nursery for the coming rains.', nl: 'De zaailingen groeien in de kwekerij op voor het komende regenseizoen.' },
        photos: [], measurements: [],
        donations: [150, 90, 400, 35, 220],
      },
      {
        key: 'sandbox-kabaru-a', trees: 500, createdDaysAgo: 300, plantedDaysAgo: 250, plot: [37.035, -0.376, 0.004], speciesShare: [0.5, 0.5, 0, 0],
        method: 'seedlings', notes: { en: 'Test planting.', nl: 'Testaanplant.' }, photos: [],
        measurements: [{ daysAgo: 100, survival: 0.95, method: 'full_count' }], donations: [25, 10], livemode: false,
      },
      {
        key: 'sandbox-chinga-b', trees: 500, createdDaysAgo: 200, plantedDaysAgo: 90, plot: [37.066, -0.401, 0.004], speciesShare: [0.5, 0.5, 0, 0],
        method: 'seedlings', notes: { en: 'Test planting.', nl: 'Testaanplant.' }, photos: [], measurements: [], donations: [15, 40], livemode: false,
      },
      {
        key: 'sandbox-gatei-c', trees: 500, createdDaysAgo: 60, plot: [37.021, -0.414, 0.004], speciesShare: [1, 0, 0, 0],
        method: 'seedlings', notes: { en: 'Test planting.', nl: 'Testaanplant.' }, photos: [], measurements: [], donations: [20], livemode: false,
      },
    ],
    projectMeasurements: [
      { daysAgo: 365, survival: 0.92, method: 'satellite_canopy_estimate', notes: { en: 'Yearly survey of all plots.', nl: 'Jaarlijkse opname van alle percelen.' } },
      { daysAgo: 30, survival: 0.89, method: 'satellite_canopy_estimate', notes: { en: 'Yearly survey of all plots.', nl: 'Jaarlijkse opname van alle percelen.' } },
    ],
    verifications: [{
      key: '2025', daysAgo: 150, periodDays: 365, verifier: 'EcoAudit East Africa', website: 'https://ecoaudit-ea.example.org', share: 0.9,
      summary: { en: 'Field audit of 40 sample plots confirms planting records and survival figures.', nl: 'Veldaudit van 40 proefvlakken bevestigt de plantgegevens en overlevingscijfers.' },
    }],
  },
  {
    key: 'demak-mangroves',
    partner: { key: 'yayasan-pesisir-lestari', name: 'Yayasan Pesisir Lestari', country: 'ID', website: 'https://pesisir-lestari.example.org' },
    name: { en: 'Demak Coastal Mangrove Restoration', nl: 'Herstel van mangrovekust bij Demak' },
    description: {
      en: 'Fishing villages on the north coast of Central Java replant mangrove belts that slow coastal erosion and bring back fish and crab nurseries.',
      nl: 'Vissersdorpen aan de noordkust van Midden-Java herplanten mangrovegordels die kusterosie afremmen en kraamkamers voor vis en krab terugbrengen.',
    },
    country: 'ID', region: { en: 'Central Java', nl: 'Midden-Java' }, ecosystem: 'mangrove', startedDaysAgo: 700,
    plot: [110.49, -6.92, 0.05], sdgGoals: [13, 14, 15], legacyId: 1077,
    species: [
      { latin: 'Rhizophora mucronata', en: 'Loop-root mangrove', nl: 'Luswortelmangrove' },
      { latin: 'Avicennia marina', en: 'Grey mangrove', nl: 'Grijze mangrove' },
      { latin: 'Sonneratia alba', en: 'Mangrove apple', nl: 'Mangroveappel' },
    ],
    photos: [demakPhoto('bedono-coast.jpg', 'The eroded coast at Bedono before restoration', 'De aangetaste kust bij Bedono voor het herstel', 0)],
    plantings: [
      {
        key: 'bedono-2024', trees: 20000, createdDaysAgo: 690, plantedDaysAgo: 520, plot: [110.482, -6.914, 0.008], speciesShare: [0.6, 0.3, 0.1],
        method: 'propagules',
        notes: { en: 'Propagules planted behind bamboo wave breakers at low tide.', nl: 'Kiemplanten bij laagwater achter bamboe golfbrekers geplant.' },
        photos: [
          demakPhoto('bedono-propagules.jpg', 'Villagers planting propagules at low tide', 'Dorpsbewoners planten kiemplanten bij laagwater', 0),
          demakPhoto('bedono-one-year.jpg', 'One year on: a closed young mangrove belt', 'Een jaar later: een gesloten jonge mangrovegordel', 365),
        ],
        measurements: [
          { daysAgo: 400, survival: 0.86, method: 'transect_count' },
          { daysAgo: 150, survival: 0.82, method: 'transect_count', notes: { en: 'Losses on the seaward edge after a storm surge.', nl: 'Uitval aan de zeezijde na een stormvloed.' } },
        ],
        donations: [300, 150, 500, 80, 120],
      },
      {
        key: 'timbulsloko-2025', trees: 15000, createdDaysAgo: 420, plantedDaysAgo: 220, plot: [110.501, -6.928, 0.007], speciesShare: [0.5, 0.4, 0.1],
        method: 'propagules',
        notes: { en: 'Second belt next to the fish ponds of Timbulsloko.', nl: 'Tweede gordel naast de visvijvers van Timbulsloko.' },
        photos: [demakPhoto('timbulsloko-ponds.jpg', 'New mangroves along the fish ponds', 'Nieuwe mangroves langs de visvijvers', 3)],
        measurements: [],
        donations: [200, 100, 250],
      },
      {
        key: 'surodadi-2026', trees: 18000, createdDaysAgo: 90, plantedDaysAgo: 22, plot: [110.518, -6.936, 0.008], speciesShare: [0.5, 0.3, 0.2],
        method: 'propagules',
        notes: { en: 'Propagules are being collected from the older belts.', nl: 'Kiemplanten worden verzameld uit de oudere gordels.' },
        photos: [], measurements: [],
        donations: [180, 75, 300],
      },
    ],
    projectMeasurements: [{ daysAgo: 120, survival: 0.84, method: 'drone_survey' }],
    verifications: [{
      key: '2025', daysAgo: 18, periodDays: 365, verifier: 'Blue Carbon Assurance Asia', website: 'https://bluecarbon-assurance.example.org', share: 0.8,
      summary: { en: 'Drone imagery and transect counts confirm the planted area and survival.', nl: 'Dronebeelden en transecttellingen bevestigen het beplante oppervlak en de overleving.' },
    }],
  },
  {
    key: 'alentejo-montado',
    partner: { key: 'cooperativa-montado-vivo', name: 'Cooperativa Montado Vivo', country: 'PT', website: 'https://montadovivo.example.pt' },
    name: { en: 'Alentejo Montado Agroforestry', nl: 'Agroforestry in de montado van de Alentejo' },
    description: {
      en: 'Farmers near Montemor-o-Novo bring back the montado: cork and holm oaks among pasture and crops, which hold soil and water in a drying landscape.',
      nl: 'Boeren bij Montemor-o-Novo brengen de montado terug: kurk- en steeneiken tussen weide en akkers, die bodem en water vasthouden in een droger wordend landschap.',
    },
    country: 'PT', region: { en: 'Alentejo', nl: 'Alentejo' }, ecosystem: 'agroforestry', startedDaysAgo: 600,
    plot: [-8.215, 38.648, 0.04], sdgGoals: [2, 13, 15], legacyId: 1103,
    species: [
      { latin: 'Quercus suber', en: 'Cork oak', nl: 'Kurkeik' },
      { latin: 'Quercus rotundifolia', en: 'Holm oak', nl: 'Steeneik' },
      { latin: 'Pinus pinea', en: 'Stone pine', nl: 'Parasolden' },
      { latin: 'Ceratonia siliqua', en: 'Carob', nl: 'Johannesbroodboom' },
    ],
    photos: [alentejoPhoto('montado-landscape.jpg', 'Old cork oaks in the montado', 'Oude kurkeiken in de montado', 0)],
    plantings: [
      {
        key: 'herdade-do-freixo-2024', trees: 6000, createdDaysAgo: 560, plantedDaysAgo: 450, plot: [-8.226, 38.641, 0.009], speciesShare: [0.5, 0.3, 0.1, 0.1],
        method: 'direct_seeding_and_seedlings',
        notes: { en: 'Acorns sown and seedlings planted with tree guards against grazing.', nl: 'Eikels gezaaid en zaailingen geplant met boombeschermers tegen vraat.' },
        photos: [alentejoPhoto('freixo-tree-guards.jpg', 'Young cork oaks in tree guards', 'Jonge kurkeiken in boombeschermers', 5)],
        measurements: [{ daysAgo: 300, survival: 0.84, method: 'full_count' }, { daysAgo: 20, survival: 0.8, method: 'full_count' }],
        donations: [60, 120, 40, 90],
      },
      {
        key: 'monte-da-ribeira-2025', trees: 5000, createdDaysAgo: 330, plantedDaysAgo: 100, plot: [-8.199, 38.657, 0.008], speciesShare: [0.4, 0.3, 0.2, 0.1],
        method: 'seedlings',
        notes: { en: 'Planted along contour lines to catch winter rain.', nl: 'Geplant langs hoogtelijnen om winterregen vast te houden.' },
        photos: [alentejoPhoto('ribeira-contours.jpg', 'Rows along the contour lines', 'Rijen langs de hoogtelijnen', 1)],
        measurements: [{ daysAgo: 6, survival: 0.94, method: 'full_count' }],
        donations: [80, 150, 50],
      },
    ],
    projectMeasurements: [],
    verifications: [],
  },
];

/**
 * Orders from the old web shop, imported with the ids of their individual trees: enough
 * live ones (445) that v1's GET /get-trees runs to several pages.
 */
export const DEMO_LEGACY_ORDERS = [
  { orderId: 'FB-2023-10482', project: 'mount-kenya', planting: 'kabaru-2024-long-rains', trees: 120, daysAgo: 760, livemode: true },
  { orderId: 'FB-2023-10517', project: 'mount-kenya', planting: 'kabaru-2024-long-rains', trees: 45, daysAgo: 745, livemode: true },
  { orderId: 'FB-2023-10630', project: 'demak-mangroves', planting: 'bedono-2024', trees: 200, daysAgo: 680, livemode: true },
  { orderId: 'FB-2024-10702', project: 'demak-mangroves', planting: 'bedono-2024', trees: 80, daysAgo: 650, livemode: true },
  { orderId: 'TEST-0001', project: 'mount-kenya', planting: 'sandbox-kabaru-a', trees: 3, daysAgo: 290, livemode: false },
] as const;

/** A donation the foundation later reduced (a refunded order), so the demo shows allocation.updated. */
export const DEMO_REFUND = { planting: 'chinga-2024-short-rains', donation: 3, trees: 240, daysAgo: 380 } as const;

/**
 * People who received trees on the company's behalf before it used the API: a gift from
 * the old shop (source legacy) and recipients the foundation created (source
 * foundation), so the demo has recipients and recipient.created events.
 */
export const DEMO_RECIPIENTS = [
  {
    key: 'anna-jansen', source: 'legacy', livemode: true, daysAgo: 700, trees: 5, project: null, language: 'nl',
    firstName: 'Anna', lastName: 'Jansen', email: 'anna.jansen@example.nl', externalReference: 'FB-2023-10517',
    message: 'Gefeliciteerd met je eigen stukje bos op Mount Kenya!',
  },
  {
    key: 'james-okafor', source: 'foundation', livemode: true, daysAgo: 200, trees: 10, project: 'demak-mangroves', language: 'en',
    firstName: 'James', lastName: 'Okafor', email: 'james.okafor@example.com', externalReference: 'WHOLESALE-2025-0042',
    message: 'Thank you for ten years of roasting with us.',
  },
  {
    key: 'sofia-martins', source: 'foundation', livemode: true, daysAgo: 14, trees: 12, project: 'alentejo-montado', language: 'en',
    firstName: 'Sofia', lastName: 'Martins', email: 'sofia.martins@example.pt', externalReference: 'CAFE-LISBOA-07',
    message: 'For the first café to serve our Alentejo blend.',
  },
  {
    key: 'test-tess', source: 'foundation', livemode: false, daysAgo: 5, trees: 2, project: null, language: 'nl',
    firstName: 'Tess', lastName: 'Test', email: 'tess@example.test', externalReference: 'TEST-RCP-1',
    message: 'Een testontvanger.',
  },
] as const;

/**
 * Customers the roaster gave trees to through the API (POST /v2/recipients) in the last
 * month, in the shop's languages, so the demo shows recipients with certificates and a
 * living event log.
 */
export const DEMO_API_RECIPIENTS = [
  {
    key: 'order-10388', livemode: true, daysAgo: 27, trees: 5, project: null, language: 'nl',
    firstName: 'Femke', lastName: 'de Vries', email: 'femke.devries@example.nl', externalReference: 'order-10388',
    message: 'Bedankt voor je bestelling! Deze bomen groeien voor jou.',
  },
  {
    key: 'order-10412', livemode: true, daysAgo: 9, trees: 10, project: 'mount-kenya', language: 'en',
    firstName: 'Amara', lastName: 'Ndiaye', email: 'amara.ndiaye@example.com', externalReference: 'order-10412',
    message: 'Thank you for choosing our Kenyan single origin.',
  },
  {
    key: 'order-10431', livemode: true, daysAgo: 2, trees: 3, project: null, language: 'en',
    firstName: 'Łukasz', lastName: 'Wiśniewski', email: 'lukasz.w@example.pl', externalReference: 'order-10431',
    message: 'A small forest for a big coffee lover.',
  },
  {
    key: 'test-order-1', livemode: false, daysAgo: 3, trees: 2, project: null, language: 'en',
    firstName: 'Test', lastName: 'Customer', email: 'test.customer@example.com', externalReference: 'test-order-1',
    message: 'A test certificate.',
  },
] as const;

/**
 * Gift codes the roaster handed out on cards and in its newsletter: one open, one a
 * customer claimed, one the roaster revoked and one that expired unclaimed, so the demo
 * shows every status; and an open test-mode code for the test token.
 */
export const DEMO_GIFT_CODES = [
  {
    key: 'newsletter-open', livemode: true, daysAgo: 6, trees: 5, validDays: 365, externalReference: 'NEWSLETTER-2026-11',
    sentTo: { name: 'Noor Bakker', email: 'noor.bakker@example.nl' }, afterwards: null,
  },
  {
    key: 'card-claimed', livemode: true, daysAgo: 21, trees: 3, validDays: 365, externalReference: 'GIFTCARD-0142',
    sentTo: { name: 'Pieter de Boer', email: 'pieter.deboer@example.nl' },
    afterwards: { action: 'claim', daysAgo: 18, firstName: 'Pieter', lastName: 'de Boer', email: 'pieter.deboer@example.nl', language: 'nl' },
  },
  {
    key: 'card-revoked', livemode: true, daysAgo: 40, trees: 2, validDays: 365, externalReference: 'GIFTCARD-0117',
    sentTo: { name: 'Card lost in the post', email: null }, afterwards: { action: 'revoke', daysAgo: 35 },
  },
  {
    key: 'summer-expired', livemode: true, daysAgo: 150, trees: 4, validDays: 90, externalReference: 'SUMMER-2026',
    sentTo: { name: null, email: null }, afterwards: { action: 'expire' },
  },
  {
    key: 'test-open', livemode: false, daysAgo: 1, trees: 2, validDays: 30, externalReference: 'TEST-GIFT-1',
    sentTo: { name: 'Tess Test', email: 'tess@example.test' }, afterwards: null,
  },
] as const;
