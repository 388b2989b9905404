import { randomBytes } from 'node:crypto';

/** Id prefixes of spec section 1, plus the operator-only objects (users, tokens, keys). */
export const ID_PREFIXES = {
  company: 'cmp',
  allocation: 'alloc',
  planting: 'plt',
  project: 'prj',
  partner: 'ptn',
  recipient: 'rcp',
  gift_code: 'gift',
  gift_code_batch: 'gcb',
  recipient_upload: 'upl',
  certificate: 'cert',
  monitoring: 'mon',
  verification: 'ver',
  webhook_endpoint: 'whe',
  event: 'evt',
  user: 'usr',
  token: 'tok',
  foundation_key: 'fdk',
  request: 'req',
  session: 'ses',
  audit_entry: 'aud',
  webhook_attempt: 'wha',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random base62 string from a CSPRNG. Bytes >= 248 are skipped so every character is
 * equally likely (248 = 4 * 62), which keeps ids and secrets unguessable. Its bytes are
 * asked for each time, so a secret's never wait in memory (as the ids' do, below).
 */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/**
 * CSPRNG bytes for ids, fetched 4 KB at a time as crypto.randomUUID does: one call for the
 * ids of many requests instead of one each (a create makes about six). Each byte is used
 * once. Ids are not secrets: tokens and keys use randomAlphanumeric.
 */
const ID_POOL_SIZE = 4096;
let idPool = Buffer.alloc(0);
let idPoolOffset = 0;

function idAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    if (idPoolOffset >= idPool.length) {
      idPool = randomBytes(ID_POOL_SIZE);
      idPoolOffset = 0;
    }
    const byte = idPool[idPoolOffset++]!;
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${idAlphanumeric(24)}`;
}

/** The pattern an id of this kind must match: `^<prefix>_[A-Za-z0-9]{24}$`. */
export function idPattern(kind: IdKind): string {
  return `^${ID_PREFIXES[kind]}_[A-Za-z0-9]{24}$`;
}

export function isId(kind: IdKind, value: string): boolean {
  return new RegExp(idPattern(kind)).test(value);
}
