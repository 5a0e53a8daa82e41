import * as z from 'zod';
import { Timestamp, TRIMMED_PATTERN, Uuid, urlPattern } from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';

/** Detection features a camera can run; each one is also an event type (docs/decisions/0006-video-service.md). */
export const VideoFeature = z.enum([
  'motion',
  'person',
  'vehicle',
  'face',
  'license_plate',
  'fire_smoke',
  'intrusion',
  'loitering',
]);

/**
 * Camera states (docs/decisions/0004-lifecycles.md): an enabled camera goes `connecting -> online`, a disabled one is
 * `disabled`; the detection simulator may set `offline` or `error`.
 */
export const CameraStatus = z.enum(['connecting', 'online', 'offline', 'error', 'disabled']);

/** What the API shows of a masked RTSP password: `rtsp://user:***@host:port/path`. */
export const MASKED_PASSWORD = '***';

/** `rtsp://` or `rtsps://` with a host; credentials are optional. */
export const RtspUrl = secret(z.string(), 'url-password')
  .max(2048)
  .refine(isRtspUrl, { error: 'must be an rtsp:// or rtsps:// URL with a host' })
  .describe('RTSP address, e.g. rtsp://user:password@10.0.0.5:554/stream1; the password is never shown back')
  .meta({ format: 'uri', pattern: urlPattern(['rtsp', 'rtsps'], true) });

function isRtspUrl(value: string): boolean {
  if (!/^rtsps?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

const Name = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('Display name, 1..100 characters; surrounding whitespace is trimmed')
  .meta({ pattern: TRIMMED_PATTERN });
const Features = z
  .array(VideoFeature)
  .max(VideoFeature.options.length)
  .describe(
    `Detection features to run (${VideoFeature.options.join(', ')}); those outside the tenant plan are dropped`,
  );
const Fps = z.number().int().min(1).max(60).describe('Frames per second analysed, 1..60');

export const Camera = z.object({
  id: Uuid,
  tenant_id: Uuid,
  name: z.string(),
  rtsp_url: z.string().describe('With the password masked as ***'),
  features: z.array(VideoFeature),
  fps: z.number().int().nonnegative(),
  enabled: z.boolean(),
  record: z.boolean(),
  status: CameraStatus,
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CameraCreateBody = z.object({
  name: Name,
  rtsp_url: RtspUrl,
  features: Features,
  fps: Fps.default(15),
  enabled: z.boolean().default(true).describe('Analyse the stream (false: the camera is disabled)'),
  record: z.boolean().default(true).describe('Keep recordings for playback'),
});

/** Any subset of the create fields. An `rtsp_url` whose password is `***` keeps the stored password. */
export const CameraUpdateBody = z.object({
  name: Name.optional(),
  rtsp_url: RtspUrl.optional(),
  features: Features.optional(),
  fps: Fps.optional(),
  enabled: z.boolean().optional().describe('false disables the camera; true reconnects it'),
  record: z.boolean().optional().describe('Keep recordings for playback'),
});

export const CameraList = z.object({ items: z.array(Camera) });

/** A tenant's plan: how many cameras and which features (docs/decisions/0006-video-service.md; set through /__mock/v2/tenants). */
export const VideoTenantPlan = z.object({
  tenant_id: Uuid,
  camera_limit: z.number().int().nonnegative(),
  features: z.array(VideoFeature),
});

export const MockVideoTenantUpdateBody = z.object({
  camera_limit: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .optional()
    .describe('Cameras the tenant may have (default 16)'),
  features: z
    .array(VideoFeature)
    .max(VideoFeature.options.length)
    .optional()
    .describe('Features the tenant may enable (default motion, person, vehicle)'),
});

const base = { family: 'video', auth: 'bearer' } as const;
const CameraParams = z.object({ id: Uuid });

export const cameras = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/v2/api/cameras',
    summary: "List the tenant's cameras, oldest first",
    example: `for await (const camera of video.cameras.list()) console.log(camera.name, camera.status);`,
    response: CameraList,
    status: 200,
    scope: 'cameras:read',
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/v2/api/cameras',
    summary: 'Add a camera (connecting -> online); 403 CAMERA_LIMIT_REACHED past the plan limit',
    example: `
      const camera = await video.cameras.create({
        name: 'Front door',
        rtsp_url: 'rtsp://admin:secret@10.0.0.5:554/stream1',
        features: ['person', 'vehicle'],
      });
    `,
    body: CameraCreateBody,
    response: Camera,
    status: 201,
    scope: 'cameras:write',
  }),
  update: endpoint({
    ...base,
    method: 'PATCH',
    path: '/v2/api/cameras/{id}',
    summary: 'Change a camera; enabled false disables it, true reconnects it',
    params: CameraParams,
    body: CameraUpdateBody,
    response: Camera,
    status: 200,
    scope: 'cameras:write',
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/v2/api/cameras/{id}',
    summary: 'Remove a camera',
    params: CameraParams,
    response: z.void(),
    status: 204,
    scope: 'cameras:write',
  }),
};

export type VideoFeature = z.infer<typeof VideoFeature>;
export type CameraStatus = z.infer<typeof CameraStatus>;
export type Camera = z.infer<typeof Camera>;
export type CameraList = z.infer<typeof CameraList>;
export type VideoTenantPlan = z.infer<typeof VideoTenantPlan>;
