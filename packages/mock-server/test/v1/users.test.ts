import { Nimbus } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it, rejection } from '../support';

describe('users/me', () => {
  it('answers the caller, and 401 without a token', async ({ mock, tenant }) => {
    await expect(tenant.client.users.me()).resolves.toMatchObject({
      id: tenant.user.id,
      email: tenant.user.email,
    });
    const error = await rejection(new Nimbus({ baseUrl: mock.url, maxRetries: 0 }).users.me());
    expect(error.code).toBe('UNAUTHENTICATED');
  });
});
