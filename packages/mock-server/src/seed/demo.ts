import { inProcessFetch } from '../adapters/fetch';
import type { App } from '../core/pipeline/app';

/** What the demo seed creates and how to log in as its user. */
export interface DemoTenant {
  email: string;
  password: string;
  projectId: string;
}

export const DEMO_USER = { email: 'demo@nimbus.dev', password: 'nimbus-demo-123', full_name: 'Demo User' };

/**
 * Seeds a demo tenant through the public API (so it obeys every rule a client does):
 * a user, a project, a few resources and a recording camera. Runs only on an empty state.
 */
export async function seedDemo(app: App): Promise<DemoTenant> {
  // Loaded here, not at start-up: the SDK's Node entry (with ws) is a sixth of the server's import.
  const { Nimbus } = await import('@nimbus/sdk');
  const client = new Nimbus({ baseUrl: 'http://nimbus.local', fetch: inProcessFetch(app), maxRetries: 0 });
  await client.auth.register(DEMO_USER);
  await client.auth.login({ email: DEMO_USER.email, password: DEMO_USER.password });
  const project = await client.projects.create({ name: 'Demo', description: 'Seeded demo tenant' });
  const demo = client.withProject(project.id);
  await demo.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
  await demo.instances.create({ name: 'worker-1', flavor: 'medium', region: 'hcm' });
  // A recording camera, so /v2 and `nimbus events tail` show something at once (events come
  // from the simulator when it runs; footage from the camera's creation on).
  const { token } = await client.auth.workloadToken({ project_id: project.id, scopes: ['cameras:write'] });
  await client.video.withToken(token).cameras.create({
    name: 'Front door',
    rtsp_url: 'rtsp://camera.local:554/stream',
    features: ['person', 'vehicle'],
    record: true,
  });
  return { email: DEMO_USER.email, password: DEMO_USER.password, projectId: project.id };
}
