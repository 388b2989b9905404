/**
 * The data of the impact page benchmark (issue 24, bench/impact-page.ts): a world of 12
 * projects in 8 countries with 300 plantings and their proof, a large company with
 * `rows` live allocations spread over them, and a small one with 100 donations.
 *
 * The world goes through the foundation operations (applyOperation), as the demo seed's
 * does, so projects, plantings, measurements and verification statements are stored
 * exactly as the foundation's traffic stores them. The small company is written through
 * the application too: donations (record_allocation), recipients, gift codes and
 * certificates, so its counters are the application's own. The large company's
 * allocations, recipients, gift codes and certificates are written by INSERT ... SELECT
 * (one by one would take hours), in the state the application's writes leave: each
 * allocation's status is its planting's (lifecycle.ts statusForPlanting), recipients and
 * gift codes hold the company's oldest allocations (assignment.ts takes the oldest
 * first), and the counters are set from what the allocations add up to
 * (setCountersFromAllocations). checkImpactAggregates recomputes every counter the page
 * reads from the rows themselves and names each difference: for the small company it
 * checks the application's writes, for the large one the bulk seed.
 */
import { type Kysely, sql } from 'kysely';
import type { Plan } from '../src/core/plans.ts';
import type { DB, Translated } from '../src/db/schema.ts';
import type { PhotoInput, PolygonInput } from '../src/foundation/schemas.ts';
import type { FoundationOperation } from '../src/foundation/operations.ts';
import { applyOperation } from '../src/foundation/apply.ts';
import { inUnitOfWork } from '../src/platform/events/unit-of-work.ts';
import { createCompany } from '../src/operator/companies.ts';
import { createToken } from '../src/operator/tokens.ts';
import { createUser } from '../src/operator/users.ts';
import { seededRandom } from '../src/demo/timeline.ts';
import { issueCompanyCertificate, issuePersonalCertificate } from '../src/modules/certificates/service.ts';
import { addGiftCode, claimLockedGiftCode } from '../src/modules/gift-codes/service.ts';
import { addRecipient } from '../src/modules/recipients/service.ts';
import { setCountersFromAllocations } from './seed-allocations.ts';

export const LARGE_COMPANY = {
  name: 'Northwind Outdoor Co.', slug: 'northwind-outdoor', country: 'NL', plan: 'automate',
  websiteUrl: 'https://northwind-outdoor.example', logoUrl: 'https://northwind-outdoor.example/logo.png',
  aboutEn: 'Every jacket, tent and backpack we sell pays for trees with planting partners on three continents. This page shows where they are, which are already in the ground and how many are alive at the last count.',
  aboutNl: 'Elke jas, tent en rugzak die we verkopen betaalt bomen bij plantpartners op drie continenten. Deze pagina laat zien waar ze staan, welke al in de grond zitten en hoeveel er bij de laatste telling leefden.',
} as const;

export const SMALL_COMPANY = {
  name: 'Kleine Koffiebar', slug: 'kleine-koffiebar', country: 'NL', plan: 'grow', websiteUrl: 'https://kleinekoffiebar.example',
  aboutNl: 'Voor elke zak bonen die je bij ons koopt, laten we een boom planten.',
} as const;

const MEDIA = 'https://media.bench.canopy.example/impact';
const DAY_MS = 86_400_000;

interface SpeciesData { latin: string; en: string; nl: string }

/** A project of the world: where, what, who plants it, and the places its plantings are. */
interface ProjectData {
  key: string;
  partner: string;
  country: string;
  name: Translated;
  description: Translated;
  region: Translated;
  ecosystem: string;
  /** Longitude and latitude of the project's middle. */
  at: [number, number];
  method: string;
  species: SpeciesData[];
  sites: string[];
  verifier: string;
}

