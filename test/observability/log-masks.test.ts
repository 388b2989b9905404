import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskSecrets } from '../../src/observability/logger.ts';

test("a one-time dashboard link's secret is masked wherever a message holds it", () => {
  for (const kind of ['invite', 'link', 'reset']) {
    const secret = `s3cr3t${kind}Abc_DEF-123`;
    const masked = maskSecrets(`GET https://canopy.example/dashboard/${kind}/${secret}?lang=nl failed`);
    assert.equal(masked, `GET https://canopy.example/dashboard/${kind}/[redacted]?lang=nl failed`);
  }
  assert.equal(maskSecrets('/dashboard/tokens/tok_123'), '/dashboard/tokens/tok_123', 'other dashboard paths are kept');
});
