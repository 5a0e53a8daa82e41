import { z } from 'zod';
import { Uuid } from '../common';
import { endpoint } from '../define';
import { RecordingDate, RecordingHour } from './playback';

/** Segment file names of an hour playlist: `000.ts`, `001.ts`, ... in recording order. */
export const SEGMENT_NAME = /^\d{3}\.ts$/;

const HourParams = z.object({ cam: Uuid, date: RecordingDate, hour: RecordingHour });

// HLS players cannot send headers, so these take the JWT from `?token=` (docs/decisions/0006-video-service.md).
const base = { family: 'video', method: 'GET', status: 200, auth: 'query-token' } as const;

export const hls = {
  playlist: endpoint({
    ...base,
    path: '/v2/hls/{cam}/{date}/{hour}/index.m3u8',
    summary: 'VOD HLS playlist of one recorded hour; segment URIs carry the same ?token=',
    params: HourParams,
    response: z.string().describe('application/vnd.apple.mpegurl'),
    responseKind: 'text',
    scope: 'playback:read',
  }),
  segment: endpoint({
    ...base,
    path: '/v2/hls/{cam}/{date}/{hour}/{segment}',
    summary: 'One H.264 MPEG-TS segment of a recorded hour',
    params: HourParams.extend({
      segment: z.string().regex(SEGMENT_NAME, { error: 'must be a segment name like 000.ts' }),
    }),
    response: z.string().describe('video/mp2t bytes'),
    responseKind: 'binary',
    scope: 'playback:read',
  }),
  snapshot: endpoint({
    ...base,
    path: '/v2/hls/{cam}/{date}/{hour}/snapshots/{file}',
    summary: "The JPEG snapshot of a detection event (an event's snapshot_url)",
    params: HourParams.extend({
      file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/, {
        error: 'must be <event id>.jpg',
      }),
    }),
    response: z.string().describe('image/jpeg bytes'),
    responseKind: 'binary',
    scope: 'events:read',
  }),
};
