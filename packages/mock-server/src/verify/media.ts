import { VideoEventEnvelope } from '@nimbus/sdk/contract';
import WebSocket from 'ws';
import { schemaFindings } from '../fidelity/schema-check';
import type { Finding } from './exchange-check';

/** What the playlist check found: its findings and the first segment's URI, to fetch next. */
export interface PlaylistVerdict {
  checks: number;
  findings: Finding[];
  firstSegment: string | undefined;
}

/**
 * The structure of an HLS media playlist (RFC 8216) as the contract promises it: `#EXTM3U`
 * first, a target duration that no segment exceeds, a media sequence, at least one segment,
 * and segment URIs that carry the playlist's `?token=`.
 */
export function checkPlaylist(text: string): PlaylistVerdict {
  const findings: Finding[] = [];
  let checks = 0;
  const expect = (ok: boolean, path: string, expected: string, actual: string) => {
    checks++;
    if (!ok) findings.push({ check: 'hls', path, expected, actual });
  };
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  expect(lines[0] === '#EXTM3U', 'line 1', '#EXTM3U', lines[0] ?? 'empty playlist');
  const tag = (name: string) => lines.find((line) => line.startsWith(`#${name}:`))?.slice(name.length + 2);
  const target = Number(tag('EXT-X-TARGETDURATION'));
  expect(
    Number.isInteger(target) && target > 0,
    'EXT-X-TARGETDURATION',
    'a whole number of seconds',
    String(tag('EXT-X-TARGETDURATION')),
  );
  const sequence = tag('EXT-X-MEDIA-SEQUENCE');
  expect(
    sequence !== undefined && /^\d+$/.test(sequence),
    'EXT-X-MEDIA-SEQUENCE',
    'a whole number',
    String(sequence),
  );
  const segments: { duration: number; uri: string }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXTINF:')) return;
    const uri = lines[i + 1];
    segments.push({
      duration: Number.parseFloat(line.slice('#EXTINF:'.length)),
      uri: uri?.startsWith('#') ? '' : (uri ?? ''),
    });
  });
  expect(segments.length > 0, 'EXTINF', 'at least one segment', '0 segments');
  for (const [i, segment] of segments.entries()) {
    if (Number.isInteger(target))
      expect(
        Math.round(segment.duration) <= target,
        `EXTINF[${i}]`,
        `<= ${target} s`,
        `${segment.duration} s`,
      );
    expect(
      /[?&]token=/.test(segment.uri),
      `EXTINF[${i}] uri`,
      'a URI with ?token=',
      segment.uri.replace(/token=[^&]*/, 'token=***') || 'none',
    );
    if (findings.length > 5) break;
  }
  return { checks, findings, firstSegment: segments[0]?.uri };
}

/** What the event stream showed within the wait: its checks, findings and how many events came. */
export interface StreamVerdict {
  checks: number;
  findings: Finding[];
  events: number;
  /** Why the stream could not be opened, when it could not. */
  failure?: string;
}

/**
 * Opens the realtime stream (`/v2/ws/events`), replaying events since `since`, and checks each
 * message against the contract's envelope until `max` came or `waitMs` passed.
 */
export function checkEventStream(
  url: URL,
  waitMs: number,
  max: number,
  signal?: AbortSignal,
): Promise<StreamVerdict> {
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise((resolve) => {
    const verdict: StreamVerdict = { checks: 0, findings: [], events: 0 };
    const socket = new WebSocket(url);
    let settled = false;
    const finish = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.terminate();
      resolve(failure ? { ...verdict, failure } : verdict);
    };
    const onAbort = () => finish('cancelled');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => finish(), waitMs);
    socket.on('unexpected-response', (_request, response) =>
      finish(`the upgrade was answered ${response.statusCode}`),
    );
    socket.on('error', (error) => finish(error.message));
    // Each way the messages differ is reported once, not once per message.
    const seen = new Set<string>();
    const report = (finding: Finding) => {
      const key = `${finding.check} ${finding.path}`;
      if (seen.has(key)) return;
      seen.add(key);
      verdict.findings.push(finding);
    };
    socket.on('message', (data, binary) => {
      if (settled) return;
      verdict.checks++;
      if (binary) {
        report({ check: 'websocket', path: '$', expected: 'a text message', actual: 'binary' });
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        report({ check: 'websocket', path: '$', expected: 'JSON', actual: data.toString().slice(0, 80) });
        return;
      }
      verdict.events++;
      for (const finding of schemaFindings(VideoEventEnvelope, message, '$'))
        report({ ...finding, check: 'websocket' });
      if (verdict.events >= max) finish();
    });
  });
}
