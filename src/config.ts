import path from 'node:path';
import { isAddressOrCidr } from './core/ip.ts';
import type { RateLimits } from './core/rate-limits.ts';

/**
 * Every environment variable Canopy reads, parsed once at boot. A bad value stops the
 * process with one line per problem, naming the variable and what it expects.
 */
export interface Config {
  databaseUrl: string | null;
  /** Named prepared statements on PostgreSQL (db/prepared-statements.ts); off behind a pooler that cannot keep them. */
  databasePreparedStatements: boolean;
  dataDir: string;
  host: string;
  port: number;
  publicBaseUrl: string;
  trustedProxies: string[];
  logLevel: string;
  /** The API's rate limits for a company without its own (core/rate-limits.ts). */
  rateLimits: RateLimits;
  /** Failed gift code look-ups a client address may make per minute on the claim page before it must wait. */
  giftLookupsPerMinute: number;
  /** Requests a client address may make per minute to the public pages together: claim pages, certificate pages and their PDFs. */
  publicPageRequestsPerMinute: number;
  /** Lets webhook endpoints use http and private or loopback addresses: local development and tests only. */
  webhookAllowPrivateUrls: boolean;
  /** Lets photo copies be fetched over http and from private or loopback addresses: local development and tests only. */
  photoAllowPrivateUrls: boolean;
  /** When the legacy v1 API was deprecated, and when it stops (its Deprecation and Sunset headers). */
  v1DeprecatedAt: Date;
  v1SunsetAt: Date;
  /**
   * How long a claimed webhook delivery is one worker's before another may take it: longer than
   * an attempt can last (its 10 s HTTP timeout plus the reads, the URL check and the record).
   */
  webhookLeaseSeconds: number;
  /**
   * Signs download links (and, later, keys other secrets). Null on the embedded database
   * when not set: one is generated into the data folder on first start (db/folder-secret.ts).
   */
  secretKey: string | null;
  /** Where email goes: an SMTP server, or null for .eml files in the data folder's outbox/. */
  smtpUrl: string | null;
  mailFrom: string;
  /** When set, GET /metrics answers only `Authorization: Bearer <this>`; when null, only local connections no proxy forwarded. */
  metricsToken: string | null;
  /** How long clients may take, so that slow ones cannot hold the server (http/timeouts.ts). */
  timeouts: {
    /** The whole request, headers and body, must arrive within this. */
    requestSeconds: number;
    /** The request line and headers must arrive within this (never more than requestSeconds). */
    headersSeconds: number;
    /** An idle kept-alive connection is closed after this; longer than a proxy in front keeps its idle connections. */
    keepAliveSeconds: number;
  };
  /** On SIGTERM or SIGINT, how long in-flight requests, the job in hand and webhook attempts get to finish before the process exits anyway. */
  shutdownGraceSeconds: number;
  /** The operator's map tiles for the certificate page's interactive map (platform/pages/tile-map.ts), or null: the page keeps its SVG maps only. */
  mapTiles: MapTiles | null;
}

/** A tile server: Leaflet's URL template, the attribution its provider requires, and the origins its tiles come from (for the page's CSP). */
export interface MapTiles {
  urlTemplate: string;
  attribution: string;
  origins: string[];
}

/** Leaflet's default `{s}` subdomains: the tiles of a template with `{s}` come from these hosts. */
export const MAP_TILE_SUBDOMAINS = ['a', 'b', 'c'] as const;

/**
 * Webhook leases: 30 s by default, and never under 15 s: the attempt's 10 s HTTP timeout
 * (DELIVERY_TIMEOUT_MS in webhooks/send.ts) with 5 s to spare for the reads before it and
 * the record after it. Tests shorten it to see a killed worker's deliveries sent again.
 */
export const DEFAULT_WEBHOOK_LEASE_SECONDS = 30;
export const MIN_WEBHOOK_LEASE_SECONDS = 15;

/**
 * Node's default is no limit on the whole request (Fastify's requestTimeout is 0): a client
 * sending a body a byte at a time held a connection for ever. 72 s of keep-alive is
 * Fastify's default, above the 60 s idle timeout of the common load balancers, so that the
 * proxy, not Canopy, closes an idle connection (the other way round it may send a request
 * on a connection Canopy is closing). 25 s of grace fits in Kubernetes' 30 s.
 */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;
export const MAX_HEADERS_TIMEOUT_SECONDS = 10;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS = 72;
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 25;

