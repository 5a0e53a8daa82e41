import { ErrorCode } from '@nimbus/sdk/contract/common';
import { cameras as camerasEndpoints } from '@nimbus/sdk/contract/v2/cameras';
import type { Context } from '../../../core/pipeline/handler';
import { defineHandlers } from '../../../core/pipeline/handler';
import { fieldError, HttpError } from '../../../core/pipeline/http-error';
import { removeRecord } from '../../../core/pipeline/resources';
import type { Runtime } from '../../../core/services/runtime';
import { allowedFeatures, tenantPlan } from '../plans';
import { videoServices } from '../services';
import { type CameraRow, videoCameras } from '../tables';
import { MASKED, sealPassword, splitRtspUrl } from './rtsp';

/** Camera counts change only through this file, so a cached count stays right for this long. */
const COUNT_TTL_MS = 5 * 60_000;

const countKey = (tenantId: string) => `camera-count:${tenantId}`;

/** Cameras of a tenant, from the cache when it answers, else from the store (and cached again). */
export function cameraCount(runtime: Runtime, tenantId: string): number {
  const { cache } = videoServices(runtime);
  const cached = cache.get<number>(countKey(tenantId));
  if (cached !== undefined) return cached;
  const count = runtime.store.table(videoCameras).list(tenantId).length;
  cache.set(countKey(tenantId), count, COUNT_TTL_MS);
  return count;
}

/** The caller's camera, or 404 (another tenant's id reads as missing). */
export function findCamera(ctx: Context, id: string): CameraRow {
  const camera = ctx.runtime.store.table(videoCameras).getIn(ctx.tenantId, id);
  if (!camera) throw HttpError.notFound('Camera');
  return camera;
}

function assertBelowLimit(ctx: Context): void {
  const plan = tenantPlan(ctx.runtime.store, ctx.tenantId);
  if (cameraCount(ctx.runtime, ctx.tenantId) >= plan.camera_limit) {
    throw HttpError.of(
      ErrorCode.CAMERA_LIMIT_REACHED,
      `The plan allows ${plan.camera_limit} cameras; delete one or raise camera_limit`,
      { camera_limit: plan.camera_limit },
    );
  }
}

export const cameraHandlers = defineHandlers(camerasEndpoints, {
  list: (ctx) => ({ items: [...ctx.runtime.store.table(videoCameras).list(ctx.tenantId)] }),

  async create(ctx) {
    const { rtsp_url, features, ...fields } = ctx.body;
    assertBelowLimit(ctx);
    const rtsp = splitRtspUrl(rtsp_url);
    if (rtsp.password === MASKED) {
      throw fieldError(
        'body.rtsp_url',
        'send the real password: *** only keeps the password of an existing camera',
      );
    }
    const sealed = await sealPassword(ctx.runtime.store.state.secret, rtsp.password);
    // Checked again: another create may have finished while the password was being sealed.
    assertBelowLimit(ctx);
    const now = ctx.now();
    const camera = ctx.runtime.store.table(videoCameras).insert({
      ...fields,
      id: crypto.randomUUID(),
      project_id: ctx.tenantId,
      tenant_id: ctx.tenantId,
      rtsp_url: rtsp.masked,
      rtsp_password_sealed: sealed,
      features: allowedFeatures(features, tenantPlan(ctx.runtime.store, ctx.tenantId)),
      status: fields.enabled ? 'connecting' : 'disabled',
      created_at: now,
      updated_at: now,
    });
    videoServices(ctx.runtime).cache.delete(countKey(ctx.tenantId));
    if (camera.enabled) ctx.runtime.lifecycle.plan(videoCameras, camera, ['online']);
    ctx.runtime.config.logger.info('video camera created', {
      tenant_id: camera.tenant_id,
      camera_id: camera.id,
      rtsp_url: camera.rtsp_url,
    });
    return camera;
  },

  async update(ctx) {
    const { rtsp_url, features, enabled, ...fields } = ctx.body;
    findCamera(ctx, ctx.params.id);
    const patch: Partial<CameraRow> = { ...fields };
    if (rtsp_url !== undefined) {
      const rtsp = splitRtspUrl(rtsp_url);
      patch.rtsp_url = rtsp.masked;
      if (rtsp.password !== MASKED) {
        patch.rtsp_password_sealed = await sealPassword(ctx.runtime.store.state.secret, rtsp.password);
      }
    }
    // Read again after the await: the camera may have been changed or deleted meanwhile.
    const camera = findCamera(ctx, ctx.params.id);
    if (
      rtsp_url !== undefined &&
      patch.rtsp_password_sealed === undefined &&
      camera.rtsp_password_sealed === null
    ) {
      throw fieldError('body.rtsp_url', 'this camera has no stored password to keep: send the real one');
    }
    if (features !== undefined)
      patch.features = allowedFeatures(features, tenantPlan(ctx.runtime.store, ctx.tenantId));
    const reconnect =
      enabled === true && (!camera.enabled || camera.status === 'offline' || camera.status === 'error');
    if (enabled === false && camera.enabled) {
      ctx.runtime.lifecycle.cancel(videoCameras.name, camera.id);
      Object.assign(patch, { enabled: false, status: 'disabled' });
    } else if (reconnect) {
      Object.assign(patch, { enabled: true, status: 'connecting' });
    }
    const updated = ctx.runtime.store.table(videoCameras).update(camera.id, patch, ctx.now());
    if (reconnect) ctx.runtime.lifecycle.plan(videoCameras, updated, ['online']);
    if (rtsp_url !== undefined) {
      ctx.runtime.config.logger.info('video camera address changed', {
        camera_id: camera.id,
        rtsp_url: updated.rtsp_url,
      });
    }
    return updated;
  },

  delete(ctx) {
    const camera = findCamera(ctx, ctx.params.id);
    removeRecord(ctx, videoCameras, camera);
    videoServices(ctx.runtime).cache.delete(countKey(ctx.tenantId));
  },
});
