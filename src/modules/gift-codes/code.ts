import { randomInt } from 'node:crypto';

/**
 * Gift codes a person types from a card: Crockford's base 32 (digits and capitals without
 * I, L, O and U), 12 characters in three groups, `7KQ4-M2XD-9RTB`: 60 bits from a CSPRNG.
 * On entry case, spaces and dashes do not matter, and the letters people confuse with
 * digits are read as the digit they look like (O as 0, I and L as 1), as Crockford's
 * decoding does.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const LENGTH = GROUPS * GROUP_LENGTH;

/** Bits of randomness in a code: 12 characters of 5 bits. */
export const GIFT_CODE_BITS = LENGTH * Math.log2(ALPHABET.length);

export function newGiftCode(): string {
  let chars = '';
  for (let i = 0; i < LENGTH; i++) chars += ALPHABET[randomInt(ALPHABET.length)];
  return group(chars);
}

/**
 * The code a person typed, in its stored form, or null when it cannot be a code at all
 * (wrong length, a character outside the alphabet), so that it is refused without a look-up.
 */
export function normalizeGiftCode(typed: string): string | null {
  const chars = typed
    .toUpperCase()
    .replace(/[\s\-–—_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (chars.length !== LENGTH) return null;
  for (const char of chars) if (!ALPHABET.includes(char)) return null;
  return group(chars);
}

function group(chars: string): string {
  const groups: string[] = [];
  for (let i = 0; i < LENGTH; i += GROUP_LENGTH) groups.push(chars.slice(i, i + GROUP_LENGTH));
  return groups.join('-');
}

/** The pattern of a stored code, for the API's schema. */
export const GIFT_CODE_PATTERN = `^[${ALPHABET}]{${GROUP_LENGTH}}(-[${ALPHABET}]{${GROUP_LENGTH}}){${GROUPS - 1}}$`;
