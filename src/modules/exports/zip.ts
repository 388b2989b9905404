import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { ReadContext } from '../../core/context.ts';
import { readmeText } from './readme.ts';
import { deadlineError, defaultBounds, type ExportBounds, type ExportFormat, inExportSnapshot, type SnapshotKind, writeExport } from './stream.ts';
import type { ExportTexts } from './texts.ts';

const FILES: readonly { name: string; format: ExportFormat }[] = [
  { name: 'plantings.geojson', format: 'geojson' },
  { name: 'plantings.csv', format: 'csv' },
];

/**
 * The dashboard's zip, streamed: plantings.geojson and plantings.csv (one snapshot for both
 * on PostgreSQL), README.md, and SHA256SUMS (as `sha256sum` writes it) last, when the
 * digests are known. Every entry is dated as_of, so the same data give the same zip. The
 * deadline cuts it as a failure does: the zip ends unfinished, without SHA256SUMS.
 */
export function exportZip(ctx: ReadContext, kind: SnapshotKind, t: ExportTexts, companyName: string, onError: (error: unknown) => void, bounds: ExportBounds = defaultBounds()) {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  // A reader that goes away closes the archive; the entry being written must then stop waiting for it.
  let writing: PassThrough | null = null;
  let timedOut = false;
  archive.on('close', () => writing?.destroy());
  const cut = () => {
    timedOut = true;
    writing?.destroy();
  };
  if (bounds.deadline.aborted) cut();
  else bounds.deadline.addEventListener('abort', cut, { once: true });
  const done = inExportSnapshot(ctx, kind, async (reader, asOf) => {
    const date = new Date(asOf);
    const sums: string[] = [];
    let plantings = 0;
    for (const file of FILES) {
      if (timedOut) throw deadlineError();
      const entry = new PassThrough();
      writing = entry;
      archive.append(entry, { name: file.name, date });
      const digest = await writeExport(reader, asOf, file.format, entry);
      if (timedOut) throw deadlineError();
      entry.end();
      sums.push(`${digest.sha256}  ${file.name}`);
      plantings = digest.plantings;
    }
    const readme = readmeText(t, { companyName, companyId: reader.companyId, asOf, livemode: reader.livemode, plantings });
    archive.append(readme, { name: 'README.md', date });
    sums.push(`${createHash('sha256').update(readme, 'utf8').digest('hex')}  README.md`);
    archive.append(`${sums.join('\n')}\n`, { name: 'SHA256SUMS', date });
    await archive.finalize();
  }).catch((error: unknown) => {
    const reason = timedOut ? deadlineError() : error;
    onError(reason);
    archive.abort();
    archive.destroy(reason instanceof Error ? reason : new Error(String(reason)));
  }).finally(() => {
    bounds.deadline.removeEventListener('abort', cut);
    bounds.onEnd?.();
  });
  return { archive, done };
}