const PROJECTS: ProjectData[] = [
  {
    key: 'mount-kenya', partner: 'Green Belt Restoration Trust', country: 'KE', ecosystem: 'tropical_montane_forest', at: [37.045, -0.385], method: 'seedlings',
    name: { en: 'Mount Kenya Montane Forest Restoration', nl: 'Herstel van het bergbos op Mount Kenya' },
    description: {
      en: 'Smallholder farmers and community nurseries restore degraded montane forest on the western slopes of Mount Kenya, reconnecting the forest fragments that protect the water supply of Nyeri.',
      nl: 'Kleine boeren en dorpskwekerijen herstellen aangetast bergbos op de westflank van Mount Kenya en verbinden de bosfragmenten die de watervoorziening van Nyeri beschermen.',
    },
    region: { en: 'Nyeri County', nl: 'district Nyeri' },
    species: [
      { latin: 'Prunus africana', en: 'African cherry', nl: 'Afrikaanse kers' }, { latin: 'Juniperus procera', en: 'African pencil cedar', nl: 'Afrikaanse potloodceder' },
      { latin: 'Croton megalocarpus', en: 'Croton', nl: 'Croton' }, { latin: 'Cordia africana', en: 'Large-leaved cordia', nl: 'Grootbladige cordia' },
    ],
    sites: ['Kabaru', 'Chinga', 'Gatei', 'Kiandongoro', 'Hombe'], verifier: 'EcoAudit East Africa',
  },
  {
    key: 'kakamega', partner: 'Friends of Kakamega Forest', country: 'KE', ecosystem: 'tropical_rainforest', at: [34.86, 0.29], method: 'seedlings',
    name: { en: 'Kakamega Rainforest Buffer Planting', nl: 'Bufferzone van het regenwoud van Kakamega' },
    description: {
      en: "Farmers around Kenya's last lowland rainforest plant native trees on the forest edge, so that firewood comes from their own land instead of the forest.",
      nl: 'Boeren rond het laatste laaglandregenwoud van Kenia planten inheemse bomen aan de bosrand, zodat brandhout van hun eigen land komt in plaats van uit het bos.',
    },
    region: { en: 'Kakamega County', nl: 'district Kakamega' },
    species: [
      { latin: 'Maesopsis eminii', en: 'Umbrella tree', nl: 'Parasolboom' }, { latin: 'Markhamia lutea', en: 'Nile tulip', nl: 'Niltulp' },
      { latin: 'Antiaris toxicaria', en: 'False iroko', nl: 'Valse iroko' },
    ],
    sites: ['Isecheno', 'Buyangu', 'Shinyalu', 'Ikuywa'], verifier: 'EcoAudit East Africa',
  },
  {
    key: 'demak', partner: 'Yayasan Pesisir Lestari', country: 'ID', ecosystem: 'mangrove', at: [110.49, -6.92], method: 'propagules',
    name: { en: 'Demak Coastal Mangrove Restoration', nl: 'Herstel van mangrovekust bij Demak' },
    description: {
      en: 'Fishing villages on the north coast of Central Java replant mangrove belts that slow coastal erosion and bring back fish and crab nurseries.',
      nl: 'Vissersdorpen aan de noordkust van Midden-Java herplanten mangrovegordels die kusterosie afremmen en kraamkamers voor vis en krab terugbrengen.',
    },
    region: { en: 'Central Java', nl: 'Midden-Java' },
    species: [
      { latin: 'Rhizophora mucronata', en: 'Loop-root mangrove', nl: 'Luswortelmangrove' }, { latin: 'Avicennia marina', en: 'Grey mangrove', nl: 'Grijze mangrove' },
      { latin: 'Sonneratia alba', en: 'Mangrove apple', nl: 'Mangroveappel' },
    ],
    sites: ['Bedono', 'Timbulsloko', 'Surodadi', 'Sriwulan'], verifier: 'Blue Carbon Assurance Asia',
  },
  {
    key: 'sebangau', partner: 'Borneo Peatland Care', country: 'ID', ecosystem: 'peat_swamp_forest', at: [113.9, -2.55], method: 'seedlings',
    name: { en: 'Sebangau Peat Swamp Forest Recovery', nl: 'Herstel van veenmoerasbos in Sebangau' },
    description: {
      en: 'Communities on the edge of Sebangau National Park block old drainage canals and replant burnt peat swamp forest, keeping the peat wet and its carbon in the ground.',
      nl: 'Gemeenschappen aan de rand van nationaal park Sebangau dichten oude afwateringskanalen en herplanten verbrand veenmoerasbos, zodat het veen nat blijft en de koolstof in de grond.',
    },
    region: { en: 'Central Kalimantan', nl: 'Centraal-Kalimantan' },
    species: [
      { latin: 'Shorea balangeran', en: 'Balangeran', nl: 'Balangeran' }, { latin: 'Dyera polyphylla', en: 'Jelutong', nl: 'Jelutong' },
      { latin: 'Combretocarpus rotundatus', en: 'Tumih', nl: 'Tumih' },
    ],
    sites: ['Kereng Bangkirai', 'Sabaru', 'Habaring Hurung', 'Tumbang Nusa'], verifier: 'Blue Carbon Assurance Asia',
  },
  {
    key: 'alentejo', partner: 'Cooperativa Montado Vivo', country: 'PT', ecosystem: 'agroforestry', at: [-8.215, 38.648], method: 'direct_seeding_and_seedlings',
    name: { en: 'Alentejo Montado Agroforestry', nl: 'Agroforestry in de montado van de Alentejo' },
    description: {
      en: 'Farmers near Montemor-o-Novo bring back the montado: cork and holm oaks among pasture and crops, which hold soil and water in a drying landscape.',
      nl: 'Boeren bij Montemor-o-Novo brengen de montado terug: kurk- en steeneiken tussen weide en akkers, die bodem en water vasthouden in een droger wordend landschap.',
    },
    region: { en: 'Alentejo', nl: 'Alentejo' },
    species: [
      { latin: 'Quercus suber', en: 'Cork oak', nl: 'Kurkeik' }, { latin: 'Quercus rotundifolia', en: 'Holm oak', nl: 'Steeneik' },
      { latin: 'Pinus pinea', en: 'Stone pine', nl: 'Parasolden' }, { latin: 'Ceratonia siliqua', en: 'Carob', nl: 'Johannesbroodboom' },
    ],
    sites: ['Herdade do Freixo', 'Monte da Ribeira', 'Cabrela', 'Foros de Vale Figueira'], verifier: 'Iberian Forest Audit',
  },
  {
    key: 'mata-atlantica', partner: 'Instituto Floresta Viva', country: 'BR', ecosystem: 'tropical_rainforest', at: [-39.25, -15.55], method: 'seedlings',
    name: { en: 'Atlantic Forest Corridors of Southern Bahia', nl: 'Corridors in het Atlantisch Woud van Zuid-Bahia' },
    description: {
      en: 'Cocoa farmers and landowners replant corridors between the last fragments of Atlantic Forest, so that golden-headed lion tamarins can move between them again.',
      nl: 'Cacaoboeren en landeigenaren herplanten corridors tussen de laatste fragmenten Atlantisch Woud, zodat goudkopleeuwaapjes zich weer tussen die stukken kunnen bewegen.',
    },
    region: { en: 'Southern Bahia', nl: 'Zuid-Bahia' },
    species: [
      { latin: 'Paubrasilia echinata', en: 'Brazilwood', nl: 'Braziliaans hout' }, { latin: 'Handroanthus serratifolius', en: 'Yellow ipê', nl: 'Gele ipé' },
      { latin: 'Cariniana legalis', en: 'Jequitibá-rosa', nl: 'Jequitibá-rosa' }, { latin: 'Euterpe edulis', en: 'Juçara palm', nl: 'Juçarapalm' },
    ],
    sites: ['Una', 'Ilhéus', 'Camacan', 'Arataca'], verifier: 'Certificadora Mata Viva',
  },
  {
    key: 'cerrado', partner: 'Rede de Sementes do Cerrado', country: 'BR', ecosystem: 'tropical_savanna', at: [-47.5, -14.1], method: 'direct_seeding',
    name: { en: 'Cerrado Savanna Seeding', nl: 'Inzaai van de Cerrado-savanne' },
    description: {
      en: 'Seed collectors from Quilombola and farming communities sow native Cerrado trees and shrubs by the hectare on abandoned pasture in the Chapada dos Veadeiros.',
      nl: 'Zadenverzamelaars uit Quilombola- en boerengemeenschappen zaaien per hectare inheemse bomen en struiken van de Cerrado op verlaten weiland in de Chapada dos Veadeiros.',
    },
    region: { en: 'Goiás', nl: 'Goiás' },
    species: [
      { latin: 'Caryocar brasiliense', en: 'Pequi', nl: 'Pequi' }, { latin: 'Dipteryx alata', en: 'Baru', nl: 'Baru' },
      { latin: 'Hymenaea stigonocarpa', en: 'Cerrado jatobá', nl: 'Cerrado-jatobá' },
    ],
    sites: ['Alto Paraíso', 'São Jorge', 'Cavalcante', 'Teresina de Goiás'], verifier: 'Certificadora Mata Viva',
  },
  {
    key: 'san-martin', partner: 'Asociación Bosques Amazónicos', country: 'PE', ecosystem: 'agroforestry', at: [-76.4, -6.5], method: 'seedlings',
    name: { en: 'San Martín Cacao Agroforestry', nl: 'Cacao-agroforestry in San Martín' },
    description: {
      en: 'Cacao growers in the Peruvian Amazon plant shade and timber trees among their cacao, restoring tree cover on land cleared a generation ago.',
      nl: 'Cacaotelers in het Peruaanse Amazonegebied planten schaduw- en houtbomen tussen hun cacao en herstellen zo de boomlaag op land dat een generatie geleden werd ontgonnen.',
    },
    region: { en: 'San Martín', nl: 'San Martín' },
    species: [
      { latin: 'Inga edulis', en: 'Ice-cream bean', nl: 'IJsboon' }, { latin: 'Swietenia macrophylla', en: 'Big-leaf mahogany', nl: 'Grootbladige mahonie' },
      { latin: 'Cedrela odorata', en: 'Spanish cedar', nl: 'Spaanse ceder' }, { latin: 'Theobroma cacao', en: 'Cacao', nl: 'Cacao' },
    ],
    sites: ['Lamas', 'Tabalosos', 'Pinto Recodo', 'Alto Shamboyacu'], verifier: 'Andes Forest Verification',
  },
  {
    key: 'mahajanga', partner: 'Tany Honko Mangroves', country: 'MG', ecosystem: 'mangrove', at: [46.35, -15.7], method: 'propagules',
    name: { en: 'Bombetoka Bay Mangroves', nl: 'Mangroves van de baai van Bombetoka' },
    description: {
      en: 'Villages around Bombetoka Bay replant mangroves cut for charcoal, with nurseries run by women’s associations.',
      nl: 'Dorpen rond de baai van Bombetoka herplanten mangroves die voor houtskool werden gekapt, met kwekerijen van vrouwenverenigingen.',
    },
    region: { en: 'Boeny', nl: 'Boeny' },
    species: [
      { latin: 'Rhizophora mucronata', en: 'Loop-root mangrove', nl: 'Luswortelmangrove' }, { latin: 'Ceriops tagal', en: 'Spurred mangrove', nl: 'Spoormangrove' },
      { latin: 'Bruguiera gymnorhiza', en: 'Large-leafed orange mangrove', nl: 'Grootbladige oranje mangrove' },
    ],
    sites: ['Boanamary', 'Katsepy', 'Mahajamba', 'Ambalakida'], verifier: 'Blue Carbon Assurance Asia',
  },
  {
    key: 'andasibe', partner: 'Mitsinjo Reforestation', country: 'MG', ecosystem: 'tropical_rainforest', at: [48.42, -18.93], method: 'seedlings',
    name: { en: 'Andasibe Rainforest Corridor', nl: 'Regenwoudcorridor bij Andasibe' },
    description: {
      en: 'A community nursery grows more than a hundred native species to reconnect the forests of Andasibe-Mantadia, home of the indri.',
      nl: 'Een dorpskwekerij kweekt meer dan honderd inheemse soorten om de bossen van Andasibe-Mantadia, het leefgebied van de indri, weer met elkaar te verbinden.',
    },
    region: { en: 'Alaotra-Mangoro', nl: 'Alaotra-Mangoro' },
    species: [
      { latin: 'Dalbergia baronii', en: 'Madagascar rosewood', nl: 'Madagaskar-palissander' }, { latin: 'Canarium madagascariense', en: 'Ramy', nl: 'Ramy' },
      { latin: 'Weinmannia rutenbergii', en: 'Lalona', nl: 'Lalona' },
    ],
    sites: ['Andasibe', 'Falierana', 'Ambatovy', 'Vohidrazana'], verifier: 'EcoAudit East Africa',
  },
  {
    key: 'kavre', partner: 'Himalayan Community Forests', country: 'NP', ecosystem: 'subtropical_broadleaf_forest', at: [85.55, 27.6], method: 'seedlings',
    name: { en: 'Kavre Community Forests', nl: 'Gemeenschapsbossen van Kavre' },
    description: {
      en: 'Community forest user groups in the middle hills replant slopes that slid after the monsoon, with fodder and timber trees the villages manage themselves.',
      nl: 'Gebruikersgroepen van gemeenschapsbossen in het middengebergte herplanten hellingen die na de moesson afschoven, met voeder- en houtbomen die de dorpen zelf beheren.',
    },
    region: { en: 'Kavrepalanchok', nl: 'Kavrepalanchok' },
    species: [
      { latin: 'Schima wallichii', en: 'Needlewood', nl: 'Needlewood' }, { latin: 'Alnus nepalensis', en: 'Nepalese alder', nl: 'Nepalese els' },
      { latin: 'Castanopsis indica', en: 'Indian chestnut', nl: 'Indiase kastanje' },
    ],
    sites: ['Dhulikhel', 'Panauti', 'Namobuddha', 'Bethanchok'], verifier: 'Himalaya Forest Assurance',
  },
  {
    key: 'ashanti', partner: 'Cocoa Shade Alliance Ghana', country: 'GH', ecosystem: 'agroforestry', at: [-1.75, 6.45], method: 'seedlings',
    name: { en: 'Ashanti Cocoa Shade Trees', nl: 'Schaduwbomen voor cacao in Ashanti' },
    description: {
      en: 'Cocoa farmers in the Ashanti region plant native shade trees that cool their farms, shelter the cacao from drought and will one day be their own timber.',
      nl: 'Cacaoboeren in de regio Ashanti planten inheemse schaduwbomen die hun boerderijen koelen, de cacao tegen droogte beschutten en ooit hun eigen hout worden.',
    },
    region: { en: 'Ashanti', nl: 'Ashanti' },
    species: [
      { latin: 'Terminalia superba', en: 'Limba', nl: 'Limba' }, { latin: 'Khaya ivorensis', en: 'African mahogany', nl: 'Afrikaanse mahonie' },
      { latin: 'Milicia excelsa', en: 'Iroko', nl: 'Iroko' },
    ],
    sites: ['Bekwai', 'Juaso', 'Konongo', 'Obuasi'], verifier: 'West Africa Forest Audit',
  },
];

