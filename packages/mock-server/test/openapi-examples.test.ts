import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationExamples } from '../src/openapi/examples';
import { DEMO_USER } from '../src/seed/demo';
import {
  deref,
  documentOperations,
  type Json,
  publishedDocuments,
  SampleGenerator,
} from './support/openapi-samples';
import { recordExamples, requestShape, sameRecording } from './support/record-examples';

/**
 * The examples of the published documents are recorded server answers (`npm run generate`): every body has one, and each still matches the schema beside it, so
 * a contract change that leaves them behind fails here until they are recorded again.
 */

const stale = 'run npm run generate to record the examples again';
const RECORDED = 'recorded';

const documents = [
  { doc: publishedDocuments.v1, validator: new SampleGenerator(publishedDocuments.v1, 1) },
  { doc: publishedDocuments.v2, validator: new SampleGenerator(publishedDocuments.v2, 1) },
];

const operations = documents.flatMap(({ doc, validator }) =>
  documentOperations(doc).map((op) => ({ ...op, validator })),
);

/** The media of a request or response: binary ones (video segments, JPEG) have no example to show. */
const shown = (content: Json | undefined): [string, Json][] =>
  Object.entries(content ?? {}).filter(([, media]) => media.schema?.contentMediaType === undefined);

describe('examples of the published OpenAPI documents', () => {
  it('are recorded for known operations only', () => {
    const ids = new Set(operations.map((op) => op.id));
    expect(
      Object.keys(operationExamples).filter((id) => !ids.has(id)),
      stale,
    ).toEqual([]);
  });

  it('are on every request and success body, JSON and text, of both documents', () => {
    const missing: string[] = [];
    for (const { id, operation } of operations) {
      for (const [media, body] of shown(operation.requestBody?.content)) {
        if (!body.examples?.[RECORDED]) missing.push(`${id} request ${media}`);
      }
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (!status.startsWith('2')) continue;
        for (const [media, body] of shown((response as Json).content)) {
          if (!body.examples?.[RECORDED]) missing.push(`${id} ${status} ${media}`);
        }
      }
    }
    expect(missing, stale).toEqual([]);
  });

  it('leave optional query parameters without an example: "Try it out" sends none of them', () => {
    const prefilled = operations.flatMap(({ id, doc, operation }) =>
      (operation.parameters ?? [])
        .map((parameter: Json) => deref(doc, parameter))
        .filter((param: Json) => param.in === 'query' && !param.required && param.example !== undefined)
        .map((param: Json) => `${id} ${param.name}=${param.example}`),
    );
    expect(prefilled).toEqual([]);
  });

  it('show records in the answers of lists', () => {
    const empty = Object.entries(operationExamples)
      .filter(([, { response }]) => {
        const items = (response as Json | undefined)?.data ?? response;
        return Array.isArray(items) && items.length === 0;
      })
      .map(([id]) => id);
    expect(empty, stale).toEqual([]);
  });

  it('put the recorded request and response on each operation', () => {
    for (const op of operations) {
      const example = operationExamples[op.id];
      if (!example) continue;
      const body = op.operation.requestBody?.content?.['application/json'];
      if (example.request.body !== undefined) expect(body?.examples?.[RECORDED], op.id).toBeDefined();
      const success = op.operation.responses[String(example.status)];
      expect(
        success,
        `${op.id} answered ${example.status}, which the document does not declare`,
      ).toBeDefined();
      if (example.response !== undefined) {
        const media = Object.values(success.content ?? {})[0] as Json | undefined;
        expect(media?.examples?.[RECORDED]?.value, op.id).toEqual(example.response);
      }
    }
  });

  it('match the schemas beside them: parameters, request bodies and responses', () => {
    const drifted: string[] = [];
    for (const { id, doc, operation, validator } of operations) {
      for (const parameter of operation.parameters ?? []) {
        const param = deref(doc, parameter);
        if (param.example !== undefined && !validator.accepts(param.schema, param.example)) {
          drifted.push(`${id} parameter ${param.name}`);
        }
      }
      const request = operation.requestBody?.content?.['application/json'];
      const sent = request?.examples?.[RECORDED]?.value;
      if (sent !== undefined && !validator.accepts(request.schema, sent)) drifted.push(`${id} request body`);
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        const json = (response as Json).content?.['application/json'];
        const answered = json?.examples?.[RECORDED]?.value;
        if (answered !== undefined && !validator.accepts(json.schema, answered)) {
          drifted.push(`${id} ${status} ${JSON.stringify(validator.lastErrors(json.schema))}`);
        }
      }
    }
    expect(drifted, stale).toEqual([]);
  });

  it('hold no credential in clear', () => {
    const text = JSON.stringify(operationExamples);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/); // a JWT
    // The demo user's password is published: the login example signs in as the demo tenant.
    const clear = text.replaceAll(`"password":"${DEMO_USER.password}"`, '');
    expect(clear).not.toMatch(/"(?:access_token|refresh_token|token|secret|key|password)":"(?!<)/);
    expect(text).not.toMatch(/[?&]token=(?!<)/);
  });
});

