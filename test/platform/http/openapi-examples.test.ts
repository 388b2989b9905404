import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { Browser } from 'playwright-core';
import { ERROR_CODES, type ErrorCode } from '../../../src/core/errors.ts';
import { isCalendarDate, isTimestamp } from '../../../src/core/formats.ts';
import { EXAMPLE_IDS } from '../../../src/platform/http/openapi-examples.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The API reference shows real values, not "string" (issue 23): every named schema, request
 * body, answer, list and error of the OpenAPI document carries an example from one world
 * (http/openapi-examples.ts). Each example is held to its own schema, with the formats the
 * API checks, so a schema change that breaks one fails here; each request example is sent
 * to the API, whose own validation must take it; and Redoc, in a real browser, shows them.
 */

const app = await startTestApp();
const { company } = await make.companyWithTrees(app.db, { trees: 50 });

// biome-ignore lint/suspicious/noExplicitAny: the document is read as JSON
type Json = any;
let doc: Json;
const schemas = () => doc.components.schemas as Record<string, Json>;

interface Operation {
  label: string;
  method: string;
  path: string;
  op: Json;
}
const operations = (): Operation[] =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, method, path, op })),
  );
/** The media type of a body or an answer: JSON, or the file an export streams (application/geo+json, text/csv). */
const mediaType = (media: Json) => Object.keys(media?.content ?? {})[0] ?? 'application/json';
const json = (media: Json) => media?.content?.[mediaType(media)];

before(async () => {
  doc = (await app.get('/v2/openapi.json')).body;
});

/**
 * The schema as an example must meet it: besides the schema's own rules, an object holds
 * every field its schema declares (but `deleted`, only on a copy of a deleted recipient) and
 * no other, so an example cannot fall behind a field added, renamed or removed.
 */
function exhaustive(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(exhaustive);
  if (!schema || typeof schema !== 'object') return schema;
  // `properties` maps field names to schemas: a field may itself be named `properties` (a GeoJSON feature's).
  const fields = (map: Json) => Object.fromEntries(Object.entries(map).map(([name, field]) => [name, exhaustive(field)]));
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [
    key, key === 'examples' || key === 'example' ? value : key === 'properties' && value && typeof value === 'object' ? fields(value) : exhaustive(value),
  ]));
  if (copy.properties && copy.additionalProperties === undefined) {
    copy.additionalProperties = false;
    copy.required = Object.keys(copy.properties).filter((name) => name !== 'deleted');
  }
  return copy;
}

