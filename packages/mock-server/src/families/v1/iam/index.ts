import type { FamilyModule } from '../../../core/pipeline/app';
import { bucketGrantHandlers } from './bucket-grants';
import { armKeyExpiries, keyHandlers } from './keys';
import { memberHandlers } from './members';
import { roleHandlers } from './roles';

/** IAM of a project: members, roles, API keys and bucket grants (docs/decisions/0003-identity.md). */
export const iamFamily: FamilyModule = {
  handlers: [...memberHandlers, ...roleHandlers, ...keyHandlers, ...bucketGrantHandlers],
  setup: armKeyExpiries,
};
