import { docs } from '@nimbus/sdk/contract/docs';
import { instances } from '@nimbus/sdk/contract/v1/instances';
import { cameras } from '@nimbus/sdk/contract/v2/cameras';
import { playback } from '@nimbus/sdk/contract/v2/playback';
import { describe, expect, it } from 'vitest';
import { checkExchange, type Exchange } from '../../src/fidelity';

const REQUEST_ID = 'req-1';
const NOW = '2026-01-01T00:00:00.000Z';
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': REQUEST_ID };

const instance = {
  id: '6a1f1a43-7a55-4b5e-9f1a-6c2a0b1d2e3f',
  project_id: '0b9f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d',
  created_at: NOW,
  updated_at: NOW,
  name: 'web-1',
  flavor: 'small',
  region: 'hn',
  image: 'ubuntu-24.04',
  status: 'provisioning',
  resource_group_id: null,
};

const camera = {
  id: '6a1f1a43-7a55-4b5e-9f1a-6c2a0b1d2e3f',
  tenant_id: '0b9f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d',
  name: 'Front door',
  rtsp_url: 'rtsp://admin:***@camera.local:554/stream',
  features: ['person'],
  fps: 15,
  enabled: true,
  record: true,
  status: 'connecting',
  created_at: NOW,
  updated_at: NOW,
};

function createInstance(
  answer: { status?: number; body?: unknown; headers?: Record<string, string> } = {},
  requestBody: unknown = { name: 'web-1', flavor: 'small', region: 'hn' },
): Exchange {
  const body =
    'body' in answer ? answer.body : { success: true, data: instance, meta: { request_id: REQUEST_ID } };
  return {
    operation: { id: 'v1.instances.create', endpoint: instances.create },
    request: { method: 'POST', url: '/api/v1/instances', headers: {}, body: JSON.stringify(requestBody) },
    response: {
      status: answer.status ?? 201,
      headers: answer.headers ?? JSON_HEADERS,
      body: body === undefined ? null : JSON.stringify(body),
    },
  };
}

/** An HLS playlist of one hour, answered 200 with these headers. */
function playlist(headers: Record<string, string>): Exchange {
  return {
    operation: { id: 'v2.playback.playlist', endpoint: playback.playlist },
    request: {
      method: 'GET',
      url: `/v2/hls/${camera.id}/2026-01-01/00/index.m3u8?token=t`,
      headers: {},
      body: null,
    },
    response: { status: 200, headers, body: '#EXTM3U\n' },
  };
}

function listInstances(query: string, items: unknown[], meta: Record<string, unknown>): Exchange {
  return {
    operation: { id: 'v1.instances.list', endpoint: instances.list },
    request: { method: 'GET', url: `/api/v1/instances${query}`, headers: {}, body: null },
    response: {
      status: 200,
      headers: JSON_HEADERS,
      body: JSON.stringify({ success: true, data: items, meta: { request_id: REQUEST_ID, ...meta } }),
    },
  };
}

const withData = (data: Record<string, unknown>) => ({
  body: { success: true, data, meta: { request_id: REQUEST_ID } },
});