export const PLANTINGS_PER_PROJECT = 25;

/** A planting of the world as planned: its times (days before now), its proof, its trees. */
interface PlantingPlan {
  ref: string;
  project: ProjectData;
  site: string;
  livemode: boolean;
  createdDaysAgo: number;
  /** Null: still ahead, its allocations pledged. */
  plantedDaysAgo: number | null;
  /** Measurements of the planting: days ago and survival rate. */
  measurements: { daysAgo: number; survival: number }[];
  /** The trees it is sized for before the companies' allocations are known. */
  baseTrees: number;
  /** Where it is: longitude, latitude of its middle, and its size in degrees. */
  plot: [number, number, number];
  /** Its share of the large company's allocations: rows first..first+count-1 (0: none). */
  first: number;
  count: number;
  largeTrees: number;
}

const status = (planting: PlantingPlan): 'pledged' | 'planted' | 'monitored' =>
  planting.plantedDaysAgo === null ? 'pledged' : planting.measurements.length > 0 ? 'monitored' : 'planted';

/** Trees of the large company's allocation number n: mostly 1 to 3, sometimes 5, now and then 25 (SQL: ALLOCATION_TREES). */
const allocationTrees = (n: number) => (n % 20 === 0 ? 25 : n % 20 <= 3 ? 5 : 1 + (n % 3));
const ALLOCATION_TREES = sql`CASE WHEN n % 20 = 0 THEN 25 WHEN n % 20 <= 3 THEN 5 ELSE 1 + n % 3 END`;

/** Room left in every planting for the small company's donations and the test allocations. */
const SPARE_TREES = 2_000;

/**
 * The world as planned for a large company of `rows` allocations: same seed, same world,
 * except that plantings grow to hold the allocations. Every tenth planting gets none of
 * the large company's trees; two test plantings in Kenya hold its test-mode allocations.
 */
function planWorld(rows: number): PlantingPlan[] {
  const random = seededRandom(20260427);
  const between = (low: number, high: number) => low + (high - low) * random();
  const plantings: PlantingPlan[] = [];
  PROJECTS.forEach((project, p) => {
    const startedDaysAgo = 1800 - p * 50;
    for (let j = 0; j < PLANTINGS_PER_PROJECT; j++) {
      const createdDaysAgo = Math.round(startedDaysAgo - 30 - (j * (startedDaysAgo - 90)) / PLANTINGS_PER_PROJECT - between(0, 20));
      let plantedDaysAgo: number | null = Math.round(createdDaysAgo - between(90, 200));
      if (plantedDaysAgo < 10 || random() < 0.04) plantedDaysAgo = null;
      const measurements: { daysAgo: number; survival: number }[] = [];
      // About one planted planting in eight has not been measured yet, besides the young ones.
      if (plantedDaysAgo !== null && random() > 0.12) {
        let survival = between(0.88, 0.97);
        for (let after = Math.round(between(150, 200)); plantedDaysAgo - after >= 3; after += 365) {
          measurements.push({ daysAgo: plantedDaysAgo - after, survival: Math.round(survival * 1000) / 1000 });
          survival -= between(0.01, 0.05);
        }
      }
      const [longitude, latitude] = project.at;
      plantings.push({
        ref: `bench-impact-${project.key}-${j + 1}`, project, site: project.sites[j % project.sites.length]!, livemode: true,
        createdDaysAgo, plantedDaysAgo, measurements, baseTrees: Math.round(between(4, 60)) * 500,
        plot: [longitude + between(-0.08, 0.08), latitude + between(-0.06, 0.06), between(0.004, 0.015)],
        first: 0, count: 0, largeTrees: 0,
      });
    }
  });
  const kenya = PROJECTS[0]!;
  for (const [k, plantedDaysAgo] of [[1, 400], [2, null]] as const) {
    plantings.push({
      ref: `bench-impact-test-${k}`, project: kenya, site: kenya.sites[k]!, livemode: false, createdDaysAgo: 600, plantedDaysAgo,
      measurements: plantedDaysAgo ? [{ daysAgo: 200, survival: 0.95 }] : [], baseTrees: 1000, plot: [kenya.at[0] + 0.02 * k, kenya.at[1], 0.004],
      first: 0, count: 0, largeTrees: 0,
    });
  }

  // The large company's rows, in contiguous ranges, by planting size; a thousandth in test mode.
  const live = plantings.filter((planting, i) => planting.livemode && i % 10 !== 9);
  const testRows = Math.max(2, Math.round(rows / 1000));
  const share = (list: PlantingPlan[], total: number, firstRow: number) => {
    const weight = list.reduce((sum, planting) => sum + planting.baseTrees, 0);
    let next = firstRow;
    list.forEach((planting, i) => {
      const count = i === list.length - 1 ? firstRow + total - next : Math.round((total * planting.baseTrees) / weight);
      planting.first = next;
      planting.count = count;
      next += count;
    });
  };
  share(live, rows, 1);
  share(plantings.filter((planting) => !planting.livemode), testRows, rows + 1);
  for (const planting of plantings) {
    let trees = 0;
    for (let n = planting.first; n < planting.first + planting.count; n++) trees += allocationTrees(n);
    planting.largeTrees = trees;
  }
  return plantings;
}

/** The trees a planting is sized for: its base, or what the companies' trees need. */
const plantingTrees = (planting: PlantingPlan) => Math.max(planting.baseTrees, Math.ceil((planting.largeTrees + SPARE_TREES) / 500) * 500);

/** A moment `daysAgo` days before `today`, in office hours. */
function moment(today: Date, daysAgo: number, minute = 0): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - daysAgo * DAY_MS + (9 * 60 + minute) * 60_000 + 417);
}

const dateOf = (today: Date, daysAgo: number) => moment(today, daysAgo).toISOString().slice(0, 10);