/** Ajv as the API sets it up (app.ts): ajv-formats, with date and date-time as PostgreSQL stores them; 2020-12, the document's dialect. */
function validator(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajvFormats.default(ajv);
  ajv.addFormat('date', isCalendarDate);
  ajv.addFormat('date-time', isTimestamp);
  ajv.addSchema(document, 'openapi.json');
  return (pointer: string[], value: unknown): string | null => {
    const ref = `openapi.json#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
    const validate = ajv.compile({ $ref: ref });
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}

/** Every example the document carries, with where it sits: on a named schema, or on a request body or answer. */
function allExamples(): { where: string; pointer: string[]; example: Json }[] {
  const found = Object.entries(schemas()).map(([id, schema]) => ({ where: `components.schemas.${id}`, pointer: ['components', 'schemas', id], example: schema.examples?.[0] }));
  for (const { label, method, path: url, op } of operations()) {
    const body = json(op.requestBody);
    if (body?.example !== undefined) found.push({ where: `${label} request body`, pointer: ['paths', url, method, 'requestBody', 'content', 'application/json', 'schema'], example: body.example });
    for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
      const media = json(response);
      if (media?.example !== undefined) found.push({ where: `${label} ${status}`, pointer: ['paths', url, method, 'responses', status, 'content', mediaType(response), 'schema'], example: media.example });
    }
  }
  return found;
}

/** What Redoc shows for a body or an answer: its own example, else the example of the named schema it refers to. */
function shownExample(media: Json): Json {
  if (media?.example !== undefined) return media.example;
  const ref = media?.schema?.$ref as string | undefined;
  return ref ? schemas()[ref.split('/').at(-1) as string]?.examples?.[0] : undefined;
}

function leaves(value: Json, at = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, at ? `${at}.${key}` : key));
  return [[at, value]];
}

describe('the examples of the OpenAPI document', () => {
  test('every named schema has one example, and it meets its schema, field for field', () => {
    const check = validator(exhaustive(doc));
    assert.equal(Object.keys(schemas()).length, 27);
    for (const [id, schema] of Object.entries(schemas())) {
      assert.equal(schema.examples?.length, 1, `${id} has one example`);
      assert.equal(check(['components', 'schemas', id], schema.examples[0]), null, `${id}'s example`);
    }
  });

  test('every request body and every answer of every operation shows an example that meets its schema', () => {
    const check = validator(doc);
    const checkExhaustive = validator(exhaustive(doc));
    let bodies = 0;
    for (const { label, op } of operations()) {
      const body = json(op.requestBody);
      if (body) {
        assert.notEqual(body.example, undefined, `${label} has a request body example`);
        bodies++;
      }
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        assert.notEqual(shownExample(json(response)), undefined, `${label} ${status} shows an example`);
      }
    }
    assert.equal(bodies, 12);
    const examples = allExamples();
    assert.ok(examples.length > 300, `${examples.length} examples`);
    for (const { where, pointer, example } of examples) {
      // A request body example leaves optional fields out; an answer holds them all.
      const requestBody = where.endsWith('request body');
      assert.equal((requestBody ? check : checkExhaustive)(pointer, example), null, where);
    }
  });

  test('no example value is a placeholder a renderer makes up', () => {
    for (const { where, example } of allExamples()) {
      for (const [at, value] of leaves(example)) {
        assert.ok(!['string', 'null', 'undefined', ''].includes(value as string), `${where} ${at} is ${JSON.stringify(value)}`);
      }
    }
  });

  test('an example lists its fields in the order of its schema, as the API answers them', () => {
    for (const [id, schema] of Object.entries(schemas())) {
      if (!schema.properties) continue;
      const order = Object.keys(schema.properties);
      const keys = Object.keys(schema.examples[0]);
      assert.deepEqual(keys, order.filter((key) => keys.includes(key)), id);
    }
  });

  test('one world: an id always names the same kind of object in the same mode, and the trees add up', () => {
    const seen = new Map<string, string>();
    const visit = (value: Json, where: string): void => {
      if (!value || typeof value !== 'object') return;
      if (typeof value.id === 'string' && typeof value.object === 'string' && value.deleted === undefined) {
        const kind = `${value.object}${value.livemode === false ? ' (test)' : ''}`;
        const before = seen.get(value.id);
        assert.ok(before === undefined || before === kind, `${where}: ${value.id} is a ${kind}, elsewhere a ${before}`);
        seen.set(value.id, kind);
      }
      for (const item of Object.values(value)) visit(item, where);
    };
    for (const { where, example } of allExamples()) visit(example, where);
    assert.ok(seen.size >= 20, `${seen.size} objects`);

    for (const { where, example } of allExamples()) {
      for (const [at, value] of leaves(example)) {
        if (typeof value !== 'string') continue;
        // Spec section 1: a prefix, an underscore and 24 alphanumerics, the prefix the kind's.
        const id = /^([a-z]+)_([A-Za-z0-9]{5,})$/.exec(value);
        if (id && ['cmp', 'alloc', 'plt', 'prj', 'ptn', 'rcp', 'gift', 'cert', 'mon', 'ver', 'whe', 'evt', 'req'].includes(id[1] as string)) {
          assert.equal(id[2]?.length, 24, `${where} ${at}: ${value}`);
        }
        // Times are of 2026; an open gift code's valid_until may be a year on.
        if (isTimestamp(value) && !at.endsWith('valid_until')) assert.match(value, /^2026-/, `${where} ${at}`);
      }
    }

    const company = schemas().Company.examples[0];
    const project = schemas().Project.examples[0];
    for (const trees of [company.trees, project.trees]) assert.equal(trees.pledged + trees.planted + trees.monitored, trees.total);
    assert.ok(company.trees_unassigned < company.trees.total);
    const planting = schemas().Planting.examples[0];
    assert.equal(planting.species.reduce((sum: number, species: Json) => sum + species.trees, 0), planting.trees);
    assert.equal(planting.latest_monitoring.trees_alive, Math.round(planting.trees * planting.latest_monitoring.survival_rate));
    const recipient = schemas().Recipient.examples[0];
    assert.equal(recipient.certificate.trees, recipient.trees);
    assert.deepEqual(recipient.certificate.allocations, recipient.allocations);
    assert.equal(schemas().Allocation.examples[0].recipient, recipient.id);
    assert.equal(schemas().Allocation.examples[0].trees, recipient.trees);
    for (const [id, schema] of Object.entries(schemas())) {
      const example = schema.examples[0];
      if ('livemode' in example) assert.equal(example.livemode, true, `${id} is live`);
    }
  });

  test('a create answers what its request body asked for', () => {
    const op = (path: string) => doc.paths[path].post;
    const asked = json(op('/v2/recipients').requestBody).example;
    const answered = json(op('/v2/recipients').responses['200']).example;
    for (const field of Object.keys(asked)) assert.deepEqual(answered[field], asked[field], field);
    assert.equal(answered.certificate, null, 'the certificate follows (certificate.created)');
    const code = json(op('/v2/gift-codes').responses['200']).example;
    for (const [field, value] of Object.entries(json(op('/v2/gift-codes').requestBody).example)) assert.deepEqual(code[field], value, field);
    const helper = json(op('/v2/test_helpers/allocations').responses['200']).example;
    assert.equal(helper.livemode, false, 'a test helper makes test objects');
    assert.equal(helper.trees, json(op('/v2/test_helpers/allocations').requestBody).example.trees);
  });

  test('a list shows a page of its objects, at its own path', () => {
    const list = json(doc.paths['/v2/projects/{id}/monitoring'].get.responses['200']).example;
    assert.equal(list.object, 'list');
    assert.equal(list.url, `/v2/projects/${EXAMPLE_IDS.kenya}/monitoring`);
    assert.deepEqual(list.data, [schemas().Monitoring.examples[0]]);
    assert.equal(json(doc.paths['/v2/recipients'].get.responses['200']).example.url, '/v2/recipients');
  });

  test('each error status shows a real refusal: one of the codes it names, with its status and type', () => {
    const named = (description: string) => [...description.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);
    for (const { label, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        if (/^2/.test(status)) continue;
        const { error } = json(response).example;
        assert.ok(named(response.description).includes(error.code), `${label} ${status}: ${error.code} is one of its codes`);
        const [tableStatus, type] = ERROR_CODES[error.code as ErrorCode];
        assert.ok(tableStatus === Number(status) || (error.code === 'resource_missing' && status === '400'), `${label} ${status}: ${error.code}`);
        assert.equal(error.type, type);
        assert.equal(error.doc_url, `http://canopy.test/docs/errors#${error.code}`);
        assert.equal(error.request_id, EXAMPLE_IDS.request);
      }
    }
    const refused = json(doc.paths['/v2/recipients'].post.responses['422']).example.error;
    assert.equal(refused.code, 'no_trees_available', "the operation's own refusal comes first");
    assert.equal(refused.param, 'trees');
    assert.equal(json(doc.paths['/v2/recipients'].post.responses['403']).example.error.required_scope, 'recipients:write');
    assert.equal(json(doc.paths['/v2/recipients'].post.responses['404']).example.error.param, 'project');
    assert.equal(schemas().Error.examples[0].error.code, 'no_trees_available');
  });
});