describe('checkExchange', () => {
  it('finds nothing in a faithful v1 create', () => {
    expect(checkExchange(createInstance())).toEqual([]);
  });

  it('names the operation, check, JSON path, both values and the request id of a wrong type', () => {
    expect(checkExchange(createInstance(withData({ ...instance, name: 42 })))).toEqual([
      {
        operation: 'v1.instances.create',
        check: 'schema',
        path: '$.data.name',
        expected: 'string',
        actual: '42',
        request_id: REQUEST_ID,
      },
    ]);
  });

  it('finds a missing field, an extra one and a value outside the enum', () => {
    const { region: _region, ...withoutRegion } = instance;
    const found = checkExchange(
      createInstance(withData({ ...withoutRegion, status: 'booting', zone: 'hn-a' })),
    );
    expect(found.map(({ path, expected, actual }) => ({ path, expected, actual }))).toEqual([
      { path: '$.data.region', expected: 'string', actual: 'absent' },
      { path: '$.data.status', expected: expect.stringContaining('"running"'), actual: '"booting"' },
      { path: '$.data.zone', expected: 'no such field', actual: '"hn-a"' },
    ]);
  });

  it('finds a success status other than the endpoint’s, and a 2xx to a request the contract refuses', () => {
    expect(
      checkExchange(createInstance({ status: 200 })).map((d) => [d.check, d.expected, d.actual]),
    ).toEqual([['status', '201', '200']]);
    const invalid = createInstance({}, { name: 'web-1', flavor: 'huge', region: 'hn' });
    expect(checkExchange(invalid).map((d) => [d.check, d.actual])).toEqual([['status', '201']]);
  });

  it('checks the v1 envelope: success, meta and fields beside them', () => {
    const found = checkExchange(
      createInstance({
        body: { success: 'yes', data: instance, meta: { request_id: 'other' }, warnings: [] },
      }),
    );
    expect(found.map((d) => [d.check, d.path])).toEqual([
      ['envelope', '$.warnings'],
      ['envelope', '$.success'],
      ['envelope', '$.meta.request_id'],
    ]);
  });

  it('checks an error body: its envelope, a code outside the list, and a code of another status', () => {
    const error = (status: number, code: string) =>
      createInstance({ status, body: { success: false, error: { code, message: 'no' } } });
    expect(checkExchange(error(409, 'INVALID_STATE'))).toEqual([]);
    expect(checkExchange(error(409, 'BUSY')).map((d) => [d.check, d.actual])).toEqual([
      ['error-code', '"BUSY"'],
    ]);
    expect(checkExchange(error(404, 'INVALID_STATE')).map((d) => [d.check, d.expected])).toEqual([
      ['error-code', 'a code answered with 404'],
    ]);
    const v2Shaped = createInstance({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'no' } } });
    expect(checkExchange(v2Shaped).map((d) => [d.check, d.path])).toEqual([['envelope', '$.success']]);
  });

  it('checks the headers the decisions promise', () => {
    const noId = createInstance({ headers: { 'content-type': 'application/json' } });
    expect(checkExchange(noId).map((d) => [d.check, d.path, d.request_id])).toEqual([
      ['header', 'x-request-id', null],
    ]);
    const echoed = createInstance({ headers: { ...JSON_HEADERS, 'x-request-id': 'other' } });
    echoed.request.headers = { 'x-request-id': REQUEST_ID };
    expect(checkExchange(echoed).map((d) => [d.check, d.path])).toEqual([
      ['envelope', '$.meta.request_id'],
      ['header', 'x-request-id'],
    ]);
    const limited = createInstance({
      status: 429,
      body: { success: false, error: { code: 'RATE_LIMITED', message: 'slow down' } },
    });
    expect(checkExchange(limited).map((d) => [d.check, d.path])).toEqual([['header', 'retry-after']]);
    const unauthenticated = createInstance({
      status: 401,
      body: { success: false, error: { code: 'UNAUTHENTICATED', message: 'who?' } },
    });
    expect(checkExchange(unauthenticated).map((d) => d.path)).toEqual(['www-authenticate']);
  });

  it('checks a v1 page: the page and size asked for, and a count that agrees with total', () => {
    const two = [instance, { ...instance, id: '7a1f1a43-7a55-4b5e-9f1a-6c2a0b1d2e3f' }];
    expect(checkExchange(listInstances('?per_page=2', two, { page: 1, per_page: 2, total: 3 }))).toEqual([]);
    expect(
      checkExchange(listInstances('?page=2&per_page=2', [instance], { page: 2, per_page: 2, total: 3 })),
    ).toEqual([]);
    const found = checkExchange(
      listInstances('?per_page=2', [instance], { page: 1, per_page: 20, total: 3 }),
    );
    expect(found.map((d) => [d.check, d.path, d.expected])).toEqual([
      ['pagination', '$.meta.per_page', '2'],
      ['pagination', '$.data', '3 items (page 1 of 3 by 20)'],
    ]);
    const badItem = checkExchange(
      listInstances('', [instance, { ...instance, flavor: 7 }], { page: 1, per_page: 20, total: 2 }),
    );
    expect(badItem.map((d) => d.path)).toEqual(['$.data[1].flavor']);
  });

  it('checks a v2 body bare, and its error as { error }', () => {
    const exchange = (status: number, body: unknown): Exchange => ({
      operation: { id: 'v2.cameras.create', endpoint: cameras.create },
      request: {
        method: 'POST',
        url: '/v2/api/cameras',
        headers: {},
        body: JSON.stringify({ name: 'Front door', rtsp_url: 'rtsp://camera.local/s', features: ['person'] }),
      },
      response: { status, headers: JSON_HEADERS, body: JSON.stringify(body) },
    });
    expect(checkExchange(exchange(201, camera))).toEqual([]);
    expect(checkExchange(exchange(201, { ...camera, fps: -1 })).map((d) => [d.path, d.expected])).toEqual([
      ['$.fps', '>= 0'],
    ]);
    expect(
      checkExchange(exchange(403, { error: { code: 'CAMERA_LIMIT_REACHED', message: 'full' } })),
    ).toEqual([]);
    expect(
      checkExchange(
        exchange(403, { success: false, error: { code: 'CAMERA_LIMIT_REACHED', message: 'full' } }),
      ).map((d) => [d.check, d.path]),
    ).toEqual([['envelope', '$.success']]);
  });

  it('asks HLS media for Cache-Control: private, since its URL carries a token', () => {
    const playlistHeaders = { 'x-request-id': REQUEST_ID, 'content-type': 'application/vnd.apple.mpegurl' };
    expect(checkExchange(playlist({ ...playlistHeaders, 'cache-control': 'private, no-store' }))).toEqual([]);
    expect(checkExchange(playlist({ ...playlistHeaders, 'cache-control': 'public, max-age=60' }))).toEqual([
      expect.objectContaining({ check: 'header', path: 'cache-control', expected: 'private' }),
    ]);
  });

  it('holds an answer that is not JSON to the media type its contract names, bytes declared as any type aside', () => {
    const typed = (contentType: string) =>
      playlist({ 'x-request-id': REQUEST_ID, 'cache-control': 'private', 'content-type': contentType });
    expect(checkExchange(typed('application/vnd.apple.mpegurl; charset=utf-8'))).toEqual([]);
    expect(checkExchange(typed('text/plain'))).toEqual([
      expect.objectContaining({
        check: 'header',
        path: 'content-type',
        expected: 'application/vnd.apple.mpegurl',
        actual: 'text/plain',
      }),
    ]);
    const asset: Exchange = {
      operation: { id: 'docs.asset', endpoint: docs.asset },
      request: { method: 'GET', url: '/docs/assets/swagger-ui.css', headers: {}, body: null },
      response: {
        status: 200,
        headers: { 'x-request-id': REQUEST_ID, 'content-type': 'text/css' },
        body: 'a{}',
      },
    };
    expect(checkExchange(asset)).toEqual([]);
  });
});
