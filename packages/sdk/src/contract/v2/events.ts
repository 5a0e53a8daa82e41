import * as z from 'zod';
import { Timestamp, Uuid } from '../common';
import { endpoint } from '../define';
import { VideoFeature } from './cameras';

/** A detection box in fractions of the frame (0..1 from the top-left corner). */
export const DetectionBox = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
  label: z.string().max(64).optional(),
});

export const DetectionPayload = z.object({
  boxes: z.array(DetectionBox).max(50),
  track_id: z.number().int().min(0).describe('Identifies one tracked object across events'),
});

/** Event types are the feature names (docs/decisions/0006-video-service.md). */
export const VideoEventType = VideoFeature;

export const VideoEvent = z.object({
  id: Uuid,
  tenant_id: Uuid,
  camera_id: Uuid,
  type: VideoEventType,
  confidence: z.number().min(0).max(1),
  payload: DetectionPayload,
  snapshot_url: z
    .string()
    .regex(/^\/v2\/hls\/[^?#]+\.jpg$/)
    .describe('Path of the snapshot JPEG; add ?token=<JWT> to fetch it'),
  trace_id: z.uuid({ version: 'v4' }),
  model_version: z.string(),
  ts: Timestamp,
});

const Limit = z.coerce
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(1)
  .max(100)
  .default(50)
  .describe('Events per page, 1..100');

/** An ISO-8601 time with any offset; compared as an instant. */
export const Since = z.iso
  .datetime({ offset: true, error: 'must be an ISO-8601 date-time' })
  .describe('Only events at or after this time (ISO-8601)');

export const EventListQuery = z.object({
  camera_id: Uuid.optional().describe('Only events of this camera'),
  type: VideoEventType.optional().describe('Only events of this type'),
  since: Since.optional(),
  limit: Limit,
  cursor: z.string().max(512).optional().describe('next_cursor of the previous page'),
});

export const VideoEventList = z.object({
  items: z.array(VideoEvent),
  next_cursor: z
    .string()
    .nullable()
    .describe('Pass as cursor for the next (older) page; null on the last page'),
});

/** What every realtime message is (docs/decisions/0006-video-service.md). */
export const VideoEventEnvelope = z.object({ v: z.literal(2), data: VideoEvent });

/**
 * The realtime stream: `GET /v2/ws/events?token=<JWT>` upgraded to a WebSocket. Optional query:
 * `camera_id`, `type` (comma-separated types) and `since` (replay stored events at or after it, then live).
 */
export const VIDEO_EVENT_STREAM_PATH = '/v2/ws/events';

/** Query of the realtime stream; `type` is a comma-separated list of event types. */
export const VideoEventStreamQuery = z.object({
  camera_id: Uuid.optional().describe('Only events of this camera'),
  type: z
    .string()
    .optional()
    .transform((value) => value?.split(',').map((part) => part.trim()))
    .pipe(z.array(VideoEventType).min(1).optional())
    .describe('Only events of these types, comma-separated'),
  since: Since.optional().describe('Replay stored events at or after this time, then go live'),
});

/** Body of `POST /__mock/v2/events`: a detection the reference server records as if a camera saw it. */
export const MockVideoEventCreateBody = z.object({
  camera_id: Uuid,
  type: VideoEventType,
  confidence: z.number().min(0).max(1).optional().describe('Default: a plausible random score'),
  payload: DetectionPayload.partial().optional().describe('Default: one box and a new track id'),
});

export const events = {
  list: endpoint({
    family: 'video',
    auth: 'bearer',
    method: 'GET',
    path: '/v2/api/events',
    summary: "List the tenant's detection events, newest first, a page at a time (next_cursor)",
    example: `
      for await (const event of video.events.list({ type: 'person', since: '2026-03-01T00:00:00Z' })) {
        console.log(event.ts, event.confidence);
      }
    `,
    query: EventListQuery,
    response: VideoEventList,
    status: 200,
    scope: 'events:read',
  }),
};

export type DetectionBox = z.infer<typeof DetectionBox>;
export type VideoEventType = z.infer<typeof VideoEventType>;
export type VideoEvent = z.infer<typeof VideoEvent>;
export type VideoEventList = z.infer<typeof VideoEventList>;
export type VideoEventEnvelope = z.infer<typeof VideoEventEnvelope>;
