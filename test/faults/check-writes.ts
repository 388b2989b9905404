import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { Answer } from './client.ts';
import type { WriteKind, WriteRecord } from './load.ts';
import type { SeededWorld } from './seed.ts';
import type { Verdicts } from './verdict.ts';

/**
 * Every write against the database: each answered one is there (a recipient exists unless
 * the load deleted it later, a code is open unless the load claimed it), each refused one
 * changed nothing, each create key made exactly one object, and nothing exists that no
 * write made.
 */

/** What a write of each kind may finally answer; `afterLoss` only after an attempt whose answer was lost. */
const EXPECTED: Record<WriteKind, { ok: number[]; refused: string[]; afterLoss?: number[] }> = {
  create_recipient: { ok: [200], refused: ['no_trees_available'] },
  create_gift_code: { ok: [200], refused: ['no_trees_available'] },
  claim_test: { ok: [200], refused: [] },
  // 303 to the confirmation page; 409 "claimed already" when the lost attempt had claimed it.
  claim_page: { ok: [303], refused: [], afterLoss: [409] },
  // 404 when the lost attempt had deleted it.
  delete_recipient: { ok: [200], refused: [], afterLoss: [404] },
};

const lostBefore = (answer: Answer) => answer.attempts.slice(0, -1).some((attempt) => attempt.status === 'lost' || attempt.status === 'timeout');

/** Whether the write took effect, as its answer says; throws nothing, unexpected answers are problems. */
export function tookEffect(record: WriteRecord): boolean {
  const answers = record.legs ?? [record.answer];
  return answers.some((answer) => {
    const expected = EXPECTED[record.kind];
    return expected.ok.includes(answer.status as number) || (lostBefore(answer) && (expected.afterLoss ?? []).includes(answer.status as number));
  });
}

export function checkAnswers(records: readonly WriteRecord[], verdicts: Verdicts): void {
  const unexpected: string[] = [];
  const serverErrors: string[] = [];
  for (const record of records) {
    for (const answer of record.legs ?? [record.answer]) {
      const expected = EXPECTED[record.kind];
      const code = answer.attempts.at(-1)?.code;
      const fine = expected.ok.includes(answer.status as number)
        || (lostBefore(answer) && (expected.afterLoss ?? []).includes(answer.status as number))
        || (answer.status === 422 && code !== undefined && expected.refused.includes(code));
      if (!fine) unexpected.push(`write ${record.n} (${record.kind}): ${answer.status} ${code ?? ''} ${JSON.stringify(answer.body)?.slice(0, 200)}`);
      for (const attempt of answer.attempts) {
        if (typeof attempt.status === 'number' && attempt.status >= 500) serverErrors.push(`write ${record.n} (${record.kind}): ${attempt.status} ${attempt.code ?? ''} from API ${attempt.api + 1}`);
      }
    }
  }
  verdicts.add('every write was answered once, finally, as its kind may be answered (no 5xx, nothing left unanswered)', `${records.length} writes`, unexpected);
  verdicts.add('no attempt was answered 5xx', `${records.reduce((sum, record) => sum + (record.legs ?? [record.answer]).reduce((s, a) => s + a.attempts.length, 0), 0)} attempts`, serverErrors);
}

