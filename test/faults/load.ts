import { type Answer, type ClientOptions, claimOnPage, sendWrite } from './client.ts';
import type { SeededWorld } from './seed.ts';

/**
 * The load: `writes` logical writes, `concurrency` in flight, spread over the API processes:
 * recipient creates (some with send_email, some for one project, a few sent to both processes
 * at once with one key, as an impatient client would), gift code creates, claims of the codes
 * made (test mode through the test helper, live mode on the public claim page, which emails)
 * and deletes of the recipients made. Kinds are drawn from a seeded generator; a claim or a
 * delete with nothing to act on yet becomes a recipient create.
 */

export type WriteKind = 'create_recipient' | 'create_gift_code' | 'claim_test' | 'claim_page' | 'delete_recipient';

export interface WriteRecord {
  n: number;
  kind: WriteKind;
  company: number;
  livemode: boolean;
  /** The Idempotency-Key of a POST through the API (a create's is also its external_reference). */
  key?: string;
  trees?: number;
  email?: string;
  sendEmail?: boolean;
  projectId?: string;
  /** The recipient deleted, or the gift code claimed. */
  targetId?: string;
  /** The code of the gift code claimed on the page. */
  code?: string;
  /** The id of what a 200 made or changed: the recipient or gift code created, the recipient a claim made. */
  objectId?: string;
  /** Sent to both API processes at once with one key: each leg's answer. */
  legs?: Answer[];
  answer: Answer;
  startedAt: number;
  endedAt: number;
}

interface OpenCode {
  id: string;
  code: string;
  company: number;
  livemode: boolean;
}

interface LiveRecipient {
  id: string;
  company: number;
  livemode: boolean;
}

export interface LoadOptions {
  world: SeededWorld;
  client: ClientOptions;
  writes: number;
  concurrency: number;
  seed: number;
  /** Called once, when this many writes have ended (the fault injection). */
  midway?: { after: number; run: () => Promise<void> };
}

/** mulberry32: a small seeded generator, so that a run can be repeated with FAULTS_SEED. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runLoad(options: LoadOptions): Promise<{ records: WriteRecord[]; midwayDone: Promise<void> }> {
  const { world, client, seed } = options;
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const openCodes: OpenCode[] = [];
  const recipients: LiveRecipient[] = [];
  const records: WriteRecord[] = [];
  let next = 0;
  let ended = 0;
  let midwayDone: Promise<void> = Promise.resolve();

  const tokenOf = (company: number, livemode: boolean) => (livemode ? world.companies[company]!.live : world.companies[company]!.test);

  /** Draws the next write; what it acts on is taken now, so no two writes act on one code or recipient. */
  function draw(n: number): Omit<WriteRecord, 'answer' | 'startedAt' | 'endedAt'> {
    const company = Math.floor(random() * world.companies.length);
    const livemode = random() < 0.6;
    const roll = random();
    const key = `load-${seed}-${n}`;
    if (roll < 0.15 && openCodes.length > 0) {
      const code = openCodes.splice(Math.floor(random() * openCodes.length), 1)[0]!;
      return { n, kind: code.livemode ? 'claim_page' : 'claim_test', company: code.company, livemode: code.livemode, targetId: code.id, code: code.code, key, email: `claim-${n}@load.example` };
    }
    if (roll < 0.3 && recipients.length > 0) {
      const recipient = recipients.splice(Math.floor(random() * recipients.length), 1)[0]!;
      return { n, kind: 'delete_recipient', company: recipient.company, livemode: recipient.livemode, targetId: recipient.id };
    }
    if (roll < 0.5) return { n, kind: 'create_gift_code', company, livemode, key, trees: 1 + Math.floor(random() * 3) };
    return {
      n,
      kind: 'create_recipient',
      company,
      livemode,
      key,
      trees: 1 + Math.floor(random() * 4),
      email: `recipient-${n}@load.example`,
      sendEmail: random() < (livemode ? 0.15 : 0.1),
      projectId: random() < 0.25 ? pick(world.projectIds) : undefined,
    };
  }

  async function perform(write: Omit<WriteRecord, 'answer' | 'startedAt' | 'endedAt'>): Promise<WriteRecord> {
    const startedAt = Date.now();
    const token = tokenOf(write.company, write.livemode);
    const first = write.n;
    let answer: Answer;
    let legs: Answer[] | undefined;
    switch (write.kind) {
      case 'create_recipient': {
        const body = {
          trees: write.trees,
          first_name: `Load ${write.n}`,
          last_name: 'Tester',
          email: write.email,
          language: write.n % 3 === 0 ? 'nl' : 'en',
          external_reference: write.key,
          send_email: write.sendEmail,
          ...(write.projectId ? { project: write.projectId } : {}),
        };
        const spec = { method: 'POST' as const, path: '/v2/recipients', token, body, idempotencyKey: write.key };
        if (write.n % 20 === 7) {
          legs = await Promise.all([sendWrite(client, spec, first), sendWrite(client, spec, first + 1)]);
          answer = legs.find((leg) => leg.status === 200) ?? legs[0]!;
        } else {
          answer = await sendWrite(client, spec, first);
        }
        if (answer.status === 200) recipients.push({ id: answer.body.id, company: write.company, livemode: write.livemode });
        break;
      }
      case 'create_gift_code': {
        const body = { trees: write.trees, external_reference: write.key, sent_to: { name: `Friend ${write.n}` } };
        answer = await sendWrite(client, { method: 'POST', path: '/v2/gift-codes', token, body, idempotencyKey: write.key }, first);
        if (answer.status === 200) openCodes.push({ id: answer.body.id, code: answer.body.code, company: write.company, livemode: write.livemode });
        break;
      }
      case 'claim_test': {
        const body = { first_name: `Claimant ${write.n}`, email: write.email };
        answer = await sendWrite(client, { method: 'POST', path: `/v2/test_helpers/gift_codes/${write.targetId}/claim`, token, body, idempotencyKey: write.key }, first);
        if (answer.status === 200 && typeof answer.body.recipient === 'string') {
          recipients.push({ id: answer.body.recipient, company: write.company, livemode: write.livemode });
        }
        break;
      }
      case 'claim_page': {
        answer = await claimOnPage(client, write.code!, { firstName: `Claimant ${write.n}`, email: write.email! }, first);
        break;
      }
      case 'delete_recipient':
        answer = await sendWrite(client, { method: 'DELETE', path: `/v2/recipients/${write.targetId}`, token }, first);
        break;
    }
    const objectId = answer.status === 200 ? (write.kind === 'claim_test' ? answer.body.recipient : answer.body.id) : undefined;
    return { ...write, objectId, legs, answer, startedAt, endedAt: Date.now() };
  }

  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.writes) {
        const write = draw(next++);
        const record = await perform(write);
        records.push(record);
        ended += 1;
        if (options.midway && ended === options.midway.after) {
          midwayDone = options.midway.run();
          midwayDone.catch(() => {}); // the caller awaits it, after the load
        }
      }
    }),
  );
  return { records: records.sort((a, b) => a.n - b.n), midwayDone };
}
