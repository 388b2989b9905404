import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { DB } from '../../db/schema.ts';
import { EXPORT_DEADLINE_MS } from './limits.ts';
import { CSV_COLUMNS, plantingCsvRow, plantingFeature } from './present.ts';
import { type ExportCursor, exportPlantingsBatch } from './queries.ts';

/**
 * The audit export written as it is read: plantings in keyset batches (queries.ts), each
 * batch turned into bytes and written to the answer before the next is read, so memory
 * holds one batch whatever the company's size. Every byte goes through a SHA-256, which
 * the GeoJSON ends with and the zip lists (docs/reporting.md, "Citing an export").
 */

export type ExportFormat = 'geojson' | 'csv';

/** Plantings read per statement: a few hundred KB of JSON at most. */
export const EXPORT_BATCH = 500;

/** Where an export is read from: on PostgreSQL one snapshot for the whole export; on PGlite batch by batch. */
export type SnapshotKind = 'postgres' | 'pglite';

export interface ExportDigest {
  /** Of every byte written (for the GeoJSON, its own "sha256" member included). */
  sha256: string;
  bytes: number;
  plantings: number;
}

/** The GeoJSON's last member; the digest is over every byte before it. */
export const GEOJSON_DIGEST_MEMBER = ',"sha256":"';

/**
 * Runs `work` on a reader that sees one moment of the database, and that moment (as_of).
 * PostgreSQL: a read-only REPEATABLE READ transaction on one pooled connection, held until
 * the work ends. PGlite has a single connection for the whole process, which a
 * transaction would hold from everyone else for as long as the client takes to read the
 * export: there each batch is one statement, consistent in itself, and as_of is when the
 * first was read.
 */
export async function inExportSnapshot<T>(ctx: ReadContext, kind: SnapshotKind, work: (reader: ReadContext, asOf: string) => Promise<T>): Promise<T> {
  if (kind === 'pglite') return work(ctx, new Date().toISOString());
  return (ctx.db as Kysely<DB>).transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
    const { rows } = await sql<{ as_of: Date }>`SELECT date_trunc('milliseconds', now()) AS as_of`.execute(trx);
    return work({ ...ctx, db: trx }, new Date(rows[0]!.as_of).toISOString());
  });
}

/** Writes to a stream, waiting while its reader is behind; fails once the reader has gone. */
export async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new Error('The export\'s reader went away.');
  if (!out.write(chunk)) {
    // Whichever comes first; the other listener is removed, so waits do not pile listeners up.
    const waiting = new AbortController();
    try {
      await Promise.race([once(out, 'drain', { signal: waiting.signal }), once(out, 'close', { signal: waiting.signal })]);
    } finally {
      waiting.abort();
    }
    if (out.destroyed) throw new Error('The export\'s reader went away.');
  }
}

/** The first batch: small, so that the first bytes leave soon (on PGlite a statement holds the event loop while it runs). */
const FIRST_BATCH = 50;

/** Every planting of the export, batch by batch (growing to `batchSize`), in the order of GET /v2/plantings. */
async function* plantingBatches(reader: ReadContext, batchSize: number) {
  let cursor: ExportCursor | null = null;
  let size = Math.min(FIRST_BATCH, batchSize);
  for (;;) {
    const rows = await exportPlantingsBatch(reader, cursor, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    // Let the event loop send what was written and serve other requests before the next read:
    // on PGlite a statement runs on this thread, and awaiting it alone may never yield to I/O.
    await setImmediate();
    size = Math.min(size * 2, batchSize);
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.cursor_created_at, plantingId: last.id };
  }
}

/**
 * Writes the export in `format` to `out` (not ending it) and returns its digest. The same
 * data at the same as_of give the same bytes: a fixed order, one way of writing each value,
 * nothing in them but the data, as_of and the reader's language.
 */
export async function writeExport(
  reader: ReadContext,
  asOf: string,
  format: ExportFormat,
  out: Writable,
  batchSize = EXPORT_BATCH,
): Promise<ExportDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  let plantings = 0;
  const write = async (text: string) => {
    const chunk = Buffer.from(text, 'utf8');
    hash.update(chunk);
    bytes += chunk.length;
    await writeChunk(out, chunk);
  };
  if (format === 'csv') {
    await write(stringify([[...CSV_COLUMNS]], { eof: true, record_delimiter: '\r\n' }));
    for await (const rows of plantingBatches(reader, batchSize)) {
      plantings += rows.length;
      await write(stringify(rows.map((row) => plantingCsvRow(row, asOf, reader.language)), { eof: true, record_delimiter: '\r\n' }));
    }
    return { sha256: hash.digest('hex'), bytes, plantings };
  }
  await write(`{"type":"FeatureCollection","as_of":${JSON.stringify(asOf)},"livemode":${reader.livemode},"company":${JSON.stringify(reader.companyId)},"features":[`);
  for await (const rows of plantingBatches(reader, batchSize)) {
    const features = rows.map((row) => `${plantings++ === 0 ? '' : ','}\n${JSON.stringify(plantingFeature(row, reader.language))}`);
    await write(features.join(''));
  }
  await write(plantings === 0 ? ']' : '\n]');
  const whole = hash.copy();
  const tail = Buffer.from(`${GEOJSON_DIGEST_MEMBER}${hash.digest('hex')}"}\n`, 'utf8');
  whole.update(tail);
  await writeChunk(out, tail);
  return { sha256: whole.digest('hex'), bytes: bytes + tail.length, plantings };
}

/** The SHA-256 of a GeoJSON export as it ends: of every byte before its "sha256" member. */
export function geojsonDigestOf(body: Buffer): string {
  const at = body.lastIndexOf(GEOJSON_DIGEST_MEMBER);
  return createHash('sha256').update(body.subarray(0, at)).digest('hex');
}

/** When an export ends however it ends (whole, failed, cut by its reader or by its deadline): what to release then. */
export interface ExportBounds {
  /** Aborted at the export's deadline: the export is cut, as a failure cuts it. */
  deadline: AbortSignal;
  /** Called once, when the export has stopped reading the database. */
  onEnd?: () => void;
}

/** The deadline alone, for a caller that releases nothing (a benchmark). */
export const defaultBounds = (): ExportBounds => ({ deadline: AbortSignal.timeout(EXPORT_DEADLINE_MS) });

/** Why a deadline cut an export, for the log. */
export const deadlineError = () => new Error('The export ran past its deadline and was cut.');

/**
 * Starts an export into a new stream and hands back the stream to answer with and the
 * digest to come. A failure part way, or the deadline, destroys the stream, so the client
 * sees a cut answer (no closing digest), never a short one that looks whole.
 */
export function exportStream(ctx: ReadContext, kind: SnapshotKind, format: ExportFormat, onError: (error: unknown) => void, bounds: ExportBounds = defaultBounds()) {
  const body = new PassThrough();
  const cut = () => {
    if (body.destroyed) return;
    const error = deadlineError();
    onError(error);
    body.destroy(error);
  };
  if (bounds.deadline.aborted) cut();
  else bounds.deadline.addEventListener('abort', cut, { once: true });
  const digest = inExportSnapshot(ctx, kind, (reader, asOf) => writeExport(reader, asOf, format, body)).then(
    (result) => {
      body.end();
      return result;
    },
    (error: unknown) => {
      if (!body.destroyed) onError(error);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      return null;
    },
  ).finally(() => {
    bounds.deadline.removeEventListener('abort', cut);
    bounds.onEnd?.();
  });
  return { body, digest };
}