/** The codes of a body or query the schema refused: what a request example must never get. */
const SCHEMA_REFUSALS = ['parameter_unknown', 'parameter_missing', 'parameter_invalid', 'body_invalid_json', 'body_too_deep'];

describe('the request examples, sent to the API', () => {
  test("pass the API's own validation: each is taken, or refused only for what the example world has and this database has not", async () => {
    const outcomes: string[] = [];
    for (const { label, method, path: url, op } of operations()) {
      const body = json(op.requestBody)?.example;
      if (body === undefined) continue;
      const testMode = url.includes('/test_helpers/');
      // The path's id: the one the answer's example names, of the kind the path takes.
      const answer = json(op.responses['200'])?.example ?? {};
      const target = url.replace('{id}', () => answer.id ?? `${/\^([a-z]+_)/.exec(op.parameters.find((p: Json) => p.in === 'path').schema.pattern)?.[1]}${'A'.repeat(24)}`);
      const response = await app.request(method.toUpperCase(), target, {
        token: testMode ? company.test : company.live,
        body,
        headers: { 'idempotency-key': `example-${op.operationId}` },
      });
      const code = response.body?.error?.code as string | undefined;
      outcomes.push(`${label} ${response.status}${code ? ` ${code}` : ''}`);
      assert.ok(!SCHEMA_REFUSALS.includes(code ?? ''), `${label}: ${response.status} ${JSON.stringify(response.body?.error)}`);
      // Taken; or the id it names is not in this database (404); or its webhook URL's host does not resolve here.
      assert.ok(response.status === 200 || code === 'resource_missing' || code === 'webhook_url_refused', `${label}: ${response.status} ${code}`);
    }
    assert.equal(outcomes.length, 12);
    assert.ok(outcomes.includes('POST /v2/gift-codes 200'), outcomes.join('\n'));
    assert.ok(outcomes.includes('POST /v2/test_helpers/allocations 200'), outcomes.join('\n'));
  });
});

