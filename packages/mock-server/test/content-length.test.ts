import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../src/entries/testing';

// A read's content-length is counted from the lengths its records' kept texts were counted at
// (store/row-texts.ts), not from the body: texts of 1 to 4 bytes a character must all add up.
let mock: MockServer;
let headers: Record<string, string>;
const DESCRIPTIONS = ['plain ascii', 'café crème', '東京のトピック', 'rocket 🚀 and ☃', ''];

beforeAll(async () => {
  mock = await startMockServer();
  const tenant = await seedTenant(mock);
  headers = { authorization: `Bearer ${tenant.accessToken}`, 'x-project-id': tenant.project.id };
  for (const [index, description] of DESCRIPTIONS.entries()) {
    await tenant.client.topics.create({ name: `topic-${index}`, description });
  }
});
afterAll(() => mock.close());

async function read(path: string): Promise<{ length: string | null; bytes: Buffer }> {
  const res = await fetch(`${mock.url}${path}`, { headers });
  expect(res.status).toBe(200);
  return { length: res.headers.get('content-length'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('content-length of a read', () => {
  it('is the UTF-8 length of a page of records with texts of any width, asked twice', async () => {
    for (let round = 0; round < 2; round++) {
      const { length, bytes } = await read('/api/v1/topics?per_page=20');
      expect(length).toBe(String(bytes.byteLength));
      const page = JSON.parse(bytes.toString('utf8'));
      expect(page.data.map((topic: { description: string }) => topic.description).sort()).toEqual(
        [...DESCRIPTIONS].sort(),
      );
    }
  });

  it('is the UTF-8 length of one record, and of an empty page', async () => {
    const { bytes } = await read('/api/v1/topics?per_page=20');
    for (const { id, description } of JSON.parse(bytes.toString('utf8')).data) {
      const one = await read(`/api/v1/topics/${id}`);
      expect(one.length).toBe(String(one.bytes.byteLength));
      expect(JSON.parse(one.bytes.toString('utf8')).data.description).toBe(description);
    }
    const empty = await read('/api/v1/topics?name=none');
    expect(empty.length).toBe(String(empty.bytes.byteLength));
    expect(JSON.parse(empty.bytes.toString('utf8')).data).toEqual([]);
  });
});
