import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Language, Translated } from '../core/i18n.ts';

export type { Language, Translated };

/**
 * Row types of the tables in migrations/. Dates (`date` columns) come back as
 * 'YYYY-MM-DD' strings and bigint counters as numbers on both databases (see database.ts).
 */
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
/** A jsonb column: read as T, written as a JSON string (pg would turn a JS array into a SQL array). */
type Json<T> = ColumnType<T, string, string>;
type JsonDefault<T> = ColumnType<T, string | undefined, string>;


export interface SpeciesJson {
  name_latin: string;
  name_common: Translated;
  trees: number | null;
}
export interface PhotoJson {
  url: string;
  caption: Translated | null;
  taken_at: string;
  credit: string | null;
}
export interface PolygonJson {
  type: 'Polygon';
  coordinates: number[][][];
}

export interface CompaniesTable {
  id: string;
  name: string;
  slug: string;
  status: Generated<string>;
  plan: Generated<string>;
  country: string | null;
  website_url: string | null;
  logo_url: string | null;
  /** The Reply-To of its certificate emails, and its privacy policy (migration 0023); null: none. */
  contact_email: string | null;
  privacy_url: string | null;
  /** Whether its public impact page shows its trees (migration 0026); hidden, the address answers "not public". */
  impact_page_public: Generated<boolean>;
  /** Its own short text on the impact page, by language; null: none in that language. */
  about_en: string | null;
  about_nl: string | null;
  /** The company's own rate limits (requests a minute); null: the configuration's default. */
  rate_limit_per_token_per_minute: number | null;
  rate_limit_per_company_per_minute: number | null;
  rate_limit_writes_per_company_per_minute: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A company's totals in one mode are the sum of its 16 parts (migration 0017; domain/counters.ts writes them). */
export interface CompanyTotalPartsTable {
  company_id: string;
  livemode: boolean;
  /** 0 to 15: the part a database connection adds to. */
  part: number;
  trees_pledged: Generated<number>;
  trees_planted: Generated<number>;
  trees_monitored: Generated<number>;
  trees_unassigned: Generated<number>;
  projects: Generated<number>;
  plantings: Generated<number>;
  recipients: Generated<number>;
  certificates: Generated<number>;
  first_contribution_at: Date | null;
}

export interface UsersTable {
  id: string;
  company_id: string;
  email: string;
  name: string;
  role: 'admin' | 'member';
  removed_at: Date | null;
  /** A scrypt hash (platform/dashboard/passwords.ts); null until the person chooses a password (migration 0027). */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Their language for the dashboard and its emails; null: the browser's. */
  language: ColumnType<'en' | 'nl' | null, 'en' | 'nl' | null | undefined, 'en' | 'nl' | null>;
  signed_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A signed-in browser of the dashboard (migration 0027); the cookie's value is stored as its SHA-256 only. */
export interface DashboardSessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  company_id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A one-time link sent by email: an invitation, a sign-in link, a password reset (migration 0027). */
export interface SignInLinksTable {
  token_hash: string;
  user_id: string;
  purpose: 'invite' | 'sign_in' | 'reset';
  created_at: CreatedAt;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Who changed what in the dashboard (migration 0027); never a secret's value. */
export interface AuditLogTable {
  id: string;
  company_id: string;
  /** null: the operator (the canopy CLI). */
  user_id: string | null;
  actor_email: string | null;
  action: string;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  created_at: CreatedAt;
  /** The order of writing (bigserial; compared in SQL only). */
  seq: Generated<string>;
}

export interface ApiTokensTable {
  id: string;
  company_id: string;
  owner_user_id: string;
  name: string;
  livemode: boolean;
  scopes: string[];
  token_hash: string;
  token_prefix: string;
  token_last4: string;
  expires_at: Date | null;
  ip_allowlist: ColumnType<string[], string[] | undefined, string[]>;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** The address of the request that last wrote last_used_at (migration 0029). */
  last_used_ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** The token this one was rolled from, and the token it was rolled to (migration 0029). */
  rolled_from_token_id: ColumnType<string | null, string | null | undefined, string | null>;
  rolled_to_token_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Which API the token works on: the legacy v1, or v2. */
  api_version: ColumnType<'v1' | 'v2', 'v1' | 'v2' | undefined, 'v1' | 'v2'>;
  created_at: CreatedAt;
}

export interface FoundationKeysTable {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  key_last4: string;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface PartnersTable {
  id: string;
  foundation_ref: string;
  name: string;
  country: string | null;
  website_url: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProjectsTable {
  id: string;
  foundation_ref: string;
  legacy_id: number | null;
  partner_id: string;
  name: Json<Translated>;
  description: Json<Translated>;
  country: string;
  region: Json<Translated>;
  status: Generated<string>;
  ecosystem_type: string;
  started_at: string | null;
  latitude: number | null;
  longitude: number | null;
  geometry: Json<PolygonJson | null> | null;
  photos: JsonDefault<PhotoJson[]>;
  default_species: JsonDefault<SpeciesJson[]>;
  sdg_goals: ColumnType<number[], number[] | undefined, number[]>;
  foundation_url: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PlantingsTable {
  id: string;
  foundation_ref: string;
  livemode: Generated<boolean>;
  project_id: string;
  partner_id: string;
  source: Generated<'foundation' | 'legacy'>;
  planted_at: string | null;
  trees: number;
  species: JsonDefault<SpeciesJson[]>;
  latitude: number | null;
  longitude: number | null;
  geometry: Json<PolygonJson | null> | null;
  photos: JsonDefault<PhotoJson[]>;
  planting_method: string | null;
  notes: Json<Translated | null> | null;
  completed_at: Date | null;
  /** Trees of the planting allocated to companies: kept with every allocation change (domain/counters.ts). */
  trees_allocated: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MonitoringsTable {
  id: string;
  foundation_ref: string;
  project_id: string;
  planting_id: string | null;
  livemode: Generated<boolean>;
  /** The company whose test helper made it; null for the foundation's proof. */
  owner_company_id: ColumnType<string | null, string | null | undefined, string | null>;
  recorded_at: string;
  survival_rate: number;
  trees_alive: number;
  method: string;
  photos: JsonDefault<PhotoJson[]>;
  notes: Json<Translated | null> | null;
  created_at: CreatedAt;
}

export interface VerificationsTable {
  id: string;
  foundation_ref: string;
  project_id: string;
  livemode: Generated<boolean>;
  /** The company whose test helper made it; null for the foundation's proof. */
  owner_company_id: ColumnType<string | null, string | null | undefined, string | null>;
  period_start: string;
  period_end: string;
  verifier_name: string;
  verifier_website_url: string | null;
  document_url: string | null;
  summary: Json<Translated>;
  trees_verified: number;
  published_at: Date;
  created_at: CreatedAt;
}

export interface CompanyProjectsTable {
  company_id: string;
  livemode: boolean;
  project_id: string;
  project_created_at: Date;
  trees_pledged: Generated<number>;
  trees_planted: Generated<number>;
  trees_monitored: Generated<number>;
}

export interface CompanyPlantingsTable {
  company_id: string;
  livemode: boolean;
  planting_id: string;
  project_id: string;
  planting_created_at: Date;
  trees: Generated<number>;
}

export interface RecipientsTable {
  id: string;
  company_id: string;
  livemode: boolean;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  language: Generated<string>;
  external_reference: string | null;
  trees: number;
  project_id: string | null;
  message: string | null;
  source: 'api' | 'dashboard' | 'gift_code' | 'foundation' | 'legacy';
  certificate_id: string | null;
  foundation_ref: string | null;
  /** The certificate is to be emailed in the recipient's language (sent by the email issue's job). */
  send_email: Generated<boolean>;
  email_sent_at: Date | null;
  claimed_at: Date | null;
  deleted_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GiftCodesTable {
  id: string;
  company_id: string;
  livemode: boolean;
  code: string;
  status: 'open' | 'claimed' | 'expired' | 'revoked';
  trees: number;
  project_id: string | null;
  sent_to_name: string | null;
  sent_to_email: string | null;
  external_reference: string | null;
  recipient_id: string | null;
  valid_until: Date;
  claimed_at: Date | null;
  revoked_at: Date | null;
  expired_at: Date | null;
  /** The dashboard's batch it was made in (migration 0031), or null: made through the API. */
  batch_id: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Gift codes made together in the dashboard (migration 0031): the same trees, valid_until and project each. */
export interface GiftCodeBatchesTable {
  id: string;
  company_id: string;
  livemode: boolean;
  codes: number;
  trees: number;
  project_id: string | null;
  valid_until: Date;
  created_by: string | null;
  form_key: string | null;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface CertificatesTable {
  id: string;
  company_id: string;
  livemode: boolean;
  type: 'company' | 'personal' | 'gift';
  number: string;
  trees: number;
  project_id: string | null;
  recipient_id: string | null;
  language: Generated<string>;
  issued_at: Generated<Date>;
  withdrawn_at: Date | null;
  /** When the page was shared (its share form), or null: only then may it be indexed and name its recipient in a preview. */
  shared_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type AllocationStatus = 'pledged' | 'planted' | 'monitored';

export interface AllocationsTable {
  id: string;
  company_id: string;
  livemode: boolean;
  planting_id: string;
  project_id: string;
  trees: number;
  status: AllocationStatus;
  source: 'foundation' | 'legacy';
  recipient_id: string | null;
  gift_code_id: string | null;
  certificate_id: string | null;
  foundation_ref: string | null;
  legacy_tree_ids: ColumnType<string[], string[] | undefined, string[]>;
  legacy_order_id: string | null;
  /** For a part carved out of a donation for a recipient or gift code: the allocation the foundation recorded. */
  split_from_id: ColumnType<string | null, string | null | undefined, string | null>;
  allocated_at: Date;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One row per legacy tree, numbered per company and mode (v1's GET /get-trees). */
export interface LegacyTreesTable {
  company_id: string;
  livemode: boolean;
  position: number;
  tree_id: string;
  planting_id: string;
}

export interface WebhookEndpointsTable {
  id: string;
  company_id: string;
  livemode: boolean;
  url: string;
  description: string | null;
  /** The signing secret, encrypted (core/secrets.ts, sealSecret). */
  secret_encrypted: string;
  previous_secret_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  enabled_events: ColumnType<string[], string[] | undefined, string[]>;
  include_personal_data: Generated<boolean>;
  status: Generated<'enabled' | 'disabled'>;
  failing_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its admins were warned of its run of failures (migration 0028); null again once a delivery succeeds. */
  failing_warned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One attempt to send an event (or a test event) to an endpoint (migration 0028). */
export interface WebhookAttemptsTable {
  id: string;
  endpoint_id: string;
  company_id: string;
  livemode: boolean;
  event_id: string;
  event_type: string;
  test: Generated<boolean>;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  /** The receiver's answer, its first 2 KB. */
  response_body: string | null;
  error: string | null;
  outcome: 'succeeded' | 'failed';
}

/** A time an endpoint was switched off (migration 0028): what recovering it looks through for events it missed. */
export interface WebhookEndpointPausesTable {
  endpoint_id: string;
  paused_at: Date;
  resumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface EventsTable {
  id: string;
  company_id: string;
  livemode: boolean;
  type: string;
  data: Json<{ object: unknown; previous?: Record<string, unknown> }>;
  created_at: CreatedAt;
  /** Order of writing, the tie-breaker among events of one millisecond. */
  seq: Generated<number>;
}

export interface EventDeliveriesTable {
  event_id: string;
  endpoint_id: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  last_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  company_id: string;
  livemode: boolean;
  key: string;
  request_method: string;
  request_path: string;
  request_hash: string;
  response_status: number | null;
  response_body: Json<unknown> | null;
  locked_at: Date | null;
  /** The claim of the request running under this key; its response is stored only by it. */
  locked_by: string | null;
  created_at: CreatedAt;
}

export interface FoundationReceiptsTable {
  key: string;
  op: string;
  content_hash: string | null;
  object_id: string;
  created_at: CreatedAt;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: JsonDefault<Record<string, unknown>>;
  run_at: ColumnType<Date, Date | undefined, Date>;
  attempts: Generated<number>;
  locked_until: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
}

/** A photo fetched once from its source URL and kept resized (migration 0022; modules/photos). */
export interface PhotoCopiesTable {
  key: string;
  source_url: string;
  status: Generated<'waiting' | 'stored' | 'failed'>;
  attempts: Generated<number>;
  failure: string | null;
  width: number | null;
  height: number | null;
  phone: Uint8Array | null;
  phone_width: number | null;
  phone_height: number | null;
  desktop: Uint8Array | null;
  desktop_width: number | null;
  desktop_height: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  stored_at: Date | null;
}

/** A CSV upload of recipients in the dashboard, and its rows (migration 0030; modules/recipients/upload-*.ts). */
export interface RecipientUploadsTable {
  id: string;
  company_id: string;
  livemode: boolean;
  created_by: string | null;
  status: 'previewed' | 'queued' | 'giving' | 'done' | 'partial' | 'refused' | 'failed' | 'expired';
  when_short: 'refuse_upload' | 'give_until_out' | null;
  file_sha256: string;
  delimiter: string;
  rows_total: number;
  rows_invalid: number;
  rows_skipped: number;
  trees_to_give: number;
  rows_given: Generated<number>;
  rows_refused: Generated<number>;
  rows_passed: Generated<number>;
  trees_given: Generated<number>;
  ran_out_at_row: number | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Why a row of an upload was refused or skipped: a code, the column, and what its text needs (never the cell's value). */
export interface RowProblem {
  code: string;
  column: string | null;
  detail: string;
}

export interface RecipientUploadRowsTable {
  upload_id: string;
  row_number: number;
  row_key: string | null;
  external_reference: string | null;
  trees: number | null;
  input: Json<Record<string, unknown>> | null;
  outcome: 'created' | 'refused' | 'skipped' | null;
  recipient_id: string | null;
  problems: Json<RowProblem[]> | null;
}

export interface RecipientUploadKeysTable {
  company_id: string;
  livemode: boolean;
  row_key: string;
  recipient_id: string;
  upload_id: string;
  created_at: CreatedAt;
}

export interface DB {
  companies: CompaniesTable;
  company_total_parts: CompanyTotalPartsTable;
  /** A view: the sum of the parts. */
  company_totals: Omit<CompanyTotalPartsTable, 'part'>;
  users: UsersTable;
  dashboard_sessions: DashboardSessionsTable;
  sign_in_links: SignInLinksTable;
  audit_log: AuditLogTable;
  api_tokens: ApiTokensTable;
  foundation_keys: FoundationKeysTable;
  partners: PartnersTable;
  projects: ProjectsTable;
  plantings: PlantingsTable;
  monitorings: MonitoringsTable;
  verifications: VerificationsTable;
  company_projects: CompanyProjectsTable;
  company_plantings: CompanyPlantingsTable;
  recipients: RecipientsTable;
  gift_codes: GiftCodesTable;
  gift_code_batches: GiftCodeBatchesTable;
  rate_limits: RateLimitsTable;
  certificates: CertificatesTable;
  allocations: AllocationsTable;
  legacy_trees: LegacyTreesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_endpoint_pauses: WebhookEndpointPausesTable;
  events: EventsTable;
  event_deliveries: EventDeliveriesTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  foundation_receipts: FoundationReceiptsTable;
  photo_copies: PhotoCopiesTable;
  recipient_uploads: RecipientUploadsTable;
  recipient_upload_rows: RecipientUploadRowsTable;
  recipient_upload_keys: RecipientUploadKeysTable;
}

/** What services take: the database, or a transaction on it, passed down explicitly. */
export type Db = Kysely<DB> | Transaction<DB>;