/** An irregular polygon of 10 to 17 corners around a plot's middle: a closed ring of [longitude, latitude]. */
function plotPolygon([longitude, latitude, size]: [number, number, number], random: () => number): PolygonInput {
  const corners = 10 + Math.floor(random() * 8);
  const ring: number[][] = [];
  for (let i = 0; i < corners; i++) {
    const angle = ((i + random() * 0.6) / corners) * 2 * Math.PI;
    const radius = size * (0.35 + random() * 0.25);
    ring.push([round6(longitude + radius * Math.cos(angle)), round6(latitude + radius * 0.8 * Math.sin(angle))]);
  }
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function photo(today: Date, file: string, caption: Translated, daysAgo: number, credit: string): PhotoInput {
  return { url: `${MEDIA}/${file}`, caption, taken_at: dateOf(today, Math.max(daysAgo, 1)), credit };
}

interface TimedOperation { daysAgo: number; minute: number; operation: FoundationOperation }

/** The foundation's traffic that builds the world, oldest first. */
function worldOperations(plantings: PlantingPlan[], today: Date): TimedOperation[] {
  const random = seededRandom(7);
  const steps: TimedOperation[] = [];
  const add = (daysAgo: number, minute: number, operation: FoundationOperation) => steps.push({ daysAgo: Math.max(daysAgo, 1), minute, operation });
  const date = (daysAgo: number) => dateOf(today, Math.max(daysAgo, 1));

  PROJECTS.forEach((project, p) => {
    const startedDaysAgo = 1800 - p * 50;
    const partnerRef = `bench-impact-partner-${project.key}`;
    add(startedDaysAgo + 30, 0, { op: 'upsert_partner', input: { ref: partnerRef, name: project.partner, country: project.country, website_url: `https://${project.key}-partner.example.org` } });
    const mine = plantings.filter((planting) => planting.project === project);
    add(startedDaysAgo, 5, {
      op: 'upsert_project',
      input: {
        ref: `bench-impact-project-${project.key}`, partner_ref: partnerRef, name: project.name, description: project.description, country: project.country,
        region: project.region, status: 'active', ecosystem_type: project.ecosystem, started_at: date(startedDaysAgo),
        location: { longitude: project.at[0], latitude: project.at[1] }, geometry: plotPolygon([project.at[0], project.at[1], 0.2], random),
        photos: [
          photo(today, `${project.key}/nursery.jpg`, { en: `Seedlings in the nursery of ${project.partner}`, nl: `Zaailingen in de kwekerij van ${project.partner}` }, startedDaysAgo, project.partner),
          photo(today, `${project.key}/landscape.jpg`, { en: 'The land before restoration', nl: 'Het land voor het herstel' }, startedDaysAgo + 20, project.partner),
          photo(today, `${project.key}/team.jpg`, { en: `The planting team at ${project.sites[0]}`, nl: `Het plantteam in ${project.sites[0]}` }, startedDaysAgo - 100, project.partner),
          photo(today, `${project.key}/canopy.jpg`, { en: 'Young canopy after two years', nl: 'Jong bladerdak na twee jaar' }, startedDaysAgo - 730, project.partner),
        ],
        default_species: project.species.map((species) => ({ name_latin: species.latin, name_common: { en: species.en, nl: species.nl }, trees: null })),
        sdg_goals: [13, 15, ...(project.ecosystem === 'mangrove' ? [14] : project.ecosystem === 'agroforestry' ? [2] : [6])],
        foundation_url: `https://foundation.canopy.example/projects/${project.key}`,
      },
    });

    for (const planting of mine) addPlanting(planting, add, date, today, random);

    // The project's yearly survey, and a verification statement a year after each year.
    const projectTrees = (daysAgo: number) => mine.filter((planting) => planting.livemode && planting.plantedDaysAgo !== null && planting.plantedDaysAgo > daysAgo)
      .reduce((sum, planting) => sum + plantingTrees(planting), 0);
    for (let daysAgo = startedDaysAgo - 365, year = 1; daysAgo >= 3; daysAgo -= 365, year++) {
      const survival = Math.round((0.93 - year * 0.012 - random() * 0.02) * 1000) / 1000;
      add(daysAgo, 20, {
        op: 'record_monitoring',
        input: {
          ref: `bench-impact-survey-${project.key}-${year}`, project_ref: `bench-impact-project-${project.key}`, recorded_at: date(daysAgo + 3),
          survival_rate: survival, trees_alive: Math.round(projectTrees(daysAgo) * survival), method: 'satellite_canopy_estimate',
          notes: { en: 'Yearly survey of all plots.', nl: 'Jaarlijkse opname van alle percelen.' },
        },
      });
    }
    for (let daysAgo = startedDaysAgo - 420, year = 1; daysAgo >= 5; daysAgo -= 365, year++) {
      const periodEnd = daysAgo + 30;
      add(daysAgo, 40, {
        op: 'publish_verification',
        input: {
          ref: `bench-impact-verification-${project.key}-${year}`, project_ref: `bench-impact-project-${project.key}`,
          period_start: date(periodEnd + 365), period_end: date(periodEnd), verifier_name: project.verifier,
          verifier_website_url: `https://${project.verifier.toLowerCase().replaceAll(' ', '-')}.example.org`,
          document_url: `${MEDIA}/${project.key}/verification-${year}.pdf`,
          summary: { en: `Field audit of sample plots in ${project.sites.join(', ')} confirms the planting records and survival figures.`, nl: `Veldaudit van proefvlakken in ${project.sites.join(', ')} bevestigt de plantgegevens en overlevingscijfers.` },
          trees_verified: Math.round(projectTrees(periodEnd) * (0.85 + random() * 0.1)),
          published_at: moment(today, daysAgo, 40).toISOString(),
        },
      });
    }
  });
  return steps.sort((a, b) => b.daysAgo - a.daysAgo || a.minute - b.minute);
}

function addPlanting(
  planting: PlantingPlan,
  add: (daysAgo: number, minute: number, operation: FoundationOperation) => void,
  date: (daysAgo: number) => string,
  today: Date,
  random: () => number,
) {
  const { project, site } = planting;
  const trees = plantingTrees(planting);
  const base = { ref: planting.ref, project_ref: `bench-impact-project-${project.key}`, trees, livemode: planting.livemode };
  add(planting.createdDaysAgo, 10, {
    op: 'upsert_planting',
    input: {
      ...base, planting_method: project.method,
      notes: { en: `Seedlings for ${site} are growing in the nursery of ${project.partner}.`, nl: `Zaailingen voor ${site} groeien op in de kwekerij van ${project.partner}.` },
    },
  });
  const plantedDaysAgo = planting.plantedDaysAgo;
  if (plantedDaysAgo === null) return;
  const shares = project.species.map(() => 0.5 + random());
  const total = shares.reduce((a, b) => a + b, 0);
  const species = project.species.map((entry, i) => ({ name_latin: entry.latin, name_common: { en: entry.en, nl: entry.nl }, trees: Math.floor((trees * shares[i]!) / total) }));
  species[0]!.trees += trees - species.reduce((sum, entry) => sum + entry.trees, 0);
  const photos = [
    photo(today, `${project.key}/${planting.ref}-planting-day.jpg`, { en: `Planting day at ${site}`, nl: `Plantdag in ${site}` }, plantedDaysAgo, project.partner),
    photo(today, `${project.key}/${planting.ref}-six-months.jpg`, { en: `${site}, six months after planting`, nl: `${site}, zes maanden na het planten` }, plantedDaysAgo - 180, project.partner),
    photo(today, `${project.key}/${planting.ref}-one-year.jpg`, { en: `${site}, one year after planting`, nl: `${site}, een jaar na het planten` }, plantedDaysAgo - 365, project.partner),
  ];
  const reportedDaysAgo = Math.max(plantedDaysAgo - 4, 1);
  const takenBy = (daysAgo: number) => photos.filter((p) => p.taken_at <= date(daysAgo));
  add(reportedDaysAgo, 10, {
    op: 'upsert_planting',
    input: {
      ...base, planted_at: date(plantedDaysAgo), geometry: plotPolygon(planting.plot, random), species, photos: takenBy(reportedDaysAgo),
      notes: { en: `Planted at ${site} with ${project.partner}.`, nl: `Geplant in ${site} met ${project.partner}.` },
    },
  });
  add(reportedDaysAgo, 15, { op: 'complete_planting', input: { ref: planting.ref } });
  for (const later of [180, 365]) {
    const daysAgo = plantedDaysAgo - later;
    if (daysAgo >= 1) add(daysAgo, 25, { op: 'upsert_planting', input: { ...base, photos: takenBy(daysAgo) } });
  }
  planting.measurements.forEach((measurement, i) => {
    add(measurement.daysAgo, 20, {
      op: 'record_monitoring',
      input: {
        ref: `bench-impact-monitoring-${planting.ref}-${i + 1}`, project_ref: base.project_ref, planting_ref: planting.ref,
        recorded_at: date(measurement.daysAgo + 3), survival_rate: measurement.survival, trees_alive: Math.round(trees * measurement.survival),
        method: i % 2 === 0 ? 'sample_plot_count' : 'drone_survey',
        ...(i === 0 ? { photos: [photo(today, `${project.key}/${planting.ref}-count-${i + 1}.jpg`, { en: `Counting survivors at ${site}`, nl: `Overlevenden tellen in ${site}` }, measurement.daysAgo + 3, project.partner)] } : {}),
        ...(measurement.survival < 0.85 ? { notes: { en: 'Losses after a dry spell.', nl: 'Uitval na een droge periode.' } } : {}),
      },
    });
  });
}

/** Applies the world's operations, in units of work of 200 operations each, at their moments. */
async function buildWorld(db: Kysely<DB>, plantings: PlantingPlan[], today: Date, publicBaseUrl: string): Promise<number> {
  const steps = worldOperations(plantings, today);
  for (let from = 0; from < steps.length; from += 200) {
    await inUnitOfWork(db, { publicBaseUrl, foundationLock: true }, async (uow) => {
      for (const step of steps.slice(from, from + 200)) await applyOperation(uow.at(moment(today, step.daysAgo, step.minute)), step.operation);
    });
  }
  return steps.length;
}

export interface SeededImpactCompany {
  companyId: string;
  slug: string;
  /** A live token that may read the company (GET /v2/company). */
  token: string;
  /** Live allocations, test-mode ones, plantings and projects holding its live trees. */
  liveAllocations: number;
  testAllocations: number;
  plantings: number;
  projects: number;
  /** Its live company certificate. */
  companyCertificateId: string;
}

export interface ImpactSeed {
  large: SeededImpactCompany;
  small: SeededImpactCompany;
  /** Seconds per stage, in order. */
  stages: { stage: string; seconds: number }[];
  worldOperations: number;
}

/**
 * Seeds the world, the large company with `rows` live allocations and the small one; then
 * ANALYZE. Progress goes to `log`.
 */
export async function seedImpact(
  db: Kysely<DB>,
  options: { rows: number; publicBaseUrl: string; log?: (line: string) => void; batchSize?: number },
): Promise<ImpactSeed> {
  const log = options.log ?? (() => {});
  const stages: { stage: string; seconds: number }[] = [];
  let started = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    stages.push({ stage: name, seconds: (now - started) / 1000 });
    log(`${name}: ${((now - started) / 1000).toFixed(1)} s`);
    started = now;
  };
  const today = new Date();
  const plantings = planWorld(options.rows);
  const operations = await buildWorld(db, plantings, today, options.publicBaseUrl);
  stage(`world: ${PROJECTS.length} projects, ${plantings.length} plantings, ${operations} foundation operations`);

  const largeIds = await createBenchCompany(db, { ...LARGE_COMPANY, adminEmail: 'admin@northwind-outdoor.example' });
  const ids = await plantingIds(db);
  await insertLargeAllocations(db, largeIds.companyId, plantings, ids, today, { batchSize: options.batchSize ?? 50_000, log });
  stage(`large company: ${options.rows.toLocaleString('en')} live allocations written`);
  const assigned = await assignOldestAllocations(db, largeIds.companyId, options.rows, today);
  stage(`large company: ${assigned.recipients.toLocaleString('en')} recipients, ${assigned.giftCodes.toLocaleString('en')} gift codes, ${assigned.certificates.toLocaleString('en')} certificates`);
  await setCountersFromAllocations(db, largeIds.companyId);
  await sql`UPDATE company_total_parts SET recipients = recipients + ${assigned.recipients}, certificates = certificates + ${assigned.certificates}
    WHERE company_id = ${largeIds.companyId} AND livemode AND part = 0`.execute(db);
  const largeCertificate = await issueCompanyCertificates(db, largeIds.companyId, options.publicBaseUrl);
  stage('large company: counters set from the allocations, company certificates issued');

  const smallIds = await createBenchCompany(db, { ...SMALL_COMPANY, adminEmail: 'admin@kleinekoffiebar.example' });
  await seedSmallCompany(db, smallIds.companyId, plantings, today, options.publicBaseUrl);
  const smallCertificate = await issueCompanyCertificates(db, smallIds.companyId, options.publicBaseUrl);
  stage('small company: 100 donations, recipients and gift codes through the application');

  await sql`ANALYZE`.execute(db);
  stage('ANALYZE');
  return {
    large: await describeCompany(db, largeIds, largeCertificate),
    small: await describeCompany(db, smallIds, smallCertificate),
    stages,
    worldOperations: operations,
  };
}

