import { mock } from '@nimbus/sdk/contract/mock';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { recordEvent } from '../v2/events/log';
import { updateTenantPlan } from '../v2/plans';
import { videoCameras } from '../v2/tables';

/** The /v2 control routes of docs/decisions/0007-mock-control.md: tenant plans and injected detections. */
export const videoControlFamily: FamilyModule = {
  handlers: defineHandlers(
    { videoTenants: mock.videoTenants, videoEvents: mock.videoEvents },
    {
      videoTenants: {
        update(ctx) {
          const plan = updateTenantPlan(ctx.runtime.store, ctx.params.tenant_id, ctx.body, ctx.now());
          return { tenant_id: ctx.params.tenant_id, ...plan };
        },
      },

      videoEvents: {
        create(ctx) {
          // Any type is accepted, whatever the camera's features: tests need every kind of event.
          const camera = ctx.runtime.store.table(videoCameras).get(ctx.body.camera_id);
          if (!camera) throw HttpError.notFound('Camera');
          return recordEvent(ctx.runtime, camera, ctx.body);
        },
      },
    },
  ),
};
