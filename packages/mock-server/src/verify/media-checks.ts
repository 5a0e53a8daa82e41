import { VIDEO_EVENT_STREAM_PATH } from '@nimbus/sdk/contract';
import type { VerifyContext } from './context';
import type { Exchange } from './http';
import { checkEventStream, checkPlaylist } from './media';

/** The label the realtime stream's findings go under: it is not an HTTP operation of the contract. */
export const STREAM_OPERATION = 'v2.events.stream';

const PLAYBACK = ['v2.playback.timeline', 'v2.playback.playlist', 'v2.playback.segment'];
const EVENT_PLAYBACK = ['v2.playback.forEvent', 'v2.playback.snapshot'];

/**
 * The WebSocket stream and HLS playback, on the run's recording camera: the stream's messages
 * against the contract's envelope, the timeline polled until the target has recorded an hour
 * (its own clock, a bounded wait), that hour's playlist and its first segment, and the
 * playback and snapshot of a detection event when the camera has one.
 */
export async function checkMedia(run: VerifyContext): Promise<void> {
  await checkStream(run);
  const camera = await run.record('/v2/api/cameras');
  if (!camera?.id) {
    for (const id of [...PLAYBACK, ...EVENT_PLAYBACK])
      run.ledger.skip(id, 'needs a recording camera of the run');
    return;
  }
  await checkPlayback(run, String(camera.id), String(camera.created_at ?? new Date().toISOString()));
  await checkEventPlayback(run, String(camera.id));
}

async function checkStream(run: VerifyContext): Promise<void> {
  if (!run.ledger.selected(STREAM_OPERATION)) return;
  if (!run.workloadToken) {
    run.ledger.skip(STREAM_OPERATION, 'no /v2 workload token could be had');
    return;
  }
  const since = new Date(run.startedAt.getTime() - 60_000).toISOString();
  const url = run.client.url(VIDEO_EVENT_STREAM_PATH, { token: run.workloadToken, since });
  const verdict = await checkEventStream(url, run.options.streamWaitMs ?? 5000, 5, run.options.signal);
  if (verdict.failure) {
    run.note(
      STREAM_OPERATION,
      {
        checks: 1,
        findings: [
          {
            check: 'websocket',
            path: '',
            expected: 'an open stream',
            actual: run.ledger.mask(verdict.failure),
          },
        ],
      },
      null,
    );
    return;
  }
  if (verdict.events === 0) {
    run.ledger.skip(
      STREAM_OPERATION,
      `no event came within ${Math.round((run.options.streamWaitMs ?? 5000) / 1000)} s: the stream opened, no message shape was checked`,
    );
    return;
  }
  run.note(STREAM_OPERATION, { checks: verdict.checks + 1, findings: verdict.findings }, null);
}

async function checkPlayback(run: VerifyContext, cameraId: string, createdAt: string): Promise<void> {
  const timeline = run.op('v2.playback.timeline');
  const query = { camera_id: cameraId, date: createdAt.slice(0, 10) };
  const deadline = Date.now() + run.lifecycleTimeoutMs;
  let answer: Exchange;
  let hours: string[] = [];
  let wait = 250;
  for (;;) {
    answer = await run.send(timeline, { path: timeline.endpoint.path, query });
    hours = ((answer.body as { hours?: string[] })?.hours ?? []).filter((h) => typeof h === 'string');
    if (hours.length > 0 || answer.status !== 200 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 2000);
  }
  run.exchangeChecked(timeline, answer);
  if (hours.length === 0) {
    run.ledger.skip('v2.playback.playlist', 'the camera had recorded no hour within the wait');
    run.ledger.skip('v2.playback.segment', 'the camera had recorded no hour within the wait');
    return;
  }
  const playlist = run.op('v2.playback.playlist');
  const hour = hours[hours.length - 1]!;
  const path = `/v2/hls/${cameraId}/${query.date}/${hour}/index.m3u8`;
  const listed = await run.send(playlist, { path });
  run.exchangeChecked(playlist, listed);
  if (listed.status !== 200) return;
  const structure = checkPlaylist(listed.text);
  run.note(playlist.id, structure, listed.requestId);
  if (!structure.firstSegment) return;
  const segmentUrl = new URL(structure.firstSegment, run.client.url(path));
  const segment = run.op('v2.playback.segment');
  // The segment URI carries the token already: it is sent as the playlist gave it.
  const fetched = await run.send(
    segment,
    { path: segmentUrl.pathname, query: Object.fromEntries(segmentUrl.searchParams) },
    { auth: { kind: 'none' } },
  );
  run.exchangeChecked(segment, fetched);
}

async function checkEventPlayback(run: VerifyContext, cameraId: string): Promise<void> {
  const list = run.op('v2.events.list');
  const answer = await run.send(list, {
    path: list.endpoint.path,
    query: { camera_id: cameraId, limit: '1' },
  });
  const event = (answer.body as { items?: { id?: string; snapshot_url?: string }[] })?.items?.[0];
  if (!event?.id) {
    for (const id of EVENT_PLAYBACK) run.ledger.skip(id, 'the camera had no detection event during the run');
    return;
  }
  const forEvent = run.op('v2.playback.forEvent');
  run.exchangeChecked(forEvent, await run.send(forEvent, { path: `/v2/api/playback/event/${event.id}` }));
  if (event.snapshot_url) {
    const snapshot = run.op('v2.playback.snapshot');
    run.exchangeChecked(snapshot, await run.send(snapshot, { path: event.snapshot_url }));
  }
}