/** The two companies of a database seeded before (found by their slugs), or null. */
export async function findImpactSeed(db: Kysely<DB>): Promise<{ large: SeededImpactCompany; small: SeededImpactCompany } | null> {
  const found = async (slug: string) => {
    const company = await db.selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!company) return null;
    const certificate = await db.selectFrom('certificates').select('id').where('company_id', '=', company.id).where('type', '=', 'company').where('livemode', '=', true).executeTakeFirst();
    const user = await db.selectFrom('users').select('email').where('company_id', '=', company.id).executeTakeFirstOrThrow();
    const token = await createToken(db, { companyId: company.id, ownerEmail: user.email, scopes: ['company:read'], livemode: true, name: 'bench again' });
    return describeCompany(db, { companyId: company.id, token: token.token }, certificate?.id ?? '');
  };
  const large = await found(LARGE_COMPANY.slug);
  const small = await found(SMALL_COMPANY.slug);
  return large && small ? { large, small } : null;
}

async function createBenchCompany(
  db: Kysely<DB>,
  details: { name: string; slug: string; country: string; websiteUrl: string; logoUrl?: string; aboutEn?: string; aboutNl?: string; adminEmail: string; plan: Plan },
) {
  const { adminEmail, ...rest } = details;
  const company = await createCompany(db, rest);
  await createUser(db, { companyId: company.id, email: adminEmail, name: 'Bench Admin', role: 'admin' });
  const token = await createToken(db, { companyId: company.id, ownerEmail: adminEmail, scopes: ['company:read'], livemode: true, name: 'bench' });
  return { companyId: company.id, token: token.token };
}

async function plantingIds(db: Kysely<DB>): Promise<Map<string, { id: string; projectId: string }>> {
  const rows = await db.selectFrom('plantings').select(['id', 'project_id', 'foundation_ref']).where('foundation_ref', 'like', 'bench-impact-%').execute();
  return new Map(rows.map((row) => [row.foundation_ref, { id: row.id, projectId: row.project_id }]));
}

/**
 * The large company's allocations, planting by planting, in batches: the donations of a
 * planting fall between its creation and ten days before it was planted (until now for one
 * still ahead), recorded two seconds later, in the planting's status, changed (updated_at)
 * when the planting moved them there. Row n's id is unique by construction.
 */