describe('the API reference in a browser shows the examples', { skip: withoutChromium }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  test('POST /v2/recipients: the request and the answer hold real values; no operation shows "string"', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${app.baseUrl}/docs`);
    await page.getByRole('heading', { name: /Give trees to a person/ }).waitFor({ timeout: 30_000 });
    const create = page.locator('[id="tag/Recipients/operation/createRecipient"]');
    await create.locator('h2').first().evaluate((heading) => heading.scrollIntoView());
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-examples-create-recipient.png') });

    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out, as a person reads it
    const text = await create.innerText();
    const [, request = '', answer = ''] = /Request samples([\s\S]*)Response samples([\s\S]*)$/.exec(text) ?? [];
    assert.match(request, /"trees":\s*10/);
    assert.match(request, /"first_name":\s*"Amara"/);
    assert.match(request, new RegExp(`"project":\\s*"${EXAMPLE_IDS.kenya}"`));
    assert.match(answer, new RegExp(`"id":\\s*"${EXAMPLE_IDS.amara}"`));
    assert.match(answer, /"certificate":\s*null/);

    await create.getByRole('tab', { name: '422' }).click();
    // biome-ignore lint/performance/useDomNodeTextContent: as above
    assert.match(await create.innerText(), /"code":\s*"no_trees_available"/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-examples-create-recipient-422.png') });

    // Every operation as rendered, with the samples of its first answer: none shows a made-up "string".
    const rendered = await page.locator('[id^="tag/"][id*="/operation/"]').allInnerTexts();
    assert.equal(rendered.length, operations().length);
    for (const operation of rendered) assert.doesNotMatch(operation, /:\s*"string"/, operation.split('\n')[0]);
    await page.close();
  });
});
