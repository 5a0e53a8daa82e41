import { users as usersEndpoints } from '@nimbus/sdk/contract/v1/users';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers } from '../../core/pipeline/handler';
import { requireUser } from './auth';

export const usersFamily: FamilyModule = {
  handlers: defineHandlers(usersEndpoints, {
    me: (ctx) => requireUser(ctx),
  }),
};
