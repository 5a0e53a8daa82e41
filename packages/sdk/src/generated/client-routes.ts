// Generated from the contract by scripts/generate-sdk-types.mjs. Do not edit.

import type { Route } from '../core/route';
import type { TokenPair } from './types';

export const refreshRoute = { id: 'v1.auth.refresh', api: 'v1', method: 'POST', path: '/api/v1/auth/refresh', status: 200, auth: 'none' } as Route<TokenPair>;