async function insertLargeAllocations(
  db: Kysely<DB>,
  companyId: string,
  plantings: PlantingPlan[],
  ids: Map<string, { id: string; projectId: string }>,
  today: Date,
  options: { batchSize: number; log: (line: string) => void },
) {
  const total = plantings.reduce((sum, planting) => sum + planting.count, 0);
  let done = 0;
  let reported = 0;
  for (const planting of plantings) {
    if (planting.count === 0) continue;
    const { id: plantingId, projectId } = ids.get(planting.ref)!;
    const windowStart = moment(today, planting.createdDaysAgo - 3, 30);
    const windowEnd = planting.plantedDaysAgo === null ? new Date(Date.now() - 3_600_000) : moment(today, planting.plantedDaysAgo + 10, 30);
    const spanSeconds = Math.max(3600, (windowEnd.getTime() - windowStart.getTime()) / 1000);
    const state = status(planting);
    const movedAt = state === 'pledged' ? null
      : state === 'planted' ? moment(today, Math.max(planting.plantedDaysAgo! - 4, 1), 15)
      : moment(today, planting.measurements[0]!.daysAgo, 20);
    const end = planting.first + planting.count - 1;
    for (let from = planting.first; from <= end; from += options.batchSize) {
      const to = Math.min(end, from + options.batchSize - 1);
      await sql`
        INSERT INTO allocations (id, company_id, livemode, planting_id, project_id, trees, status, source, foundation_ref,
                                 legacy_tree_ids, allocated_at, created_at, updated_at)
        SELECT 'alloc_' || lpad(to_hex(n), 8, '0') || substr(md5('bench-impact' || n::text), 1, 16),
               ${companyId}, ${planting.livemode}, ${plantingId}, ${projectId}, ${ALLOCATION_TREES}, ${state}, 'foundation',
               'bench-impact-donation-' || n::text, '{}', at, at + interval '2 seconds',
               greatest(at + interval '2 seconds', ${movedAt}::timestamptz)
        FROM generate_series(${from}::int, ${to}::int) AS n,
             LATERAL (SELECT date_trunc('milliseconds', ${windowStart}::timestamptz
               + ((n - ${planting.first} + 0.5) / ${planting.count}::float8) * ${spanSeconds}::float8 * interval '1 second') AS at) AS t
      `.execute(db);
      done += to - from + 1;
      if (done - reported >= 100_000 || done === total) {
        options.log(`  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} allocations`);
        reported = done;
      }
    }
  }
}

const FIRST_NAMES = ['Anna', 'Bram', 'Chloe', 'Daan', 'Emma', 'Finn', 'Grace', 'Hugo', 'Isa', 'Jonas', 'Kiki', 'Lars', 'Mila', 'Noah', 'Olga', 'Pieter', 'Quinn', 'Rosa', 'Sem', 'Tess'];
const LAST_NAMES = ['Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Okafor', 'Martins', 'Silva', 'Nguyen', 'Kowalski', 'Haddad', 'Mueller', 'Rossi', 'Garcia', 'Tanaka'];

/**
 * Gives the large company's oldest live allocations away as the application does, oldest
 * first and whole: 3% to recipients made through the API (each with its personal
 * certificate), 0.2% to gift codes people claimed (a recipient and a gift certificate
 * each), 0.2% reserved by open gift codes; and codes that were revoked or expired, which
 * hold no trees. Recipient k is created between the first donation and now, after the
 * allocation it takes (the oldest unassigned one then). One transaction, as the
 * temporary table lives on one connection.
 */
