/**
 * Live detection events over the /v2 WebSocket with the SDK's `client.video.events.stream()`:
 * it reconnects on its own and resumes where it stopped, so no event is missed or repeated.
 *
 *   npm run events -w @nimbus/examples
 *
 * Against NIMBUS_BASE_URL when it is set (the server of `npm start` runs the detection simulator:
 * events arrive every few seconds); otherwise it starts an in-memory server and plays the camera
 * itself through the control route `POST /__mock/v2/events`.
 */
import { pathToFileURL } from 'node:url';
import { createServer, DEMO_USER } from '@nimbus/mock-server';
import { Nimbus, type VideoEvent } from '@nimbus/sdk';

export async function listen(
  options: { env?: Record<string, string | undefined>; count?: number; log?: (line: string) => void } = {},
): Promise<VideoEvent[]> {
  const { env = process.env, count = Number(env.EVENTS_COUNT ?? 3), log = console.log } = options;
  const own = env.NIMBUS_BASE_URL ? undefined : await createServer({ port: 0, inMemory: true, seed: true });
  try {
    const client = new Nimbus({ baseUrl: env.NIMBUS_BASE_URL ?? own!.url });
    await client.auth.login({
      email: env.NIMBUS_EMAIL ?? DEMO_USER.email,
      password: env.NIMBUS_PASSWORD ?? DEMO_USER.password,
    });
    // The /v2 tenant is a project; its calls take a workload token with scopes.
    const project = await client.projects.create({ name: `events-${Date.now().toString(36)}` });
    const { token } = await client.auth.workloadToken({
      project_id: project.id,
      scopes: ['cameras:write', 'events:read'],
    });
    const video = client.video.withToken(token);
    const camera = await video.cameras.create({
      name: 'Gate',
      rtsp_url: 'rtsp://camera.local:554/live',
      features: ['person', 'vehicle'],
    });
    log(`camera ${camera.name} (${camera.id}): waiting for ${count} events`);

    const stream = video.events.stream({ camera_id: camera.id, types: ['person', 'vehicle'] });
    stream.on('reconnecting', ({ attempt, delayMs }) => log(`reconnecting (#${attempt}) in ${delayMs} ms`));
    if (own) {
      let played = false;
      stream.on('open', async () => {
        if (played) return; // a reconnection resumes the stream: the camera saw them once
        played = true;
        for (const type of ['person', 'vehicle', 'person'] as const) {
          await client.mock.videoEvents.create({ camera_id: camera.id, type });
        }
      });
    }
    const received: VideoEvent[] = [];
    for await (const event of stream) {
      log(`${event.ts} ${event.type} on ${event.camera_id} (confidence ${event.confidence})`);
      received.push(event);
      if (received.length >= count) break; // leaving the loop closes the stream
    }
    return received;
  } finally {
    await own?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  listen().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
