import { OPERATION_ROUTES } from '@nimbus/sdk/contract/generated/operation-routes';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/core/pipeline/http-error';
import { RequestTarget } from '../../src/core/pipeline/request-target';
import { Router } from '../../src/core/pipeline/router';
import { routeOf } from '../../src/core/pipeline/stages/route';

const router = new Router(OPERATION_ROUTES);
const route = (method: string, path: string) =>
  routeOf(
    router,
    { method, url: `http://localhost${path}`, headers: new Headers() },
    new RequestTarget(`http://localhost${path}`),
  );

describe('route stage', () => {
  it('finds the operation and its path parameters', () => {
    const found = route('GET', '/api/v1/instances/abc');
    expect(found.id).toBe('v1.instances.retrieve');
    expect(found.path).toBe('/api/v1/instances/{id}');
    expect(found.params).toEqual({ id: 'abc' });
  });

  it('answers 404 for an unknown path and 405 with Allow for a known path', () => {
    expect(() => route('GET', '/api/v1/nothing')).toThrow(
      expect.objectContaining({ status: 404, code: 'NOT_FOUND' }),
    );
    try {
      route('PATCH', '/api/v1/instances');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(405);
      expect((error as HttpError).headers.Allow).toContain('POST');
    }
  });
});