async function assignOldestAllocations(db: Kysely<DB>, companyId: string, rows: number, today: Date) {
  const api = Math.round(rows * 0.03);
  const claimed = Math.round(rows * 0.002);
  const open = Math.round(rows * 0.002);
  const revoked = Math.round(rows * 0.0003);
  const expired = Math.round(rows * 0.0005);
  const now = today;
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TEMPORARY TABLE bench_assigned ON COMMIT DROP AS
      SELECT o.id AS allocation_id, o.trees, o.project_id, o.k,
             CASE WHEN o.k <= ${api} THEN 'api' WHEN o.k <= ${api + claimed} THEN 'claimed' ELSE 'open' END AS kind,
             'rcp_' || substr(md5('rcp' || o.id), 1, 24) AS recipient_id,
             'cert_' || substr(md5('cert' || o.id), 1, 24) AS certificate_id,
             'gift_' || substr(md5('gift' || o.id), 1, 24) AS gift_code_id,
             upper(substr(md5('code' || o.id), 1, 4) || '-' || substr(md5('code' || o.id), 5, 4) || '-' || substr(md5('code' || o.id), 9, 4)) AS code,
             date_trunc('milliseconds', greatest(o.allocated_at + interval '1 day',
               first_at + (o.k::float8 / ${api + claimed + open}) * (${now}::timestamptz - interval '2 days' - first_at))) AS created_at
      FROM (
        SELECT a.id, a.trees, a.project_id, a.allocated_at, row_number() OVER (ORDER BY a.allocated_at, coalesce(a.split_from_id, a.id), a.id) AS k,
               min(a.allocated_at) OVER () AS first_at
        FROM (
          SELECT * FROM allocations
          WHERE company_id = ${companyId} AND livemode AND recipient_id IS NULL AND gift_code_id IS NULL
          ORDER BY allocated_at, coalesce(split_from_id, id), id
          LIMIT ${api + claimed + open}
        ) AS a
      ) AS o
    `.execute(trx);
    const person = sql`
      (${FIRST_NAMES}::text[])[1 + b.k % ${FIRST_NAMES.length}] AS first_name,
      (${LAST_NAMES}::text[])[1 + (b.k / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS last_name`;
    // Claimed codes: their recipient comes with the claim, three days after the code.
    await sql`
      INSERT INTO recipients (id, company_id, livemode, first_name, last_name, email, language, external_reference, trees, project_id,
                              message, source, certificate_id, send_email, email_sent_at, claimed_at, created_at, updated_at)
      SELECT b.recipient_id, ${companyId}, true, p.first_name, p.last_name,
             lower(p.first_name) || '.' || lower(replace(p.last_name, ' ', '')) || b.k || '@example.com',
             CASE WHEN b.k % 3 = 0 THEN 'nl' ELSE 'en' END,
             CASE WHEN b.kind = 'api' THEN 'order-' || (100000 + b.k) END, b.trees, NULL,
             CASE WHEN b.kind = 'claimed' THEN NULL WHEN b.k % 3 = 0 THEN 'Bedankt voor je bestelling! Deze boom groeit voor jou.' ELSE 'Thank you for your order! This tree grows for you.' END,
             CASE WHEN b.kind = 'api' THEN 'api' ELSE 'gift_code' END, b.certificate_id, true,
             at.created + interval '2 minutes', CASE WHEN b.kind = 'claimed' THEN at.created END, at.created, at.created + interval '1 minute'
      FROM bench_assigned b, LATERAL (SELECT ${person}) AS p,
           LATERAL (SELECT CASE WHEN b.kind = 'claimed' THEN b.created_at + interval '3 days' ELSE b.created_at END AS created) AS at
      WHERE b.kind IN ('api', 'claimed')
    `.execute(trx);
    await sql`
      INSERT INTO gift_codes (id, company_id, livemode, code, status, trees, project_id, sent_to_name, sent_to_email, external_reference,
                              recipient_id, valid_until, claimed_at, created_at, updated_at)
      SELECT b.gift_code_id, ${companyId}, true, b.code, CASE WHEN b.kind = 'claimed' THEN 'claimed' ELSE 'open' END, b.trees, NULL,
             p.first_name || ' ' || p.last_name, lower(p.first_name) || '.gift' || b.k || '@example.com', 'GIFTCARD-' || b.k,
             CASE WHEN b.kind = 'claimed' THEN b.recipient_id END,
             -- Open codes were handed out in the last 300 days, for a year.
             CASE WHEN b.kind = 'claimed' THEN b.created_at + interval '365 days' ELSE at.created + interval '365 days' END,
             CASE WHEN b.kind = 'claimed' THEN b.created_at + interval '3 days' END,
             at.created, CASE WHEN b.kind = 'claimed' THEN b.created_at + interval '3 days' ELSE at.created END
      FROM bench_assigned b, LATERAL (SELECT ${person}) AS p,
           LATERAL (SELECT CASE WHEN b.kind = 'open' THEN date_trunc('milliseconds', ${now}::timestamptz - (b.k % 300 + 1) * interval '1 day') ELSE b.created_at END AS created) AS at
      WHERE b.kind IN ('claimed', 'open')
    `.execute(trx);
    // Codes that hold no trees any more: revoked ones, and ones that expired unclaimed.
    await sql`
      INSERT INTO gift_codes (id, company_id, livemode, code, status, trees, sent_to_name, sent_to_email, external_reference,
                              valid_until, revoked_at, expired_at, created_at, updated_at)
      SELECT 'gift_' || substr(md5('gift-done' || n), 1, 24), ${companyId}, true,
             upper(substr(md5('code-done' || n), 1, 4) || '-' || substr(md5('code-done' || n), 5, 4) || '-' || substr(md5('code-done' || n), 9, 4)),
             CASE WHEN n <= ${revoked} THEN 'revoked' ELSE 'expired' END, 1 + n % 5,
             'Card ' || n, 'card' || n || '@example.com', 'CARD-' || n, made + interval '90 days',
             CASE WHEN n <= ${revoked} THEN made + interval '10 days' END,
             CASE WHEN n > ${revoked} THEN made + interval '90 days' + interval '30 seconds' END,
             made, made + interval '10 days'
      FROM generate_series(1, ${revoked + expired}::int) AS n,
           LATERAL (SELECT date_trunc('milliseconds', ${now}::timestamptz - (100 + n % 900) * interval '1 day') AS made) AS t
    `.execute(trx);
    await sql`
      INSERT INTO certificates (id, company_id, livemode, type, number, trees, project_id, recipient_id, language, issued_at, created_at, updated_at)
      SELECT r.certificate_id, ${companyId}, true, CASE WHEN r.source = 'gift_code' THEN 'gift' ELSE 'personal' END,
             'CNP-' || extract(year FROM r.updated_at)::int || '-' || lpad(nextval('certificate_numbers')::text, 6, '0'),
             r.trees, b.project_id, r.id, r.language, r.updated_at, r.updated_at, r.updated_at
      FROM bench_assigned b JOIN recipients r ON r.id = b.recipient_id
      ORDER BY r.updated_at
    `.execute(trx);
    await sql`
      UPDATE allocations a
      SET recipient_id = CASE WHEN b.kind = 'open' THEN NULL ELSE b.recipient_id END,
          gift_code_id = CASE WHEN b.kind = 'open' THEN b.gift_code_id END,
          certificate_id = CASE WHEN b.kind = 'open' THEN NULL ELSE b.certificate_id END,
          updated_at = greatest(a.updated_at, b.created_at)
      FROM bench_assigned b WHERE a.id = b.allocation_id
    `.execute(trx);
  });
  return { recipients: api + claimed, giftCodes: claimed + open + revoked + expired, certificates: api + claimed };
}

/**
 * The small company, through the application: 100 donations in the last two months to
 * four plantings (one pledged, one planted and not yet measured, two measured) in four
 * projects; three customers given trees through the API, each with a certificate; a gift
 * code claimed and one still open.
 */
async function seedSmallCompany(db: Kysely<DB>, companyId: string, plantings: PlantingPlan[], today: Date, publicBaseUrl: string) {
  const pick = (project: number, state: 'pledged' | 'planted' | 'monitored') =>
    plantings.find((planting) => planting.livemode && planting.project === PROJECTS[project] && status(planting) === state)
    ?? plantings.find((planting) => planting.livemode && status(planting) === state)!;
  const chosen = [pick(0, 'monitored'), pick(2, 'planted'), pick(4, 'monitored'), pick(7, 'pledged')];
  const random = seededRandom(100);
  const donations = Array.from({ length: 100 }, (_, i) => ({
    planting: chosen[i % chosen.length]!,
    trees: 1 + Math.floor(random() * 10),
    at: new Date(moment(today, 60, 0).getTime() + (i / 100) * 59 * DAY_MS),
  }));
  await inUnitOfWork(db, { publicBaseUrl, foundationLock: true }, async (uow) => {
    for (const [i, donation] of donations.entries()) {
      await applyOperation(uow.at(donation.at), {
        op: 'record_allocation',
        input: {
          ref: `bench-impact-small-${i + 1}`, company_id: companyId, livemode: true, planting_ref: donation.planting.ref, trees: donation.trees,
          allocated_at: donation.at.toISOString(),
        },
      });
    }
  });
  const people = [
    { firstName: 'Femke', lastName: 'de Boer', email: 'femke.deboer@example.nl', language: 'nl' as const, trees: 2, daysAgo: 20 },
    { firstName: 'Amara', lastName: 'Ndiaye', email: 'amara.ndiaye@example.com', language: 'en' as const, trees: 5, daysAgo: 12 },
    { firstName: 'Lukas', lastName: 'Wagner', email: 'lukas.wagner@example.de', language: 'en' as const, trees: 1, daysAgo: 4 },
  ];
  for (const person of people) {
    const at = moment(today, person.daysAgo, 50);
    await inUnitOfWork(db, { publicBaseUrl }, async (uow) => {
      const { id } = await addRecipient({ companyId, livemode: true }, uow.at(at), {
        trees: person.trees, projectId: null, firstName: person.firstName, lastName: person.lastName, email: person.email,
        language: person.language, externalReference: `bon-${person.daysAgo}`, message: 'Bedankt voor je aankoop!', source: 'api',
      });
      await issuePersonalCertificate(uow.at(new Date(at.getTime() + 60_000)), id);
    });
  }
  for (const [i, gift] of [{ trees: 3, daysAgo: 9, claim: true }, { trees: 2, daysAgo: 3, claim: false }].entries()) {
    const at = moment(today, gift.daysAgo, 55);
    await inUnitOfWork(db, { publicBaseUrl }, async (uow) => {
      const id = await addGiftCode({ companyId, livemode: true }, uow.at(at), {
        trees: gift.trees, projectId: null, validUntil: new Date(at.getTime() + 365 * DAY_MS),
        sentToName: `Gift card ${i + 1}`, sentToEmail: `gift${i + 1}@example.nl`, externalReference: `KAART-${i + 1}`,
      });
      if (!gift.claim) return;
      const row = await uow.db.selectFrom('gift_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      await claimLockedGiftCode(uow.at(new Date(at.getTime() + DAY_MS)), row, { firstName: 'Sanne', lastName: 'Kok', email: 'sanne.kok@example.nl', language: 'nl' });
    });
  }
}

/** The company certificate of each mode the company has trees in, as the hourly refresh issues them; the live one's id. */
async function issueCompanyCertificates(db: Kysely<DB>, companyId: string, publicBaseUrl: string): Promise<string> {
  for (const livemode of [true, false]) await inUnitOfWork(db, { publicBaseUrl }, (uow) => issueCompanyCertificate(uow, companyId, livemode));
  const certificate = await db.selectFrom('certificates').select('id').where('company_id', '=', companyId).where('livemode', '=', true).where('type', '=', 'company').executeTakeFirstOrThrow();
  return certificate.id;
}

async function describeCompany(db: Kysely<DB>, ids: { companyId: string; token: string }, companyCertificateId: string): Promise<SeededImpactCompany> {
  const company = await db.selectFrom('companies').select('slug').where('id', '=', ids.companyId).executeTakeFirstOrThrow();
  const { rows } = await sql<{ live: number; test: number; plantings: number; projects: number }>`
    SELECT count(*) FILTER (WHERE livemode)::int AS live, count(*) FILTER (WHERE NOT livemode)::int AS test,
           count(DISTINCT planting_id) FILTER (WHERE livemode)::int AS plantings, count(DISTINCT project_id) FILTER (WHERE livemode)::int AS projects
    FROM allocations WHERE company_id = ${ids.companyId}`.execute(db);
  const counts = rows[0]!;
  return {
    companyId: ids.companyId, slug: company.slug, token: ids.token, liveAllocations: counts.live, testAllocations: counts.test,
    plantings: counts.plantings, projects: counts.projects, companyCertificateId,
  };
}

/**
 * Every counter of the company that its public figures come from, recomputed from the
 * rows (allocations, recipients, certificates, plantings, monitorings) and compared with
 * what is stored: the company_totals view (the sum of company_total_parts), company_projects,
 * company_plantings, plantings.trees_allocated of its plantings, and each allocation's
 * status against its planting's (lifecycle.ts statusForPlanting). One line per difference;
 * none when all agree. Scans the company's allocations: a check, not a page.
 */
export async function checkImpactAggregates(db: Kysely<DB>, companyId: string): Promise<string[]> {
  const differences: string[] = [];
  const totals = await sql<{ livemode: boolean; name: string; stored: string | null; expected: string | null }>`
    WITH a AS (SELECT * FROM allocations WHERE company_id = ${companyId}),
    modes AS (SELECT true AS livemode UNION ALL SELECT false),
    expected AS (
      SELECT m.livemode,
        coalesce((SELECT sum(trees) FROM a WHERE a.livemode = m.livemode AND status = 'pledged'), 0)::text AS trees_pledged,
        coalesce((SELECT sum(trees) FROM a WHERE a.livemode = m.livemode AND status = 'planted'), 0)::text AS trees_planted,
        coalesce((SELECT sum(trees) FROM a WHERE a.livemode = m.livemode AND status = 'monitored'), 0)::text AS trees_monitored,
        coalesce((SELECT sum(trees) FROM a WHERE a.livemode = m.livemode AND recipient_id IS NULL AND gift_code_id IS NULL), 0)::text AS trees_unassigned,
        (SELECT count(DISTINCT project_id) FROM a WHERE a.livemode = m.livemode)::text AS projects,
        (SELECT count(DISTINCT planting_id) FROM a WHERE a.livemode = m.livemode)::text AS plantings,
        (SELECT count(*) FROM recipients r WHERE r.company_id = ${companyId} AND r.livemode = m.livemode AND r.deleted_at IS NULL)::text AS recipients,
        (SELECT count(*) FROM certificates c WHERE c.company_id = ${companyId} AND c.livemode = m.livemode AND c.withdrawn_at IS NULL)::text AS certificates,
        (SELECT to_char(min(allocated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') FROM a WHERE a.livemode = m.livemode) AS first_contribution_at
      FROM modes m
    ),
    stored AS (
      SELECT t.livemode, t.trees_pledged::text, t.trees_planted::text, t.trees_monitored::text, t.trees_unassigned::text, t.projects::text,
             t.plantings::text, t.recipients::text, t.certificates::text,
             to_char(t.first_contribution_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS first_contribution_at
      FROM company_totals t WHERE t.company_id = ${companyId}
    )
    SELECT e.livemode, c.name, c.stored, c.expected
    FROM expected e LEFT JOIN stored s ON s.livemode = e.livemode,
    LATERAL (VALUES
      ('trees_pledged', s.trees_pledged, e.trees_pledged), ('trees_planted', s.trees_planted, e.trees_planted),
      ('trees_monitored', s.trees_monitored, e.trees_monitored), ('trees_unassigned', s.trees_unassigned, e.trees_unassigned),
      ('projects', s.projects, e.projects), ('plantings', s.plantings, e.plantings), ('recipients', s.recipients, e.recipients),
      ('certificates', s.certificates, e.certificates), ('first_contribution_at', s.first_contribution_at, e.first_contribution_at)
    ) AS c(name, stored, expected)
    WHERE c.stored IS DISTINCT FROM c.expected
  `.execute(db);
  for (const row of totals.rows) differences.push(`company_totals (livemode ${row.livemode}) ${row.name}: stored ${row.stored}, the rows add up to ${row.expected}`);

  const projects = await sql<{ livemode: boolean; project_id: string; stored: string | null; expected: string | null }>`
    WITH expected AS (
      SELECT a.livemode, a.project_id, p.created_at AS project_created_at,
             coalesce(sum(a.trees) FILTER (WHERE a.status = 'pledged'), 0) AS trees_pledged,
             coalesce(sum(a.trees) FILTER (WHERE a.status = 'planted'), 0) AS trees_planted,
             coalesce(sum(a.trees) FILTER (WHERE a.status = 'monitored'), 0) AS trees_monitored
      FROM allocations a JOIN projects p ON p.id = a.project_id
      WHERE a.company_id = ${companyId} GROUP BY a.livemode, a.project_id, p.created_at
    ),
    stored AS (SELECT * FROM company_projects WHERE company_id = ${companyId})
    SELECT coalesce(e.livemode, s.livemode) AS livemode, coalesce(e.project_id, s.project_id) AS project_id,
           CASE WHEN s.project_id IS NULL THEN NULL ELSE concat_ws(' ', s.trees_pledged, s.trees_planted, s.trees_monitored, s.project_created_at) END AS stored,
           CASE WHEN e.project_id IS NULL THEN NULL ELSE concat_ws(' ', e.trees_pledged, e.trees_planted, e.trees_monitored, e.project_created_at) END AS expected
    FROM expected e FULL JOIN stored s ON s.livemode = e.livemode AND s.project_id = e.project_id
    WHERE (e.trees_pledged, e.trees_planted, e.trees_monitored, e.project_created_at)
          IS DISTINCT FROM (s.trees_pledged, s.trees_planted, s.trees_monitored, s.project_created_at)
  `.execute(db);
  for (const row of projects.rows) {
    differences.push(`company_projects ${row.project_id} (livemode ${row.livemode}) pledged planted monitored created: stored ${row.stored ?? 'no row'}, the rows add up to ${row.expected ?? 'no row'}`);
  }

  const plantingRows = await sql<{ livemode: boolean; planting_id: string; stored: string | null; expected: string | null }>`
    WITH expected AS (
      SELECT a.livemode, a.planting_id, a.project_id, pl.created_at AS planting_created_at, sum(a.trees) AS trees
      FROM allocations a JOIN plantings pl ON pl.id = a.planting_id
      WHERE a.company_id = ${companyId} GROUP BY a.livemode, a.planting_id, a.project_id, pl.created_at
    ),
    stored AS (SELECT * FROM company_plantings WHERE company_id = ${companyId})
    SELECT coalesce(e.livemode, s.livemode) AS livemode, coalesce(e.planting_id, s.planting_id) AS planting_id,
           CASE WHEN s.planting_id IS NULL THEN NULL ELSE concat_ws(' ', s.trees, s.project_id, s.planting_created_at) END AS stored,
           CASE WHEN e.planting_id IS NULL THEN NULL ELSE concat_ws(' ', e.trees, e.project_id, e.planting_created_at) END AS expected
    FROM expected e FULL JOIN stored s ON s.livemode = e.livemode AND s.planting_id = e.planting_id
    WHERE (e.trees, e.project_id, e.planting_created_at) IS DISTINCT FROM (s.trees, s.project_id, s.planting_created_at)
  `.execute(db);
  for (const row of plantingRows.rows) {
    differences.push(`company_plantings ${row.planting_id} (livemode ${row.livemode}) trees project created: stored ${row.stored ?? 'no row'}, the rows add up to ${row.expected ?? 'no row'}`);
  }

  const allocated = await sql<{ id: string; stored: string; expected: string }>`
    SELECT p.id, p.trees_allocated::text AS stored, coalesce(s.total, 0)::text AS expected
    FROM plantings p LEFT JOIN (SELECT planting_id, sum(trees) AS total FROM allocations GROUP BY planting_id) s ON s.planting_id = p.id
    WHERE p.id IN (SELECT planting_id FROM allocations WHERE company_id = ${companyId})
      AND p.trees_allocated IS DISTINCT FROM coalesce(s.total, 0)
  `.execute(db);
  for (const row of allocated.rows) differences.push(`plantings.trees_allocated of ${row.id}: stored ${row.stored}, its allocations add up to ${row.expected}`);

  const lagging = await sql<{ planting_id: string; status: string; expected: string; allocations: number }>`
    SELECT a.planting_id, a.status, e.expected, count(*)::int AS allocations
    FROM allocations a JOIN plantings p ON p.id = a.planting_id,
    LATERAL (SELECT CASE
      WHEN p.completed_at IS NULL OR p.planted_at IS NULL OR p.geometry IS NULL OR jsonb_array_length(p.species) = 0 THEN 'pledged'
      WHEN EXISTS (SELECT 1 FROM monitorings m WHERE m.planting_id = p.id) THEN 'monitored'
      ELSE 'planted' END AS expected) AS e
    WHERE a.company_id = ${companyId} AND a.status <> e.expected
    GROUP BY a.planting_id, a.status, e.expected
  `.execute(db);
  for (const row of lagging.rows) differences.push(`${row.allocations} allocation(s) of planting ${row.planting_id} are ${row.status}; the planting says ${row.expected}`);

  const owners = await sql<{ problem: string; count: number }>`
    SELECT 'recipients whose trees differ from their allocations' AS problem, count(*)::int AS count
    FROM recipients r
    LEFT JOIN (SELECT recipient_id, sum(trees) AS trees FROM allocations WHERE company_id = ${companyId} AND recipient_id IS NOT NULL GROUP BY recipient_id) a
      ON a.recipient_id = r.id
    WHERE r.company_id = ${companyId} AND r.deleted_at IS NULL AND r.trees <> coalesce(a.trees, 0)
    UNION ALL
    SELECT 'open gift codes whose trees differ from their reserved allocations', count(*)::int
    FROM gift_codes g
    LEFT JOIN (SELECT gift_code_id, sum(trees) AS trees FROM allocations WHERE company_id = ${companyId} AND gift_code_id IS NOT NULL GROUP BY gift_code_id) a
      ON a.gift_code_id = g.id
    WHERE g.company_id = ${companyId} AND g.status = 'open' AND g.trees <> coalesce(a.trees, 0)
  `.execute(db);
  for (const row of owners.rows) if (row.count > 0) differences.push(`${row.count} ${row.problem}`);
  return differences;
}
