import { Type } from '@sinclair/typebox';

/**
 * The audit export's documented answers. They are files, not JSON objects, so the OpenAPI
 * document describes them by media type (application/geo+json, text/csv); the fields they
 * hold are the planting's (docs/reporting.md names each).
 */

/** Neither export takes a parameter: it is the whole of the company's plantings in the token's mode. */
export const ExportQuery = Type.Object({}, { additionalProperties: false });

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A feature's properties: fields of the planting (GET /v2/plantings) and the company's trees by allocation status. */
const FEATURE_PROPERTIES = Type.Object({
  planting: Type.String({ description: 'planting.id' }),
  project: Type.String({ description: 'planting.project' }),
  partner: Type.String({ description: 'planting.partner' }),
  source: Type.String({ description: 'planting.source' }),
  planted_at: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'planting.planted_at' }),
  trees: Type.Integer({ description: "planting.trees: every company's trees in it" }),
  trees_for_company: Type.Integer({ description: 'planting.trees_for_company' }),
  trees_by_status: Type.Object(
    { pledged: Type.Integer(), planted: Type.Integer(), monitored: Type.Integer() },
    { description: "The company's trees in the planting by allocation.status (GET /v2/allocations?planting=...&status=...); they add up to trees_for_company." },
  ),
  species: Type.Array(Type.Object({ name_latin: Type.String(), name_common: Type.String(), trees: Type.Union([Type.Integer(), Type.Null()]) }), { description: 'planting.species' }),
  location: Type.Union([Type.Object({ latitude: Type.Number(), longitude: Type.Number() }), Type.Null()], { description: 'planting.location' }),
  latest_monitoring: Type.Union([
    Type.Object({ id: Type.String(), recorded_at: Type.String({ format: 'date' }), method: Type.String(), survival_rate: Type.Number(), trees_alive: Type.Integer() }),
    Type.Null(),
  ], { description: 'planting.latest_monitoring (id, recorded_at, method, survival_rate, trees_alive) when it is of these trees: null while the planting is pledged, or when the measurement is dated before planted_at.' }),
  verification: Type.Object({
    status: Type.Union([Type.Literal('verified'), Type.Literal('not_covered'), Type.Literal('unverified')], {
      description: '`verified`: the project\'s latest statement covers this planting (its trees are planted, on or before the statement\'s period_end); '
        + '`not_covered`: the project has a statement, but it does not cover this planting (pledged, or planted after the period), so none is shown; `unverified`: the project has none.',
    }),
    latest: Type.Union([
      Type.Object({
        id: Type.String(), verifier_name: Type.String(), verifier_website_url: NullableString, period_start: Type.String({ format: 'date' }),
        period_end: Type.String({ format: 'date' }), document_url: NullableString, published_at: Type.String({ format: 'date-time' }),
      }),
      Type.Null(),
    ], { description: 'planting.verification.latest when it covers this planting (status `verified`); else null.' }),
  }),
  photo_urls: Type.Array(Type.String(), { description: 'planting.photos[].url' }),
});

const FEATURE_COLLECTION = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    as_of: Type.String({ format: 'date-time', description: 'The moment the export shows the data of.' }),
    livemode: Type.Boolean({ description: 'The mode of the token that read it.' }),
    company: Type.String({ description: 'The company (cmp_ id) whose trees it counts.' }),
    features: Type.Array(
      Type.Object({
        type: Type.Literal('Feature'),
        id: Type.String({ description: 'The planting (plt_ id).' }),
        geometry: Type.Union([Type.Object({ type: Type.Literal('Polygon'), coordinates: Type.Array(Type.Array(Type.Array(Type.Number()))) }), Type.Null()], {
          description: 'planting.geometry: rings of [longitude, latitude].',
        }),
        properties: FEATURE_PROPERTIES,
      }),
      { description: "One feature per planting holding the company's trees, newest planting first (the order of GET /v2/plantings)." },
    ),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of every byte of the answer before `,"sha256":"`, the last member.' }),
  },
  { description: 'A GeoJSON FeatureCollection (RFC 7946) with foreign members as_of, livemode, company and, last, sha256.' },
);

