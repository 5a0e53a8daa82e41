import type { BucketGrant } from '@nimbus/sdk/contract';
import { iam as iamEndpoints } from '@nimbus/sdk/contract/v1/iam';
import { defineHandlers } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { admit, createInProject, emit } from '../../../core/pipeline/resources';
import { memberships } from '../../../core/services/tables';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';
import { requireUser } from '../auth';
import { foreignRows } from '../support/foreign-rows';
import { auditProject } from './audit';

export type BucketGrantRow = BucketGrant & StoredRecord;

/** One grant per (bucket, member): granting again changes its access level. */
export const bucketGrants = defineTable<BucketGrantRow>('bucket_grants', {
  unique: { grant: (g) => `${g.bucket_id}:${g.user_id}` },
});

const TYPE = 'iam.bucket_grant';

export const bucketGrantHandlers = defineHandlers(iamEndpoints.bucketGrants, {
  create(ctx) {
    const actor = requireUser(ctx);
    const store = ctx.runtime.store;
    const { user_id, bucket_name, access } = ctx.body;
    // Buckets belong to the storage family: read by table name (names are unique platform-wide).
    const bucket = foreignRows(store, 'buckets').find(
      (b) => b.name === bucket_name && b.project_id === ctx.projectId,
    );
    if (!bucket) throw HttpError.notFound('Bucket');
    if (!store.table(memberships).byKey('member', `${ctx.projectId}:${user_id}`)) {
      throw HttpError.notFound('Project member');
    }
    const table = store.table(bucketGrants);
    const existing = table.byKey('grant', `${bucket.id}:${user_id}`);
    let grant: BucketGrantRow;
    if (existing) {
      admit(ctx, TYPE, { ...existing, access });
      grant = table.update(existing.id, { access, granted_by: actor.id }, ctx.now());
      emit(ctx, TYPE, 'updated', grant);
    } else {
      grant = createInProject(
        ctx,
        bucketGrants,
        { user_id, bucket_id: bucket.id, bucket_name, access, granted_by: actor.id },
        { type: TYPE, quota: false },
      );
    }
    auditProject(ctx, 'bucket.access_granted', actor.id, { member_id: user_id, bucket_name, access });
    return grant;
  },
});
