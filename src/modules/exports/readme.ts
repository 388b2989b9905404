import type { ExportTexts } from './texts.ts';

/**
 * The README of the zip: what the files are, what every CSV column is (the API field
 * behind it: docs/reporting.md says the same at more length), what the numbers are and
 * are not, and how to cite the export. Column meanings are in English in both languages:
 * they name API fields, which are English.
 */
export const COLUMN_MEANINGS: readonly [string, string][] = [
  ['as_of', 'the moment the data are of (UTC)'],
  ['planting', 'planting.id (plt_)'],
  ['project', 'planting.project (prj_)'],
  ['partner', 'planting.partner (ptn_), the planting partner'],
  ['source', 'planting.source: foundation or legacy'],
  ['planted_at', 'planting.planted_at (date; empty while not planted)'],
  ['trees', 'planting.trees: all trees of the planting, every company\'s'],
  ['trees_for_company', 'planting.trees_for_company: your trees in it'],
  ['trees_pledged', 'your trees in it whose allocation.status is pledged (GET /v2/allocations?planting=...&status=pledged, sum of trees)'],
  ['trees_planted', 'the same for status planted (in the ground, not yet monitored)'],
  ['trees_monitored', 'the same for status monitored (planted, and at least one survival measurement is recorded for the planting)'],
  ['species', 'planting.species as JSON: name_latin, name_common, trees'],
  ['latitude, longitude', 'planting.location: the centroid of the polygon'],
  ['geometry', 'planting.geometry as GeoJSON: rings of [longitude, latitude]'],
  ['survival_recorded_at, survival_method, survival_rate, survival_trees_alive, monitoring', 'planting.latest_monitoring: recorded_at, method, survival_rate (a fraction), trees_alive, id; empty while pledged or when it is dated before planted_at'],
  ['verification_status', 'verified: a statement of the project covers the planting (planted, on or before its period_end); not_covered: the project has a statement that does not cover it (pledged, or planted after the period); unverified: the project has none'],
  ['verification, verifier_name, verification_period_start, verification_period_end, verification_document_url', 'the covering statement (planting.verification.latest, when it covers the planting): id, verifier_name, period_start, period_end, document_url; empty unless verified'],
  ['photo_urls', 'planting.photos[].url, separated by spaces'],
];

export interface ReadmeFacts {
  companyName: string;
  companyId: string;
  asOf: string;
  livemode: boolean;
  plantings: number;
}

export function readmeText(t: ExportTexts, facts: ReadmeFacts): string {
  const r = t.readme;
  const lines = [
    `# ${r.title}`, '',
    `- ${r.company}: ${facts.companyName} (${facts.companyId})`,
    `- ${r.asOf}: ${facts.asOf}`,
    `- ${r.mode}: ${facts.livemode ? r.live : r.test}`,
    `- plantings: ${facts.plantings}`, '',
    `## ${r.files}`, '',
    ...t.zipFiles.map(([name, what]) => `- \`${name}\`: ${what}`), '',
    `## ${r.numbersAre}`, '', t.numbersAre, '',
    `## ${r.numbersAreNot}`, '', t.numbersAreNot, '',
    `## ${r.esrs}`, '', ...r.esrsBody.flatMap((paragraph) => [paragraph, '']),
    `## ${r.columns}`, '',
    '| column | API field |', '|---|---|',
    ...COLUMN_MEANINGS.map(([column, meaning]) => `| ${column} | ${meaning} |`), '',
    `## ${r.citing}`, '', r.citingBody(facts.asOf), '',
  ];
  return lines.join('\n');
}
