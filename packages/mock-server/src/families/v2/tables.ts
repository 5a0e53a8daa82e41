import type { Camera, VideoEvent, VideoFeature } from '@nimbus/sdk/contract';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

// /v2 rows carry `project_id` equal to `tenant_id` (the tenant is the project, docs/decisions/0003-identity.md),
// so the table's per-project index is the per-tenant index.

/** A tenant's plan; the row id is the tenant id. Missing row: the defaults. */
export interface VideoTenantRow extends StoredRecord {
  camera_limit: number;
  features: VideoFeature[];
}

/** `rtsp_url` is stored masked, as it is shown; the password lives sealed beside it. */
export interface CameraRow extends Camera, StoredRecord {
  project_id: string;
  /** The RTSP password sealed with the server secret, or null when the URL has none. */
  rtsp_password_sealed: string | null;
}

/** `ts` equals `created_at`, so the table's order is event time order. */
export interface EventRow extends VideoEvent, StoredRecord {
  project_id: string;
}

export const videoTenants = defineTable<VideoTenantRow>('video_tenants');
export const videoCameras = defineTable<CameraRow>('video_cameras');
export const videoEvents = defineTable<EventRow>('video_events');

export const DEFAULT_PLAN = {
  camera_limit: 16,
  features: ['motion', 'person', 'vehicle'] as VideoFeature[],
};
