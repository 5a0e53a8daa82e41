import { describe, expect, it } from 'vitest';
import { operationExamples } from '../src/openapi/examples';
import { NO_2XX_FROM_GENERATED_INPUT, NOT_GENERATED } from './support/generated-traffic';
import {
  deref,
  documentOperations,
  type Json,
  publishedDocuments,
  SampleGenerator,
} from './support/openapi-samples';

/**
 * The examples of the published documents are recorded server answers (`npm run
 * openapi:examples`): every operation has them, and each still matches the schema beside it, so
 * a contract change that leaves them behind fails here until they are recorded again.
 */

const stale = 'run `npm run openapi:examples` to record the examples again';
const RECORDED = 'recorded';

const documents = [
  { doc: publishedDocuments.v1, validator: new SampleGenerator(publishedDocuments.v1, 1) },
  { doc: publishedDocuments.v2, validator: new SampleGenerator(publishedDocuments.v2, 1) },
];

const operations = documents.flatMap(({ doc, validator }) =>
  documentOperations(doc).map((op) => ({ ...op, validator })),
);

/** Operations a generated request cannot reach with 2xx (and so have no recorded answer). */
const unreachable = (id: string) => id in NOT_GENERATED || id in NO_2XX_FROM_GENERATED_INPUT;

describe('examples of the published OpenAPI documents', () => {
  it('are recorded for every operation a generated request reaches, and for no unknown one', () => {
    const ids = new Set(operations.map((op) => op.id));
    expect(
      Object.keys(operationExamples).filter((id) => !ids.has(id)),
      stale,
    ).toEqual([]);
    const missing = operations.filter((op) => !unreachable(op.id) && !operationExamples[op.id]);
    expect(
      missing.map((op) => op.id),
      stale,
    ).toEqual([]);
    expect(Object.keys(operationExamples).length).toBeGreaterThan(145);
  });

  it('put a request and a response example on each of those operations', () => {
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
    expect(text).not.toMatch(/"(?:access_token|refresh_token|token|secret|key|password)":"(?!<)/);
  });
});
