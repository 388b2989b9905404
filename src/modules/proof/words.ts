import type { Language } from '../../core/i18n.ts';

/**
 * The foundation's code words (snake_case values of monitoring.method,
 * planting.planting_method and project.ecosystem_type) as a person reads them, in English
 * and Dutch. The API returns the codes as they came; pages, PDFs and emails say them in
 * words. A code not in the glossary is read out of its own letters ("sample_plot_count"
 * becomes "sample plot count"), so a new value from the foundation reads plainly in
 * English until it is added here; in Dutch too, which is the one place a page may show
 * an English word, and the reason to keep this list complete (docs/decisions.md, "The
 * foundation's words, in Dutch").
 */
type Glossary = Record<string, Record<Language, string>>;

/** How the trees were counted (monitoring.method). */
export const MONITORING_METHODS: Glossary = {
  field_count: { en: 'field count', nl: 'telling in het veld' },
  full_count: { en: 'full count', nl: 'volledige telling' },
  sample_plot_count: { en: 'count in sample plots', nl: 'telling in proefvlakken' },
  transect_count: { en: 'count along transects', nl: 'telling langs transecten' },
  drone_survey: { en: 'drone survey', nl: 'opname met een drone' },
  satellite_canopy_estimate: { en: 'estimate from satellite images of the canopy', nl: 'schatting uit satellietbeelden van het bladerdak' },
};

/** How the trees went into the ground (planting.planting_method). */
export const PLANTING_METHODS: Glossary = {
  seedlings: { en: 'planted as nursery seedlings', nl: 'geplant als zaailingen uit de kwekerij' },
  direct_seeding: { en: 'sown directly', nl: 'direct gezaaid' },
  direct_seeding_and_seedlings: { en: 'sown directly and planted as nursery seedlings', nl: 'direct gezaaid en geplant als zaailingen uit de kwekerij' },
  propagules: { en: 'planted as mangrove propagules', nl: 'geplant als mangrovepropagules (kiemplanten)' },
  cuttings: { en: 'planted as cuttings', nl: 'geplant als stekken' },
  wildings: { en: 'planted as wildings from the forest floor', nl: 'geplant als wildopslag uit het bos' },
  assisted_natural_regeneration: { en: 'assisted natural regeneration', nl: 'geholpen natuurlijke verjonging' },
};

/** The kind of land the project restores (project.ecosystem_type). */
export const ECOSYSTEM_TYPES: Glossary = {
  tropical_montane_forest: { en: 'tropical montane forest', nl: 'tropisch bergbos' },
  tropical_rainforest: { en: 'tropical rainforest', nl: 'tropisch regenwoud' },
  tropical_dry_forest: { en: 'tropical dry forest', nl: 'tropisch droog bos' },
  mangrove: { en: 'mangrove', nl: 'mangrovebos' },
  agroforestry: { en: 'agroforestry', nl: 'agroforestry (bomen tussen gewassen)' },
  temperate_forest: { en: 'temperate forest', nl: 'bos in een gematigd klimaat' },
  boreal_forest: { en: 'boreal forest', nl: 'boreaal bos' },
  savanna: { en: 'savanna', nl: 'savanne' },
  peatland: { en: 'peatland', nl: 'veengebied' },
};

/** A code word in the reader's language: the glossary's, or the code's own letters. */
export function wordFor(glossary: Glossary, code: string | null | undefined, language: Language): string | null {
  if (!code) return null;
  return glossary[code]?.[language] ?? code.replaceAll('_', ' ');
}
