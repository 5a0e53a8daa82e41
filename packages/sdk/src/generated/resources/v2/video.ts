// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { BaseNimbus } from '../../../base-client';
import { VideoResource, VideoCredentials } from '../../../resources/v2/credentials';
import { Cameras } from './cameras';
import { Playback } from '../../../resources/v2/playback';
import { VideoEvents } from '../../../resources/v2/events';
import { VideoServiceHealth } from '../../../resources/v2/health';

/** The v2 API, sending the token it is made with. */
export class VideoBase extends VideoResource {
  readonly health = new VideoServiceHealth(this._client, this._credentials);
  readonly cameras = new Cameras(this._client, this._credentials);
  readonly events = new VideoEvents(this._client, this._credentials);
  readonly playback = new Playback(this._client, this._credentials);

  constructor(client: BaseNimbus, token?: string) {
    super(client, new VideoCredentials(client, token));
  }
}
