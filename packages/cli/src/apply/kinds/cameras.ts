import type { Nimbus } from '@nimbus/sdk';
import { type Camera, CameraCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, type Kind, type KindApi, patchOf, sameSet, urlPassword } from '../kind';

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
  // The server masks the RTSP password (`user:***@`): a password the file gives cannot be
  // compared, so it is sent on every run; a URL without one leaves the camera's password alone.
  diff: (item, record) =>
    changedFields(item, record, { same: { features: sameSet }, writeOnly: { rtsp_url: urlPassword } }),
  create: async (item, api) => (await cameras(api)).create(item, api.writeOnce()),
  update: async (record, item, changes, api) => {
    const patch = patchOf(changes, item);
    // A URL without its password keeps the camera's (sent as `***`), as a file from export has none.
    if (patch.rtsp_url !== undefined) patch.rtsp_url = urlPassword.keep(item.rtsp_url, record.rtsp_url);
    return (await cameras(api)).update(record.id, patch);
  },
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
    rtsp_url: urlPassword.without(record.rtsp_url),
  }),
};
