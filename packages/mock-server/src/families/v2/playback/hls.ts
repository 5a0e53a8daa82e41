import { ErrorCode } from '@nimbus/sdk/contract/common';
import { playback as playbackEndpoints } from '@nimbus/sdk/contract/v2/playback';
import type { Context } from '../../../core/pipeline/handler';
import { defineHandlers } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { findCamera } from '../cameras';
import { videoEvents } from '../tables';
import { shiftTimestamps } from './mpegts';
import {
  hourPlaylist,
  hourStartMs,
  recordedSegments,
  type SegmentRange,
  segmentIndex,
  segmentOffset90k,
} from './recordings';

/** Fixture files under the media root (see packages/mock-server/media/README.md). */
export const MEDIA_FILES = { segment: 'segment.ts', snapshot: 'snapshot.jpg' } as const;

interface HourParams {
  cam: string;
  date: string;
  hour: string;
}

/** The segments of the caller's camera for that hour; 404 for another tenant's camera or no footage. */
function recordedHour(ctx: Context, params: HourParams): { range: SegmentRange; start: number } {
  const camera = findCamera(ctx, params.cam);
  const start = hourStartMs(params.date, params.hour);
  const range = recordedSegments(camera, start, ctx.runtime.clock.now());
  if (!range) throw HttpError.notFound('Recording');
  return { range, start };
}

async function readMedia(ctx: Context, name: string): Promise<Uint8Array> {
  if (!ctx.runtime.media)
    throw HttpError.of(ErrorCode.SERVICE_UNAVAILABLE, 'Media is not available on this server');
  return ctx.runtime.media.read(name);
}

function bytes(body: Uint8Array, contentType: string): Response {
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: 200,
    // Private: the URL carries a token, and the answer depends on who asks.
    headers: { 'content-type': contentType, 'cache-control': 'private, max-age=3600' },
  });
}

export const hlsHandlers = defineHandlers(
  {
    playlist: playbackEndpoints.playlist,
    segment: playbackEndpoints.segment,
    snapshot: playbackEndpoints.snapshot,
  },
  {
    playlist(ctx) {
      const { range, start } = recordedHour(ctx, ctx.params);
      const body = hourPlaylist(range, start, ctx.url.searchParams.get('token'));
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'private, no-store' },
      });
    },

    async segment(ctx) {
      const { range } = recordedHour(ctx, ctx.params);
      const index = segmentIndex(ctx.params.segment);
      if (index < range.first || index > range.last) throw HttpError.notFound('Segment');
      const clip = await readMedia(ctx, MEDIA_FILES.segment);
      return bytes(shiftTimestamps(clip, segmentOffset90k(index)), 'video/mp2t');
    },

    async snapshot(ctx) {
      const { cam, date, hour, file } = ctx.params;
      // The event, not the camera, owns the snapshot: it outlives a deleted camera.
      const event = ctx.runtime.store.table(videoEvents).getIn(ctx.tenantId, file.slice(0, -'.jpg'.length));
      const expected = `/v2/hls/${cam}/${date}/${hour}/snapshots/${file}`;
      if (!event || event.snapshot_url !== expected) throw HttpError.notFound('Snapshot');
      return bytes(await readMedia(ctx, MEDIA_FILES.snapshot), 'image/jpeg');
    },
  },
);
