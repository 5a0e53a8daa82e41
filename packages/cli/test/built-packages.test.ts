import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The other suites resolve the packages to their sources; this one loads what users install:
// the built `@nimbus/mock-server` and `@nimbus/sdk`, through their `exports` maps, with both
// `require` and `import` (test/global-setup.ts builds them when the sources are newer).
const root = fileURLToPath(new URL('../../..', import.meta.url));

const loaders = {
  require: `const { seedTenant, startMockServer } = require('@nimbus/mock-server/testing');`,
  import: `import { seedTenant, startMockServer } from '@nimbus/mock-server/testing';`,
};

// A server that serves its docs page and a real HLS segment finds its assets and media files
// from its own location, which is what differs between the two builds.
const scenario = `
const mock = await startMockServer();
try {
  const docs = await fetch(mock.url + '/docs');
  const { client, project } = await seedTenant(mock);
  const { token } = await client.auth.workloadToken({
    project_id: project.id,
    scopes: ['cameras:write', 'playback:read'],
    ttl_seconds: 86400,
  });
  const video = client.video.withToken(token);
  const camera = await video.cameras.create({ name: 'door', rtsp_url: 'rtsp://10.0.0.5:554/s', features: ['person'] });
  const event = await mock.client.mock.videoEvents.create({ camera_id: camera.id, type: 'person' });
  await mock.clock.advance(3600);
  const at = await video.playback.forEvent(event.id);
  const playlist = await video.playback.playlist(at);
  const [, date, hour] = /\\/(\\d{4}-\\d{2}-\\d{2})\\/(\\d{2})\\//.exec(at.playlist_url);
  const first = playlist.split('\\n').find((line) => line.endsWith('.ts'));
  const segment = await video.playback.segment({ camera_id: camera.id, date, hour, segment: first });
  console.log(JSON.stringify({
    docs: docs.status,
    docsType: docs.headers.get('content-type'),
    segmentBytes: segment.length,
    syncByte: segment[0],
  }));
} finally {
  await mock.close();
}`;

function run(system: keyof typeof loaders): Promise<Record<string, unknown>> {
  const source =
    system === 'import'
      ? `${loaders.import}\n${scenario}`
      : `${loaders.require}\n(async () => {${scenario}})();`;
  const args = system === 'import' ? ['--input-type=module', '-e', source] : ['-e', source];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root, timeout: 20_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${system} build failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!));
    });
  });
}

describe('the built packages', () => {
  it.each(Object.keys(loaders) as (keyof typeof loaders)[])(
    'start a server with %s that serves its docs page and H.264 segments',
    async (system) => {
      const result = await run(system);
      expect(result.docs).toBe(200);
      expect(result.docsType).toMatch(/^text\/html/);
      expect(result.segmentBytes).toBeGreaterThan(188);
      expect(result.syncByte).toBe(0x47); // an MPEG-TS packet
    },
  );
});
