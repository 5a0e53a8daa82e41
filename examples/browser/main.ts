/**
 * A web app against Nimbus with no backend: msw's service worker answers every /api/v1 and /v2
 * call from the reference server running in the page (`@nimbus/mock-server/msw`), with the demo
 * tenant seeded and the state kept in localStorage across reloads. The live detections come over
 * the /v2/ws/events WebSocket and their snapshots as JPEGs, both answered in the page too. The
 * app code is the same SDK calls it would make against the real API.
 */
import { createNimbusHandlers } from '@nimbus/mock-server/msw';
import { APIError, type Instance, Nimbus, type Video, type VideoEvent } from '@nimbus/sdk';
import Hls from 'hls.js';
import { setupWorker } from 'msw/browser';

const nimbus = createNimbusHandlers({ seed: 'demo', persist: 'localStorage', transitionDelayMs: 1500 });
const worker = setupWorker(...nimbus.handlers);

const $ = (id: string) => document.getElementById(id)!;

function render(instances: Instance[]): void {
  $('instances').replaceChildren(
    ...instances.map((vm) => {
      const row = document.createElement('tr');
      for (const value of [vm.name, vm.flavor, vm.region, vm.status]) {
        const cell = document.createElement('td');
        cell.textContent = value;
        row.append(cell);
      }
      return row;
    }),
  );
}

/** A camera of the project (created on first visit) and its live detections, newest first. */
async function watchDetections(client: Nimbus, projectId: string): Promise<Video> {
  const { token } = await client.auth.workloadToken({
    project_id: projectId,
    scopes: ['cameras:read', 'cameras:write', 'events:read', 'playback:read'],
    ttl_seconds: 86_400,
  });
  const video = client.video.withToken(token);
  const [existing] = (await video.cameras.list()).data;
  const camera =
    existing ??
    (await video.cameras.create({
      name: 'Front door',
      rtsp_url: 'rtsp://10.0.0.5:554/stream1',
      features: ['person', 'vehicle'],
    }));
  $('camera').textContent = camera.name;
  playRecording(video, camera.id, camera.name);
  $('detect').addEventListener('click', async () => {
    await client.mock.videoEvents.create({ camera_id: camera.id, type: 'person' });
  });
  video.events.stream({ camera_id: camera.id }).on('event', (event: VideoEvent) => {
    const item = document.createElement('li');
    const snapshot = document.createElement('img');
    snapshot.src = video.playback.snapshotUrl(event);
    snapshot.alt = `${event.type} at ${event.ts}`;
    snapshot.width = 160;
    item.append(snapshot, ` ${event.type} (${Math.round(event.confidence * 100)} %)`);
    $('detections').prepend(item);
  });
  return video;
}

/** The camera's footage of the current hour, played with hls.js (Safari plays HLS natively). */
function playRecording(video: Video, cameraId: string, name: string): void {
  $('recording-camera').textContent = name;
  const player = $('recording') as HTMLVideoElement;
  const now = new Date().toISOString();
  const src = video.playback.playlistUrl({
    camera_id: cameraId,
    date: now.slice(0, 10),
    hour: now.slice(11, 13),
  });
  player.addEventListener('loadeddata', () => {
    $('recording-status').textContent = 'Recording loaded';
  });
  if (!Hls.isSupported()) {
    player.src = src;
    return;
  }
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) $('recording-status').textContent = `Playback failed: ${data.details}`;
  });
  hls.loadSource(src);
  hls.attachMedia(player);
}

async function main(): Promise<void> {
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  const client = new Nimbus({ baseUrl: location.origin });
  await client.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' });
  const [project] = (await client.projects.list()).data;
  if (!project) throw new Error('The demo project is missing');
  $('project').textContent = project.name;
  const demo = client.withProject(project.id);
  const refresh = async () => render((await demo.instances.list({ per_page: 100 })).data);

  $('create').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const name = new FormData(form).get('name') as string;
    try {
      await demo.instances.create({ name, flavor: 'small', region: 'hn' });
      form.reset();
      $('error').textContent = '';
    } catch (error) {
      $('error').textContent = error instanceof APIError ? `${error.code}: ${error.message}` : String(error);
    }
    await refresh();
  });
  // Not id="reset" on a control of the form: it would shadow the form's reset() method.
  $('reset-demo').addEventListener('click', async () => {
    await nimbus.reset();
    await client.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' });
    await refresh();
  });

  await refresh();
  await watchDetections(client, project.id);
  // Lifecycles move on the server's clock (provisioning -> running after 1.5 s): poll to show it.
  setInterval(refresh, 1000);
  document.body.dataset.ready = 'true';
}

main().catch((error: unknown) => {
  $('error').textContent = String(error);
});
