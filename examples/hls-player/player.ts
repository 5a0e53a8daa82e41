/**
 * Plays the recording of a detection event in the browser with hls.js: the page loads the hour's
 * HLS playlist (the workload token rides in `?token=`, as players send no headers) and seeks to
 * the event.
 *
 *   npm run player -w @nimbus/examples     # then open the printed URL
 *
 * Against NIMBUS_BASE_URL when it is set, else an in-memory server of its own. Either way it
 * creates a recording camera, records a detection through the control route, and moves the
 * simulated clock an hour so the camera has recorded video to play.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createServer, DEMO_USER } from '@nimbus/mock-server';
import { Nimbus } from '@nimbus/sdk';
import { type StaticSite, serveFiles } from '../support/static-server';

export interface Player {
  /** The page, with the playlist and the offset of the event in its query. */
  url: string;
  offsetSec: number;
  close(): Promise<void>;
}

export async function startPlayer(
  options: { env?: Record<string, string | undefined>; port?: number } = {},
): Promise<Player> {
  const { env = process.env, port = Number(env.PORT ?? 5174) } = options;
  const own = env.NIMBUS_BASE_URL ? undefined : await createServer({ port: 0, inMemory: true, seed: true });
  let site: StaticSite | undefined;
  try {
    const client = new Nimbus({ baseUrl: env.NIMBUS_BASE_URL ?? own!.url });
    await client.auth.login({
      email: env.NIMBUS_EMAIL ?? DEMO_USER.email,
      password: env.NIMBUS_PASSWORD ?? DEMO_USER.password,
    });
    const project = await client.projects.create({ name: `player-${Date.now().toString(36)}` });
    const { token } = await client.auth.workloadToken({
      project_id: project.id,
      scopes: ['cameras:write', 'playback:read'],
      ttl_seconds: 86_400,
    });
    const video = client.video.withToken(token);
    const camera = await video.cameras.create({
      name: 'Lobby',
      rtsp_url: 'rtsp://camera.local:554/live',
      features: ['person'],
    });
    const event = await client.mock.videoEvents.create({ camera_id: camera.id, type: 'person' });
    await client.mock.clock.advance({ seconds: 3600 });

    const at = await video.playback.forEvent(event.id);
    const src = video.playback.playlistUrl(at);
    const hlsJs = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');
    site = await serveFiles(
      {
        '/': {
          type: 'text/html; charset=utf-8',
          body: () => readFile(new URL('./index.html', import.meta.url)),
        },
        '/hls.min.js': { type: 'text/javascript; charset=utf-8', body: () => readFile(hlsJs) },
      },
      port,
    );
    const query = new URLSearchParams({ src, offset: String(at.offset_sec) });
    const page = site;
    return {
      url: `${site.url}/?${query}`,
      offsetSec: at.offset_sec,
      async close() {
        await page.close();
        await own?.close();
      },
    };
  } catch (error) {
    await site?.close();
    await own?.close();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  startPlayer().then(
    (player) => {
      console.log(`Open ${player.url}\n(Ctrl-C to stop)`);
      process.once('SIGINT', () => void player.close());
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
