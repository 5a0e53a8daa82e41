import { playback as playbackEndpoints } from '@nimbus/sdk/contract/v2/playback';
import { defineHandlers } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { findCamera } from '../cameras';
import { videoCameras, videoEvents } from '../tables';
import { hourOf, hourStartMs, playlistOffsetSec, recordedHours, recordedSegments } from './recordings';

// The HLS routes of playback are served by hls.ts.
export const playbackHandlers = defineHandlers(
  { timeline: playbackEndpoints.timeline, forEvent: playbackEndpoints.forEvent },
  {
    timeline(ctx) {
      const camera = findCamera(ctx, ctx.query.camera_id);
      const hours = recordedHours(camera, ctx.query.date, ctx.runtime.clock.now());
      return { camera_id: camera.id, date: ctx.query.date, hours };
    },

    forEvent(ctx) {
      const event = ctx.runtime.store.table(videoEvents).getIn(ctx.tenantId, ctx.params.id);
      if (!event) throw HttpError.notFound('Event');
      const camera = ctx.runtime.store.table(videoCameras).getIn(ctx.tenantId, event.camera_id);
      const at = Date.parse(event.ts);
      const { date, hour } = hourOf(at);
      const start = hourStartMs(date, hour);
      const range = camera && recordedSegments(camera, start, ctx.runtime.clock.now());
      if (!range) throw HttpError.notFound('Recording of this event');
      return {
        event_id: event.id,
        camera_id: event.camera_id,
        playlist_url: `/v2/hls/${event.camera_id}/${date}/${hour}/index.m3u8`,
        offset_sec: playlistOffsetSec(range, start, at),
      };
    },
  },
);
