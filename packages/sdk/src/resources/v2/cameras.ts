import type { BaseNimbus } from '../../base-client';
import { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import { type CursorPagePromise, requestCursorPage } from '../../core/cursor-pagination';
import type { RequestOptions } from '../../core/request';
import { v2 } from '../../generated/routes';
import type { Camera, CameraCreateParams, CameraUpdateParams } from '../../generated/types';
import type { VideoCredentials } from './credentials';

/** The tenant's cameras (`/v2/api/cameras`). */
export class Cameras extends APIResource {
  readonly #credentials: VideoCredentials;

  constructor(client: BaseNimbus, credentials: VideoCredentials) {
    super(client);
    this.#credentials = credentials;
  }

  /**
   * Every camera of the token's tenant, oldest first, as one page (the route is not paged): await
   * it for the page (`data`), or `for await` it for each camera like any other list. Needs `cameras:read`.
   *
   * @example
   * for await (const camera of video.cameras.list()) console.log(camera.name, camera.status);
   */
  list(options?: RequestOptions): CursorPagePromise<Camera> {
    return requestCursorPage(() => {
      const answer = this._client.call(v2.cameras.list, {}, this.#credentials.options(options));
      return new APIPromise(
        answer.withResponse().then((result) => ({ ...result, data: { ...result.data, next_cursor: null } })),
      );
    });
  }

  /**
   * Adds a camera; it starts `connecting` and goes `online` (or `disabled` with `enabled: false`).
   * Features outside the tenant's plan are dropped; past the plan's limit the call fails with
   * 403 `CAMERA_LIMIT_REACHED`. The answer shows the RTSP password as `***`. Needs `cameras:write`.
   *
   * @example
   * const camera = await video.cameras.create({
   *   name: 'Front door',
   *   rtsp_url: 'rtsp://admin:secret@10.0.0.5:554/stream1',
   *   features: ['person', 'vehicle'],
   * });
   */
  create(body: CameraCreateParams, options?: RequestOptions): APIPromise<Camera> {
    return this._client.call(v2.cameras.create, { body }, this.#credentials.options(options));
  }

  /**
   * Changes some fields. Sending back the masked `rtsp_url` (`rtsp://user:***@...`) keeps the stored
   * password; `enabled: false` disables the camera and `enabled: true` reconnects it.
   */
  update(id: string, body: CameraUpdateParams, options?: RequestOptions): APIPromise<Camera> {
    return this._client.call(v2.cameras.update, { params: { id }, body }, this.#credentials.options(options));
  }

  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v2.cameras.delete, { params: { id } }, this.#credentials.options(options));
  }
}
