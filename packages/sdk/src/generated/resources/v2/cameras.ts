// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { type CursorPagePromise, requestCursorPage } from '../../../core/cursor-pagination';
import type { RequestOptions } from '../../../core/request';
import { VideoResource } from '../../../resources/v2/credentials';
import { v2 } from '../../routes';
import type { Camera, CameraCreateParams, CameraUpdateParams } from '../../types';

/** Cameras of the video tenant. */
export class Cameras extends VideoResource {
  /**
   * List the tenant's cameras, oldest first.
   *
   * @example
   * for await (const camera of video.cameras.list()) console.log(camera.name, camera.status);
   */
  list(options?: RequestOptions): CursorPagePromise<Camera> {
    return requestCursorPage(() => this._client.call(v2.cameras.list, {}, this._credentials.options(options)));
  }

  /**
   * Add a camera (connecting -> online); 403 CAMERA_LIMIT_REACHED past the plan limit.
   *
   * @example
   * const camera = await video.cameras.create({
   *   name: 'Front door',
   *   rtsp_url: 'rtsp://admin:secret@10.0.0.5:554/stream1',
   *   features: ['person', 'vehicle'],
   * });
   */
  create(body: CameraCreateParams, options?: RequestOptions): APIPromise<Camera> {
    return this._client.call(v2.cameras.create, { body }, this._credentials.options(options));
  }

  /** Change a camera; enabled false disables it, true reconnects it. */
  update(id: string, body: CameraUpdateParams, options?: RequestOptions): APIPromise<Camera> {
    return this._client.call(v2.cameras.update, { params: { id }, body }, this._credentials.options(options));
  }

  /** Remove a camera. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v2.cameras.delete, { params: { id } }, this._credentials.options(options));
  }
}
