import { z } from 'zod';
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

const base = { family: 'video', method: 'GET', status: 200, auth: 'bearer', scope: 'playback:read' } as const;

export const playback = {
  timeline: endpoint({
    ...base,
    path: '/v2/api/playback/timeline',
    summary: 'Hours of a day that have recordings for a camera',
    query: PlaybackTimelineQuery,
    response: PlaybackTimeline,
  }),
  event: endpoint({
    ...base,
    path: '/v2/api/playback/event/{id}',
    summary: 'The playlist and offset to watch an event',
    params: z.object({ id: Uuid }),
    response: EventPlayback,
  }),
};

export type PlaybackTimeline = z.infer<typeof PlaybackTimeline>;
export type EventPlayback = z.infer<typeof EventPlayback>;
