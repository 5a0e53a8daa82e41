import { users as usersEndpoints } from '@nimbus/sdk/contract/v1/users';
import type { FamilyModule } from '../../core/app';
import { defineHandlers } from '../../core/handler';
import { requireUser } from './auth';

export const usersFamily: FamilyModule = {
  handlers: defineHandlers(usersEndpoints, {
    me: (ctx) => requireUser(ctx),
  }),
};
