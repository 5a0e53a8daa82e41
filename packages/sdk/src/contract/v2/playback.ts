import * as z from 'zod';
import { Uuid } from '../common';
import { endpoint } from '../define';

/** A calendar day, `YYYY-MM-DD` (UTC); impossible dates such as 2026-02-30 are refused. */
export const RecordingDate = z.iso.date({ error: 'must be a real date, YYYY-MM-DD' });

/** An hour of the day, `00`..`23` (UTC). */
export const RecordingHour = z.string().regex(/^(?:[01]\d|2[0-3])$/, { error: 'must be an hour 00..23' });

export const PlaybackTimelineQuery = z.object({
  camera_id: Uuid.describe('Camera to list recordings of'),
  date: RecordingDate.describe('Day (UTC), YYYY-MM-DD'),
});

export const PlaybackTimeline = z.object({
  camera_id: Uuid,
  date: z.string(),
  hours: z.array(RecordingHour).describe('Hours (UTC) that have HLS segments, ascending'),
});

export const EventPlayback = z.object({
  event_id: Uuid,
  camera_id: Uuid,
  playlist_url: z
    .string()
    .regex(/^\/v2\/hls\/[^?#]+\/index\.m3u8$/)
    .describe('Path of the hour playlist; add ?token=<JWT> to load it'),
  offset_sec: z.number().min(0).describe('Where the event is in that playlist, in seconds'),
});

/** Segment file names of an hour playlist: `000.ts`, `001.ts`, ... in recording order. */
export const SEGMENT_NAME = /^\d{3}\.ts$/;

const HourParams = z.object({ cam: Uuid, date: RecordingDate, hour: RecordingHour });

// HLS players cannot send headers, so these take the JWT from `?token=` (docs/decisions/0006-video-service.md).
const hlsBase = { family: 'video', method: 'GET', status: 200, auth: 'query-token' } as const;

const base = { family: 'video', method: 'GET', status: 200, auth: 'bearer', scope: 'playback:read' } as const;

export const playback = {
  timeline: endpoint({
    ...base,
    path: '/v2/api/playback/timeline',
    summary: 'Hours of a day that have recordings for a camera',
    query: PlaybackTimelineQuery,
    response: PlaybackTimeline,
  }),
  forEvent: endpoint({
    ...base,
    path: '/v2/api/playback/event/{id}',
    summary: 'The playlist and offset to watch an event',
    example: `
      const at = await video.playback.forEvent(event.id);
      hls.loadSource(video.playback.playlistUrl(at));
      media.currentTime = at.offset_sec;
    `,
    params: z.object({ id: Uuid }),
    response: EventPlayback,
  }),
  playlist: endpoint({
    ...hlsBase,
    path: '/v2/hls/{cam}/{date}/{hour}/index.m3u8',
    summary: 'VOD HLS playlist of one recorded hour; segment URIs carry the same ?token=',
    params: HourParams,
    response: z.string().describe('application/vnd.apple.mpegurl'),
    responseKind: 'text',
    scope: 'playback:read',
  }),
  segment: endpoint({
    ...hlsBase,
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
    ...hlsBase,
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

export type PlaybackTimeline = z.infer<typeof PlaybackTimeline>;
export type EventPlayback = z.infer<typeof EventPlayback>;
