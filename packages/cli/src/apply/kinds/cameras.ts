import type { Nimbus } from '@nimbus/sdk';
import { type Camera, CameraCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, type Kind, type KindApi, patchOf, sameSet } from '../kind';

type Entry = z.output<typeof CameraCreateBody>;
type CameraApi = Nimbus['video']['cameras'];

/** /v2 calls take a workload token for the project (its video tenant): one per run. */
const tokens = new WeakMap<KindApi, Promise<CameraApi>>();

function cameras(api: KindApi): Promise<CameraApi> {
  let found = tokens.get(api);
  if (!found) {
    found = api.client.auth
      .workloadToken({ project_id: api.projectId, scopes: ['cameras:read', 'cameras:write'] })
      .then(({ token }) => api.client.video.withToken(token).cameras);
    tokens.set(api, found);
  }
  return found;
}

/**
 * An RTSP URL without its password. The server never shows one (it masks it), so URLs are
 * compared, and exported, without: a file taken to another project gets the password added
 * by hand, and a password changed only in the file is no drift apply can see.
 */
function withoutPassword(url: unknown): unknown {
  return typeof url === 'string' ? url.replace(/^(rtsps?:\/\/[^:/@]*):[^@/]*@/i, '$1@') : url;
}

/** Video cameras of the project's tenant, changed in place with PATCH (only the fields that differ). */
export const camerasKind: Kind<Entry, Camera> = {
  key: 'cameras',
  group: 'cameras',
  noun: 'camera',
  entry: CameraCreateBody,
  updatable: ['rtsp_url', 'features', 'fps', 'enabled', 'record'],
  available: (client) => 'video' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: async (api) => (await (await cameras(api)).list()).data,
  diff: (item, record) =>
    changedFields(item, record, {
      same: { rtsp_url: (a, b) => withoutPassword(a) === withoutPassword(b), features: sameSet },
    }),
  create: async (item, api) => (await cameras(api)).create(item, api.writeOnce()),
  update: async (record, _item, changes, api) => (await cameras(api)).update(record.id, patchOf(changes)),
  delete: async (record, api) => {
    await (await cameras(api)).delete(record.id);
  },
  // A camera connects on its own: poll the list until it has settled (online, offline, error).
  settle: async (record, api) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const current = (await (await cameras(api)).list()).data.find((c) => c.id === record.id);
      if (current?.status !== 'connecting' || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  },
  export: (record) => ({
    ...bodyFields(CameraCreateBody, record),
    rtsp_url: withoutPassword(record.rtsp_url),
  }),
};
