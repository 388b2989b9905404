import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config.ts';
import { folderSecret } from '../src/db/folder-secret.ts';
import { addressAllowed } from '../src/core/ip.ts';
import { negotiateLanguage } from '../src/core/i18n.ts';
import { ID_PREFIXES, isId, newId } from '../src/core/ids.ts';
import { tempDir } from './helpers/temp.ts';

/** Pure logic, tested without a server. */

describe('config', () => {
  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.databaseUrl, null);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 3000);
    assert.equal(config.publicBaseUrl, 'http://127.0.0.1:3000');
    assert.ok(config.dataDir.endsWith('/data'));
  });

  test('every bad value is named, all at once', () => {
    const env = {
      DATABASE_URL: 'mysql://x', PORT: '70000', PUBLIC_BASE_URL: 'ftp://x', TRUSTED_PROXIES: '10.0.0.0/8, proxy.local', LOG_LEVEL: 'loud', CANOPY_SECRET_KEY: 'short',
    };
    assert.throws(() => loadConfig(env), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.problems.length, 6);
      for (const name of ['DATABASE_URL', 'PORT', 'PUBLIC_BASE_URL', 'TRUSTED_PROXIES: "proxy.local"', 'LOG_LEVEL', 'CANOPY_SECRET_KEY']) {
        assert.ok(error.problems.some((p) => p.startsWith(name)), `${name} in ${error.problems.join(' | ')}`);
      }
      return true;
    });
  });

  test('WEBHOOK_LEASE_SECONDS: 30 by default, never shorter than an attempt can last', () => {
    assert.equal(loadConfig({}).webhookLeaseSeconds, 30);
    assert.equal(loadConfig({ WEBHOOK_LEASE_SECONDS: '15' }).webhookLeaseSeconds, 15);
    for (const value of ['14', '0', '-1', '1.5', 'soon']) {
      assert.throws(() => loadConfig({ WEBHOOK_LEASE_SECONDS: value }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.problems.join(), /^WEBHOOK_LEASE_SECONDS must be a whole number of at least 15/);
        return true;
      });
    }
  });

  test('PUBLIC_BASE_URL loses a trailing slash; a postgres URL is taken as is', () => {
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://canopy.example.com/', DATABASE_URL: 'postgres://u@db/canopy', CANOPY_SECRET_KEY: SECRET });
    assert.equal(config.publicBaseUrl, 'https://canopy.example.com');
    assert.equal(config.databaseUrl, 'postgres://u@db/canopy');
    assert.equal(config.secretKey, SECRET);
  });

  test('CANOPY_SECRET_KEY is required with DATABASE_URL and must be long enough', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.problems;
      }
    };
    assert.match(problems({ DATABASE_URL: 'postgres://u@db/canopy' }).join(), /CANOPY_SECRET_KEY is required with DATABASE_URL/);
    assert.match(problems({ CANOPY_SECRET_KEY: 'short' }).join(), /CANOPY_SECRET_KEY must be at least 32 characters/);
    assert.equal(loadConfig({}).secretKey, null, 'the embedded database generates its own');
  });

  test('the embedded database keeps its generated secret in the data folder, readable by the owner only', () => {
    const dir = tempDir('canopy-secret');
    const first = folderSecret(dir);
    assert.match(first, /^[0-9a-f]{64}$/);
    assert.equal(folderSecret(dir), first, 'the same secret after a restart');
    assert.equal(statSync(path.join(dir, 'secret.key')).mode & 0o777, 0o600);
  });
});

const SECRET = 'a-secret-key-that-is-long-enough-0123456789';

describe('ids', () => {
  test('prefix, underscore and 24 alphanumerics, all different', () => {
    const seen = new Set<string>();
    for (const kind of Object.keys(ID_PREFIXES) as (keyof typeof ID_PREFIXES)[]) {
      const id = newId(kind);
      assert.match(id, new RegExp(`^${ID_PREFIXES[kind]}_[A-Za-z0-9]{24}$`));
      assert.ok(isId(kind, id));
      seen.add(id);
    }
    for (let i = 0; i < 2000; i++) seen.add(newId('allocation'));
    assert.equal(seen.size, Object.keys(ID_PREFIXES).length + 2000);
  });

  test('the characters are spread over the whole alphabet', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 400; i++) for (const char of newId('event').slice(4)) counts.set(char, (counts.get(char) ?? 0) + 1);
    assert.equal(counts.size, 62, 'every one of the 62 characters appears');
    const expected = (400 * 24) / 62;
    for (const [char, count] of counts) assert.ok(count > expected * 0.6 && count < expected * 1.4, `${char}: ${count}`);
  });

  test('isId refuses the wrong prefix and the wrong length', () => {
    assert.equal(isId('allocation', `plt_${'a'.repeat(24)}`), false);
    assert.equal(isId('allocation', `alloc_${'a'.repeat(23)}`), false);
    assert.equal(isId('allocation', `alloc_${'a'.repeat(23)}-`), false);
  });
});

describe('Accept-Language', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'en'], ['nl', 'nl'], ['nl-BE', 'nl'], ['fr, nl;q=0.5', 'nl'], ['fr', 'en'], ['en;q=0.2, nl;q=0.8', 'nl'], ['nl;q=0, en', 'en'], ['*', 'en'],
  ];
  for (const [header, language] of cases) test(`${header ?? '(none)'} → ${language}`, () => assert.equal(negotiateLanguage(header), language));
});

describe('IP allowlist', () => {
  const cases: [string, string[], boolean][] = [
    ['10.1.2.3', [], true],
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['11.1.2.3', ['10.0.0.0/8'], false],
    ['::ffff:10.1.2.3', ['10.0.0.0/8'], true],
    ['10.1.2.3', ['::ffff:10.0.0.0/104'], true],
    ['2001:db8::1', ['2001:db8::/32'], true],
    ['2001:db9::1', ['2001:db8::/32'], false],
    ['2001:db8::1', ['10.0.0.0/8'], false],
    ['192.168.1.7', ['192.168.1.7'], true],
    ['192.168.1.8', ['192.168.1.7'], false],
    ['not-an-ip', ['0.0.0.0/0'], false],
  ];
  for (const [address, allowlist, allowed] of cases) {
    test(`${address} in [${allowlist.join(', ')}]: ${allowed}`, () => assert.equal(addressAllowed(address, allowlist), allowed));
  }
});

describe('csvCell', () => {
  test('a cell a spreadsheet would run as a formula is made text; any other is kept', async () => {
    const { csvCell } = await import('../src/core/csv-cell.ts');
    for (const formula of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) assert.equal(csvCell(formula), `'${formula}`);
    for (const plain of ['ORDER-1', 'Ada = 1', '', 'x-1', '10042']) assert.equal(csvCell(plain), plain);
  });
});
