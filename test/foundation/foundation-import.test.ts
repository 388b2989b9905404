import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CanopyError } from '../../src/core/errors.ts';
import { applyInChunks, type OperationData } from '../../src/foundation/apply.ts';
import { startTestApp } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';

/**
 * A long import commits in chunks (applyInChunks, what `canopy import` runs): reads are
 * served between chunks instead of waiting for the whole file, and a refused line leaves
 * the chunks before it applied, so running the corrected file again finishes the import.
 */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db);

const partner = (ref: string): OperationData => ({ op: 'upsert_partner', input: { ref, name: `Partner ${ref}` } });
const partnerIds = async (refs: readonly string[]) =>
  (await app.db.selectFrom('partners').select('foundation_ref').where('foundation_ref', 'in', refs).execute()).map((row) => row.foundation_ref).sort();

describe('canopy import commits in chunks', () => {
  test('a refusal keeps what earlier chunks applied; the corrected file finishes the import', async () => {
    const refs = ['chunk-a', 'chunk-b', 'chunk-c', 'chunk-d'];
    const broken: OperationData = { op: 'upsert_project', input: { ref: 'chunk-prj', partner_ref: 'no-such-partner', name: { en: 'X' }, description: { en: 'X' }, country: 'NL', region: 'U', ecosystem_type: 'x' } };
    const file = [partner(refs[0]!), partner(refs[1]!), broken, partner(refs[2]!), partner(refs[3]!)];

    // Every operation is a chunk of its own: the first two commit before the third is refused.
    const refusal = await applyInChunks(app.db, file, app.baseUrl, { chunkMs: 0 }).then(() => null, (error: unknown) => error);
    assert.ok(refusal instanceof CanopyError, String(refusal));
    assert.equal(refusal.code, 'reference_not_found');
    assert.equal(refusal.extra.operation_index, 2);
    assert.equal(refusal.extra.applied_before, 2);
    assert.deepEqual(await partnerIds(refs), ['chunk-a', 'chunk-b'], 'the chunks before the refused line stay; nothing after it was applied');

    const corrected = [...file.slice(0, 2), { ...broken, input: { ...(broken.input as object), partner_ref: 'chunk-a' } }, ...file.slice(3)];
    const { applied, chunks } = await applyInChunks(app.db, corrected, app.baseUrl, { chunkMs: 0 });
    assert.equal(chunks, 5);
    assert.deepEqual(applied.map((result) => result.unchanged), [true, true, false, false, false], 'what was applied comes back unchanged');
    assert.deepEqual(await partnerIds(refs), refs);
  });

  test('a refusal inside the first chunk applies nothing', async () => {
    const refs = ['whole-a', 'whole-b'];
    const file = [partner(refs[0]!), partner(refs[1]!), { op: 'complete_planting', input: { ref: 'no-such-planting' } }];
    const refusal = await applyInChunks(app.db, file, app.baseUrl).then(() => null, (error: unknown) => error);
    assert.ok(refusal instanceof CanopyError);
    assert.equal(refusal.extra.applied_before, 0);
    assert.deepEqual(await partnerIds(refs), []);
  });

  test('a read sent while an import runs is answered before the import ends', async () => {
    const file = Array.from({ length: 100 }, (_, i) => partner(`read-${i}`));
    let appliedSoFar = 0;
    let answeredAfter: number | null = null;
    let read: Promise<void> | null = null;
    await applyInChunks(app.db, file, app.baseUrl, {
      chunkMs: 0,
      onApplied: (index) => {
        appliedSoFar = index + 1;
        read ??= app.get('/v2/me', company.live).then((response) => {
          assert.equal(response.status, 200);
          answeredAfter = appliedSoFar;
        });
      },
    });
    await read;
    assert.ok(answeredAfter !== null && answeredAfter < file.length, `the read was answered after ${answeredAfter} of ${file.length} operations`);
  });
});