export async function checkWrites(db: Kysely<DB>, world: SeededWorld, records: readonly WriteRecord[], verdicts: Verdicts): Promise<void> {
  const companyIds = world.companies.map((company) => company.id);
  const recipients = await db.selectFrom('recipients')
    .select(['id', 'company_id', 'livemode', 'external_reference', 'trees', 'deleted_at', 'source', 'email'])
    .where('company_id', 'in', companyIds).execute();
  const codes = await db.selectFrom('gift_codes').select(['id', 'company_id', 'livemode', 'external_reference', 'status', 'recipient_id', 'trees'])
    .where('company_id', 'in', companyIds).execute();
  const keys = await db.selectFrom('idempotency_keys').select(['company_id', 'livemode', 'key', 'response_status', sql<string | null>`response_body ->> 'id'`.as('object_id')])
    .where('company_id', 'in', companyIds).execute();
  const recipientById = new Map(recipients.map((row) => [row.id, row]));
  const codeById = new Map(codes.map((row) => [row.id, row]));
  const scopeKey = (companyId: string, livemode: boolean, key: string | null) => `${companyId}|${livemode}|${key}`;
  const group = <T extends { company_id: string; livemode: boolean; external_reference: string | null }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(scopeKey(row.company_id, row.livemode, row.external_reference), [...(map.get(scopeKey(row.company_id, row.livemode, row.external_reference)) ?? []), row]);
    return map;
  };
  const recipientsByReference = group(recipients);
  const codesByReference = group(codes);
  const storedKeys = new Map(keys.map((row) => [scopeKey(row.company_id, row.livemode, row.key), row.response_status]));
  const storedObjects = new Map(keys.map((row) => [scopeKey(row.company_id, row.livemode, row.key), row.object_id]));
  /**
   * What a create key made: the objects holding its reference (the load's external_reference is
   * the key). Deleting a recipient erases its external_reference with its personal data
   * (docs/decisions.md, "Erased means erased"), so a deleted recipient is found by the key's
   * stored answer instead; a second object the key made would still show, by its reference
   * while it stands, or as a recipient no write made.
   */
  const madeBy = (kind: WriteKind, companyId: string, livemode: boolean, key: string): { id: string; trees: number }[] => {
    const where = scopeKey(companyId, livemode, key);
    const byReference: { id: string; trees: number }[] = (kind === 'create_recipient' ? recipientsByReference : codesByReference).get(where) ?? [];
    const stored = kind === 'create_recipient' ? recipientById.get(storedObjects.get(where) ?? '') : undefined;
    return stored?.deleted_at && !byReference.includes(stored) ? [...byReference, stored] : byReference;
  };

  const effective = records.filter(tookEffect);
  const deleted = new Set(effective.filter((r) => r.kind === 'delete_recipient').map((r) => r.targetId!));
  const claimed = new Set(effective.filter((r) => r.kind === 'claim_test' || r.kind === 'claim_page').map((r) => r.targetId!));

  const missing: string[] = [];
  const notOnce: string[] = [];
  const changed: string[] = [];
  for (const record of records) {
    const companyId = world.companies[record.company]!.id;
    const where = `write ${record.n} (${record.kind}, ${world.companies[record.company]!.name} ${record.livemode ? 'live' : 'test'})`;
    if (record.kind === 'create_recipient' || record.kind === 'create_gift_code') {
      const made = madeBy(record.kind, companyId, record.livemode, record.key!);
      const ids = new Set((record.legs ?? [record.answer]).filter((answer) => answer.status === 200).map((answer) => answer.body.id as string));
      if (tookEffect(record)) {
        if (made.length !== 1 || ids.size !== 1 || made[0]!.id !== [...ids][0]) notOnce.push(`${where}: answered ${[...ids].join(', ')}, the key made ${made.map((row) => row.id).join(', ') || 'nothing'}`);
        else if (made[0]!.trees !== record.trees) missing.push(`${where}: ${made[0]!.id} holds ${made[0]!.trees} trees, ${record.trees} were asked`);
        else if (record.kind === 'create_recipient' && (recipientById.get(made[0]!.id)!.deleted_at !== null) !== deleted.has(made[0]!.id)) {
          missing.push(`${where}: ${made[0]!.id} is ${deleted.has(made[0]!.id) ? 'not deleted, though the load deleted it' : 'deleted, though the load never did'}`);
        } else if (record.kind === 'create_gift_code' && codeById.get(made[0]!.id)!.status !== (claimed.has(made[0]!.id) ? 'claimed' : 'open')) {
          missing.push(`${where}: ${made[0]!.id} is ${codeById.get(made[0]!.id)!.status}, the load ${claimed.has(made[0]!.id) ? 'claimed' : 'never claimed'} it`);
        }
      } else {
        if (made.length > 0) changed.push(`${where}: refused, yet ${made.map((row) => row.id).join(', ')} exists`);
        if (storedKeys.get(scopeKey(companyId, record.livemode, record.key!)) != null) changed.push(`${where}: refused, yet its key stored a response`);
      }
    } else if (record.kind === 'claim_test' || record.kind === 'claim_page') {
      const code = codeById.get(record.targetId!);
      const recipient = code?.recipient_id ? recipientById.get(code.recipient_id) : undefined;
      if (tookEffect(record)) {
        // A deleted recipient's email is erased; the others' must be the claimant's.
        const claimant = recipient?.deleted_at === null ? recipient.email === record.email : true;
        if (code?.status !== 'claimed' || !recipient || recipient.source !== 'gift_code' || !claimant) {
          missing.push(`${where}: code ${record.targetId} is ${code?.status}, its recipient ${recipient?.id ?? 'none'} (${recipient?.email ?? ''})`);
        } else if (record.kind === 'claim_test' && record.objectId !== recipient.id) missing.push(`${where}: answered recipient ${record.objectId}, the code has ${recipient.id}`);
        else if ((recipient.deleted_at !== null) !== deleted.has(recipient.id)) missing.push(`${where}: recipient ${recipient.id} deleted: ${recipient.deleted_at !== null}, by the load: ${deleted.has(recipient.id)}`);
      } else if (code?.status !== 'open') changed.push(`${where}: refused, yet code ${record.targetId} is ${code?.status}`);
    } else if (tookEffect(record)) {
      if (recipientById.get(record.targetId!)?.deleted_at == null) missing.push(`${where}: answered, yet ${record.targetId} is not deleted`);
    } else if (recipientById.get(record.targetId!)?.deleted_at != null) changed.push(`${where}: refused, yet ${record.targetId} is deleted`);
  }

  const madeRecipients = effective.filter((r) => r.kind === 'create_recipient').length + claimed.size;
  const madeCodes = effective.filter((r) => r.kind === 'create_gift_code').length;
  const strays: string[] = [];
  if (recipients.length !== madeRecipients) strays.push(`${recipients.length} recipients exist; the load made ${madeRecipients} (creates and claims)`);
  if (codes.length !== madeCodes) strays.push(`${codes.length} gift codes exist; the load made ${madeCodes}`);

  verdicts.add('every write answered 200 (303 for a claim on the page) is present, as later writes left it', `${effective.length} writes took effect`, missing);
  verdicts.add('every create key made exactly one object, the one answered (also when sent to both processes at once)', `${records.filter((r) => r.kind.startsWith('create_')).length} create keys`, notOnce);
  verdicts.add('every refused write changed nothing (no object, no stored response)', `${records.length - effective.length} refused`, changed);
  verdicts.add('nothing exists that no write made', `${recipients.length} recipients, ${codes.length} gift codes`, strays);
}