const DIGEST_TRAILER = {
  'Canopy-Export-Sha256': {
    type: 'string',
    description: 'An HTTP trailer (after the body, for clients that read trailers): the SHA-256 (hex) of the whole body, before any compression.',
  },
};

/** A company with trees in one planting, as the OpenAPI document shows the answers (the ids of its examples' world). */
const KABARU_FEATURE = {
  type: 'Feature',
  id: 'plt_lvYQqGL9TMknwnJNH6nysbCj',
  geometry: { type: 'Polygon', coordinates: [[[37.025, -0.378], [37.037, -0.378], [37.037, -0.366], [37.025, -0.366], [37.025, -0.378]]] },
  properties: {
    planting: 'plt_lvYQqGL9TMknwnJNH6nysbCj', project: 'prj_K2zzSxxnF1eKUpTXYgwMzqHx', partner: 'ptn_APXrSLU0FhEQBKuzK8UXgrsq', source: 'foundation',
    planted_at: '2026-04-14', trees: 12000, trees_for_company: 1045, trees_by_status: { pledged: 0, planted: 0, monitored: 1045 },
    species: [{ name_latin: 'Prunus africana', name_common: 'African cherry', trees: 12000 }],
    location: { latitude: -0.372, longitude: 37.031 },
    latest_monitoring: { id: 'mon_v9UF8kF6JMvBiTCMbkAhGdOT', recorded_at: '2026-10-20', method: 'field_count', survival_rate: 0.91, trees_alive: 10920 },
    verification: {
      status: 'verified',
      latest: {
        id: 'ver_UXcMILJFbi8xIvSBwQOO1Exq', verifier_name: 'EcoAudit East Africa', verifier_website_url: 'https://ecoaudit.example.org',
        period_start: '2026-01-01', period_end: '2026-06-30', document_url: 'https://ecoaudit.example.org/reports/mount-kenya-2026-h1.pdf', published_at: '2026-07-15T09:00:00Z',
      },
    },
    photo_urls: ['https://media.canopy.example/kenya/kabaru-planting-day.jpg'],
  },
};

export const GeoJsonExportResponse = {
  200: {
    description: "The company's plantings as GeoJSON, streamed.",
    headers: DIGEST_TRAILER,
    content: {
      'application/geo+json': {
        schema: FEATURE_COLLECTION,
        example: {
          type: 'FeatureCollection', as_of: '2026-11-24T14:00:00.000Z', livemode: true, company: 'cmp_ECcNQf2suOoOOsgAwpIYiIP9', features: [KABARU_FEATURE],
          sha256: '3f9a1c07d52e8b64a0e4c2f17b9d8e365a1c0f4b7e2d9a86c3b5f0e1d4a7c829',
        },
      },
    },
  },
};

export const CsvExportResponse = {
  200: {
    description: "The company's plantings as CSV (RFC 4180, UTF-8, CRLF, a header row), streamed, one row per planting; columns in docs/reporting.md.",
    headers: DIGEST_TRAILER,
    content: {
      'text/csv': {
        schema: { type: 'string', description: 'A header row, then one row per planting (docs/reporting.md names the API field behind each column).' },
        example: 'as_of,planting,project,partner,source,planted_at,trees,trees_for_company,trees_pledged,trees_planted,trees_monitored,species,...\r\n'
          + '2026-11-24T14:00:00.000Z,plt_lvYQqGL9TMknwnJNH6nysbCj,prj_K2zzSxxnF1eKUpTXYgwMzqHx,ptn_APXrSLU0FhEQBKuzK8UXgrsq,foundation,2026-04-14,12000,1045,0,0,1045,...\r\n',
      },
    },
  },
};
