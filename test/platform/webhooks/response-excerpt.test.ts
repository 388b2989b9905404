import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RESPONSE_EXCERPT_BYTES, responseExcerpt } from '../../../src/platform/webhooks/send.ts';

/** What the delivery log keeps of a receiver's answer: its first 2 KB as text, storable in PostgreSQL. */
test('the first 2 KB, a character cut in two replaced, NUL left out, across chunks', () => {
  assert.equal(RESPONSE_EXCERPT_BYTES, 2048);
  assert.equal(responseExcerpt([]), '');
  assert.equal(responseExcerpt([Buffer.from('ok')]), 'ok');
  // 2047 bytes of 'a' then a two-byte 'é': the cut falls inside it.
  const cut = responseExcerpt([Buffer.from('a'.repeat(2000)), Buffer.from(`${'a'.repeat(47)}é and more`)]);
  assert.equal(cut, `${'a'.repeat(2047)}\uFFFD`);
  assert.equal(responseExcerpt([Buffer.from('a\u0000b')]), 'ab');
});
