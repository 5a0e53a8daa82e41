import type { CameraRow } from '../tables';

/**
 * Recordings are simulated: a camera with `record: true` has footage for every moment from its
 * creation up to now (docs/decisions/0006-video-service.md), cut into fixed segments. Every segment is the same
 * fixture clip, re-stamped so consecutive segments play as one continuous stream.
 */
export const SEGMENT_SECONDS = 6;
const SEGMENT_MS = SEGMENT_SECONDS * 1000;
const HOUR_MS = 3_600_000;
export const SEGMENTS_PER_HOUR = HOUR_MS / SEGMENT_MS;

/** The UTC day and hour of a time: where its recording is filed. */
export function hourOf(at: number): { date: string; hour: string } {
  const iso = new Date(at).toISOString();
  return { date: iso.slice(0, 10), hour: iso.slice(11, 13) };
}

export function hourStartMs(date: string, hour: string): number {
  return Date.parse(`${date}T${hour}:00:00.000Z`);
}

/** Segment numbers (0-based within the hour) a camera has for one hour, or undefined for none. */
export interface SegmentRange {
  first: number;
  last: number;
}

export function recordedSegments(
  camera: CameraRow,
  hourStart: number,
  now: number,
): SegmentRange | undefined {
  if (!camera.record) return undefined;
  const from = Math.max(hourStart, Date.parse(camera.created_at));
  const to = Math.min(hourStart + HOUR_MS, now);
  if (from >= hourStart + HOUR_MS || to < from) return undefined;
  const first = Math.floor((from - hourStart) / SEGMENT_MS);
  const last = Math.max(first, Math.ceil((to - hourStart) / SEGMENT_MS) - 1);
  return { first, last: Math.min(last, SEGMENTS_PER_HOUR - 1) };
}

/** Hours of `date` that have segments, `00`..`23`. */
export function recordedHours(camera: CameraRow, date: string, now: number): string[] {
  const hours: string[] = [];
  for (let h = 0; h < 24; h++) {
    const hour = String(h).padStart(2, '0');
    if (recordedSegments(camera, hourStartMs(date, hour), now)) hours.push(hour);
  }
  return hours;
}

export function segmentName(index: number): string {
  return `${String(index).padStart(3, '0')}.ts`;
}

export function segmentIndex(name: string): number {
  return Number.parseInt(name, 10);
}

/** Where an instant falls in its hour's playlist, in seconds from the playlist's first segment. */
export function playlistOffsetSec(range: SegmentRange, hourStart: number, at: number): number {
  return Number(((at - hourStart - range.first * SEGMENT_MS) / 1000).toFixed(3));
}

/**
 * A VOD playlist of the segments in `range`. Segment URIs are relative, so they resolve against
 * wherever the playlist was loaded from, and carry the caller's `?token=` because players fetch
 * segments without headers.
 */
export function hourPlaylist(range: SegmentRange, hourStart: number, token: string | null): string {
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${range.first}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-PROGRAM-DATE-TIME:${new Date(hourStart + range.first * SEGMENT_MS).toISOString()}`,
  ];
  for (let i = range.first; i <= range.last; i++) {
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, `${segmentName(i)}${query}`);
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** How far segment `index` is shifted in time, in the 90 kHz units of MPEG-TS timestamps. */
export function segmentOffset90k(index: number): number {
  return index * SEGMENT_SECONDS * 90_000;
}
