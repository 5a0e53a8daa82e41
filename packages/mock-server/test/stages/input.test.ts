import { v1 } from '@nimbus/sdk/contract';
import { describe, expect, it } from 'vitest';
import { QueryParser } from '../../src/core/pipeline/query-parser';
import { bufferedRequest } from '../../src/core/pipeline/request';
import { RequestTarget } from '../../src/core/pipeline/request-target';
import { parseInput } from '../../src/core/pipeline/stages/input';

const URL_BASE = 'http://localhost/api/v1/instances';

function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request(URL_BASE, { method: 'POST', body, headers });
}

// The core reads a Fetch request's body first (bufferedRequest), as the Node server does.
const parse = async (request: Request, maxBytes = 1024 * 1024) =>
  parseInput(
    await bufferedRequest(request, maxBytes),
    new RequestTarget(request.url),
    v1.instances.create,
    {},
    new QueryParser(),
    maxBytes,
  );

describe('input stage', () => {
  it('answers the parsed body and the text it came from', async () => {
    const text = JSON.stringify({ name: 'web', flavor: 'small', region: 'hn' });
    const input = await parse(post(text));
    expect(input.body).toMatchObject({ name: 'web', flavor: 'small', region: 'hn' });
    expect(input.bodyText).toBe(text);
  });

  it('refuses what is not JSON (415), broken JSON (400), too large (413) and too deep (400)', async () => {
    await expect(parse(post('{}', { 'content-type': 'text/plain' }))).rejects.toMatchObject({ status: 415 });
    await expect(parse(post('{"name":'))).rejects.toMatchObject({ status: 400, code: 'INVALID_JSON' });
    await expect(parse(post(JSON.stringify({ name: 'x'.repeat(200) })), 100)).rejects.toMatchObject({
      status: 413,
    });
    const deep = `${'{"a":'.repeat(70)}1${'}'.repeat(70)}`;
    await expect(parse(post(deep))).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('names every failing field, and drops __proto__ keys before anything reads them', async () => {
    const failed = await parse(post(JSON.stringify({ flavor: 'huge' }))).catch(
      (error: { details: { path: string }[] }) => error,
    );
    expect((failed as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(
      expect.arrayContaining(['body.name', 'body.flavor']),
    );
    const input = await parse(
      post('{"name":"web","flavor":"small","region":"hn","__proto__":{"polluted":true}}'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(input.body as object, '__proto__')).toBe(false);
  });

  it('parses path parameters and the query against their schemas', async () => {
    const target = new RequestTarget('http://localhost/api/v1/instances?page=2&per_page=5');
    const input = await parseInput(
      await bufferedRequest(new Request(target.href), 1024),
      target,
      v1.instances.list,
      {},
      new QueryParser(),
      1024,
    );
    expect(input.query).toMatchObject({ page: 2, per_page: 5 });
    await expect(
      parseInput(
        await bufferedRequest(new Request(target.href), 1024),
        target,
        v1.instances.retrieve,
        { id: 'not-a-uuid' },
        new QueryParser(),
        1024,
      ),
    ).rejects.toMatchObject({ status: 400 });
  });
});