describe('request examples of the published OpenAPI documents', () => {
  it('recorded on another day, hour and second, are the same recording', () => {
    // A recording's days and hours are its clock's: `generate --check` must pass tomorrow too.
    const later = JSON.parse(
      JSON.stringify(operationExamples)
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '2031-02-03T04:05:06.789Z')
        .replace(/\d{4}-\d\d-\d\d/g, '2031-02-03')
        .replace(/(\/2031-02-03\/)\d\d\//g, '$104/'),
    );
    expect(JSON.stringify(later)).not.toBe(JSON.stringify(operationExamples));
    expect(sameRecording(operationExamples, later)).toBe(true);
  });

  it('are each answered 2xx by a server with default settings: recorded again, they are the same requests', async () => {
    const again = await recordExamples();
    const refused = Object.keys(operationExamples).filter((id) => !again[id]);
    expect(refused, 'operations whose example the server no longer answers 2xx').toEqual([]);
    const changed = Object.entries(operationExamples)
      .filter(([id, example]) => requestShape(example.request) !== requestShape(again[id]!.request))
      .map(([id]) => id);
    expect(changed, stale).toEqual([]);
  }, 60_000);

  it('use the values a reader would write: loopback webhooks and plausible camera addresses', () => {
    const sent = operations.flatMap(({ operation }) => {
      const value = operation.requestBody?.content?.['application/json']?.examples?.[RECORDED]?.value;
      return value === undefined ? [] : [value as Json];
    });
    const webhooks = sent.filter((body) => 'webhook_url' in body).map((body) => body.webhook_url);
    const cameras = sent.filter((body) => 'rtsp_url' in body).map((body) => body.rtsp_url);
    expect(webhooks.length).toBeGreaterThan(0);
    expect(cameras.length).toBeGreaterThan(0);
    for (const url of webhooks) expect(url).toMatch(/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//);
    for (const url of cameras) expect(url).toMatch(/^rtsp:\/\/[a-z][a-z0-9.-]*\.[a-z]+:554\/\w+$/);
  });

  it('send names, amounts and other values written by hand, not generated ones', () => {
    // What a person wrote: the literals of the requests' source, and the values documents enumerate.
    const source = readFileSync(new URL('./support/example-requests.ts', import.meta.url), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const written = new Set([...source.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map(([, text]) => text));
    const numbers = new Set(
      [...source.replaceAll('_', '').matchAll(/(?<![\w.])\d+(?:\.\d+)?(?![\w.])/g)].map(Number),
    );
    const enumerated = new Set<unknown>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        const schema = node as Json;
        for (const value of schema.enum ?? []) enumerated.add(value);
        if ('const' in schema) enumerated.add(schema.const);
        Object.values(schema).forEach(collect);
      }
    };
    collect([publishedDocuments.v1, publishedDocuments.v2]);
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const generated: string[] = [];
    const check = (id: string, value: unknown, at: string): void => {
      if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) check(id, item, at ? `${at}.${key}` : key);
      } else if (typeof value === 'string') {
        const made = UUID.test(value) || /^\d{4}-\d\d-\d\dT/.test(value) || /^<\w+>$/.test(value);
        const known = [DEMO_USER.email, DEMO_USER.password];
        if (!made && !known.includes(value) && !enumerated.has(value) && !written.has(value)) {
          generated.push(`${id} ${at}: ${JSON.stringify(value)}`);
        }
      } else if (typeof value === 'number' && !enumerated.has(value) && !numbers.has(value)) {
        generated.push(`${id} ${at}: ${value}`);
      }
    };
    for (const [id, example] of Object.entries(operationExamples)) check(id, example.request.body, '');
    expect(generated, 'write the value in test/support/example-requests.ts').toEqual([]);
  });
});
