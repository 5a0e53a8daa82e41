import type { Bucket } from '@nimbus/sdk/contract';
import { buckets as bucketsEndpoints } from '@nimbus/sdk/contract/v1/buckets';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject, emit } from '../../core/pipeline/resources';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

export type BucketRow = Bucket & StoredRecord;

/** Bucket names are one namespace across every project, hence a table-wide unique key. */
export const buckets = defineTable<BucketRow>('buckets', { unique: { name: (row) => row.name } });

const TYPE = 'storage.bucket';

export const bucketsFamily: FamilyModule = {
  handlers: defineHandlers(bucketsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(buckets).list(ctx.projectId);
      const { region, storage_class } = ctx.query;
      return paginate(ctx, filterRows(rows, { region, storage_class }));
    },

    create(ctx) {
      if (ctx.runtime.store.table(buckets).byKey('name', ctx.body.name)) {
        // Same answer whoever owns it: the name is taken, nothing else about the bucket leaks.
        throw HttpError.conflict(`Bucket name ${ctx.body.name} is already taken`, { field: 'name' });
      }
      return createInProject(ctx, buckets, { ...ctx.body, size_bytes: 0, object_count: 0 }, { type: TYPE });
    },

    delete(ctx) {
      const table = ctx.runtime.store.table(buckets);
      const record = table.byKey('name', ctx.params.name);
      if (!record || record.project_id !== ctx.projectId) throw HttpError.notFound('Bucket');
      table.delete(record.id);
      emit(ctx, TYPE, 'deleted', record);
    },
  }),
};