/** At least 256 bits written as text: `openssl rand -hex 32` gives 64 characters. */
const MIN_SECRET_KEY_LENGTH = 32;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const databaseUrl = read('DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const prepared = read('DATABASE_PREPARED_STATEMENTS') ?? 'on';
  if (!['on', 'off'].includes(prepared)) problems.push('DATABASE_PREPARED_STATEMENTS must be on or off');

  const host = read('HOST') ?? '127.0.0.1';

  const port = parseInteger(read('PORT') ?? '3000');
  if (port === null || port < 0 || port > 65535) problems.push('PORT must be a whole number from 0 to 65535');

  const publicBaseUrl = (read('PUBLIC_BASE_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port ?? 3000}`).replace(/\/+$/, '');
  if (!isHttpUrl(publicBaseUrl)) problems.push('PUBLIC_BASE_URL must be an http:// or https:// URL');

  const trustedProxies = (read('TRUSTED_PROXIES') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of trustedProxies) {
    if (!isAddressOrCidr(entry)) problems.push(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
  }

  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }

  const limit = (name: string, fallback: number) => {
    const value = parseInteger(read(name) ?? String(fallback));
    if (value === null || value < 1) {
      problems.push(`${name} must be a whole number of at least 1`);
      return fallback;
    }
    return value;
  };
  const rateLimits = {
    perTokenPerMinute: limit('RATE_LIMIT_PER_TOKEN_PER_MINUTE', 600),
    perCompanyPerMinute: limit('RATE_LIMIT_PER_COMPANY_PER_MINUTE', 1200),
    writesPerCompanyPerMinute: limit('RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE', 120),
  };

  const giftLookupsPerMinute = limit('GIFT_LOOKUPS_PER_MINUTE', 10);
  const publicPageRequestsPerMinute = limit('PUBLIC_PAGE_REQUESTS_PER_MINUTE', 300);

  const allowPrivate = read('WEBHOOK_ALLOW_PRIVATE_URLS') ?? 'false';
  if (!['true', 'false'].includes(allowPrivate)) problems.push('WEBHOOK_ALLOW_PRIVATE_URLS must be true or false');
  const webhookAllowPrivateUrls = allowPrivate === 'true';

  const photoAllowPrivate = read('PHOTO_ALLOW_PRIVATE_URLS') ?? 'false';
  if (!['true', 'false'].includes(photoAllowPrivate)) problems.push('PHOTO_ALLOW_PRIVATE_URLS must be true or false');

  const webhookLeaseSeconds = parseInteger(read('WEBHOOK_LEASE_SECONDS') ?? String(DEFAULT_WEBHOOK_LEASE_SECONDS));
  if (webhookLeaseSeconds === null || webhookLeaseSeconds < MIN_WEBHOOK_LEASE_SECONDS) {
    problems.push(`WEBHOOK_LEASE_SECONDS must be a whole number of at least ${MIN_WEBHOOK_LEASE_SECONDS}: an attempt may take 10 s, and a shorter lease lets a second worker send a delivery the first is still sending`);
  }

  const day = (name: string, fallback: string) => {
    const value = read(name) ?? fallback;
    const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(Number.NaN);
    if (Number.isNaN(at.getTime())) problems.push(`${name} must be a date, YYYY-MM-DD`);
    return at;
  };
  const v1DeprecatedAt = day('V1_DEPRECATION_DATE', '2026-11-01');
  const v1SunsetAt = day('V1_SUNSET_DATE', '2027-07-01');
  if (v1SunsetAt.getTime() <= v1DeprecatedAt.getTime()) problems.push('V1_SUNSET_DATE must come after V1_DEPRECATION_DATE');

  const secretKey = read('CANOPY_SECRET_KEY') ?? null;
  if (secretKey !== null && secretKey.length < MIN_SECRET_KEY_LENGTH) {
    problems.push(`CANOPY_SECRET_KEY must be at least ${MIN_SECRET_KEY_LENGTH} characters; generate one with: openssl rand -hex 32`);
  }
  if (secretKey === null && databaseUrl) {
    problems.push('CANOPY_SECRET_KEY is required with DATABASE_URL: every Canopy process must sign and check links with the same key. Generate one with: openssl rand -hex 32');
  }

  const smtpUrl = read('SMTP_URL') ?? null;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587');
  const mailFrom = read('MAIL_FROM') ?? 'Canopy <certificates@canopy.localhost>';
  if (!/@/.test(mailFrom)) problems.push('MAIL_FROM must be an address, e.g. "Canopy <certificates@example.com>"');

  const metricsToken = read('METRICS_TOKEN') ?? null;
  // Sent in a header: printable ASCII only.
  if (metricsToken !== null && (metricsToken.length < MIN_SECRET_KEY_LENGTH || /[^\x21-\x7e]/.test(metricsToken))) {
    problems.push(`METRICS_TOKEN must be at least ${MIN_SECRET_KEY_LENGTH} characters without spaces; generate one with: openssl rand -hex 32`);
  }
  const requestTimeoutSeconds = limit('REQUEST_TIMEOUT_SECONDS', DEFAULT_REQUEST_TIMEOUT_SECONDS);
  const keepAliveTimeoutSeconds = limit('KEEP_ALIVE_TIMEOUT_SECONDS', DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS);
  const shutdownGraceSeconds = limit('SHUTDOWN_GRACE_SECONDS', DEFAULT_SHUTDOWN_GRACE_SECONDS);

  const mapTiles = readMapTiles(read('MAP_TILE_URL'), read('MAP_TILE_ATTRIBUTION'), problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    databaseUrl,
    databasePreparedStatements: prepared === 'on',
    dataDir: path.resolve(read('CANOPY_DATA_DIR') ?? './data'),
    host,
    port: port as number,
    publicBaseUrl,
    trustedProxies,
    logLevel,
    rateLimits,
    giftLookupsPerMinute,
    publicPageRequestsPerMinute,
    webhookAllowPrivateUrls,
    photoAllowPrivateUrls: photoAllowPrivate === 'true',
    v1DeprecatedAt,
    v1SunsetAt,
    webhookLeaseSeconds: webhookLeaseSeconds ?? DEFAULT_WEBHOOK_LEASE_SECONDS,
    secretKey,
    smtpUrl,
    mailFrom,
    metricsToken,
    timeouts: {
      requestSeconds: requestTimeoutSeconds,
      headersSeconds: Math.min(MAX_HEADERS_TIMEOUT_SECONDS, requestTimeoutSeconds),
      keepAliveSeconds: keepAliveTimeoutSeconds,
    },
    shutdownGraceSeconds,
    mapTiles,
  };
}

/**
 * MAP_TILE_URL is a Leaflet URL template: https (http only to this machine, for development
 * and tests), with {z}, {x} and {y}, and perhaps {s} (a, b or c) and {r} (retina). Any other
 * placeholder would stop Leaflet in the reader's browser, so it stops Canopy here instead.
 */
function readMapTiles(urlTemplate: string | undefined, attribution: string | undefined, problems: string[]): MapTiles | null {
  if (urlTemplate === undefined) {
    if (attribution !== undefined) problems.push('MAP_TILE_ATTRIBUTION is set without MAP_TILE_URL');
    return null;
  }
  const before = problems.length;
  const example = 'e.g. https://tile.example.com/{z}/{x}/{y}.png';
  const placeholders: string[] = urlTemplate.match(/\{[^}]*\}/g) ?? [];
  for (const needed of ['{z}', '{x}', '{y}']) {
    if (!placeholders.includes(needed)) problems.push(`MAP_TILE_URL must hold {z}, {x} and {y} (${example}); ${needed} is missing`);
  }
  const unknown = placeholders.filter((p) => !['{s}', '{z}', '{x}', '{y}', '{r}'].includes(p));
  if (unknown.length > 0) problems.push(`MAP_TILE_URL may hold only {s}, {z}, {x}, {y} and {r}, not ${unknown.join(', ')}`);
  const hosts = (urlTemplate.includes('{s}') ? MAP_TILE_SUBDOMAINS : ['a']).map((s) => tileUrl(urlTemplate.replaceAll('{s}', s)));
  if (hosts.some((url) => url === null)) problems.push(`MAP_TILE_URL must be an https:// URL (${example})`);
  else if (hosts.some((url) => url?.protocol !== 'https:' && !(url?.protocol === 'http:' && isLoopbackHost(url.hostname)))) {
    problems.push('MAP_TILE_URL must be an https:// URL (http:// only for localhost)');
  }
  if (attribution === undefined) problems.push('MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL: tile providers require their attribution on the map, e.g. "© OpenStreetMap contributors"');
  if (problems.length > before) return null;
  return { urlTemplate, attribution: attribution as string, origins: [...new Set(hosts.map((url) => (url as URL).origin))] };
}

/** The template with its tile placeholders filled in, as a URL, or null when it is none. */
function tileUrl(template: string): URL | null {
  try {
    const url = new URL(template.replaceAll('{z}', '0').replaceAll('{x}', '0').replaceAll('{y}', '0').replaceAll('{r}', ''));
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function parseInteger(value: string): number | null {
  return /^\d+$/.test(value) ? Number(value) : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
