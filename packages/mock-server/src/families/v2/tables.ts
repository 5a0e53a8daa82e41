import type { CameraStatus, VideoEventType, VideoFeature } from '@nimbus/sdk/contract';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

// /v2 rows carry `project_id` equal to `tenant_id` (the tenant is the project, DECISIONS.md §3),
// so the table's per-project index is the per-tenant index.

/** A tenant's plan; the row id is the tenant id. Missing row: the defaults. */
export interface VideoTenantRow extends StoredRecord {
  camera_limit: number;
  features: VideoFeature[];
}

export interface CameraRow extends StoredRecord {
  project_id: string;
  tenant_id: string;
  name: string;
  /** Always masked (`rtsp://user:***@host/path`): the password lives sealed beside it. */
  rtsp_url: string;
  /** The RTSP password sealed with the server secret, or null when the URL has none. */
  rtsp_password_sealed: string | null;
  features: VideoFeature[];
  fps: number;
  enabled: boolean;
  record: boolean;
  status: CameraStatus;
}

export interface EventRow extends StoredRecord {
  project_id: string;
  tenant_id: string;
  camera_id: string;
  type: VideoEventType;
  confidence: number;
  payload: { boxes: { x: number; y: number; w: number; h: number; label?: string }[]; track_id: number };
  snapshot_url: string;
  trace_id: string;
  model_version: string;
  /** Equal to `created_at`, so the table's order is event time order. */
  ts: string;
}

export const videoTenants = defineTable<VideoTenantRow>('video_tenants');
export const videoCameras = defineTable<CameraRow>('video_cameras');
export const videoEvents = defineTable<EventRow>('video_events');

export const DEFAULT_PLAN = {
  camera_limit: 16,
  features: ['motion', 'person', 'vehicle'] as VideoFeature[],
};
