import { v1 } from '@nimbus/sdk/contract';
import type { FamilyModule } from '../../core/app';
import { defineHandlers } from '../../core/handler';
import { requireUser } from './auth';

export const usersFamily: FamilyModule = {
  handlers: defineHandlers(v1.users, {
    me: (ctx) => requireUser(ctx),
  }),
};
