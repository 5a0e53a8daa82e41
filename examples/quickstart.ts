/**
 * Quick start with the Node SDK: log in, create a project and a VM, wait for it to run, list.
 *
 *   npm run quickstart -w @nimbus/examples
 *
 * Against NIMBUS_BASE_URL when it is set (e.g. the server of `npm start`, with the demo user
 * or NIMBUS_EMAIL / NIMBUS_PASSWORD); otherwise it starts an in-memory server of its own.
 */
import { pathToFileURL } from 'node:url';
import { createServer, DEMO_USER } from '@nimbus/mock-server';
import { Nimbus } from '@nimbus/sdk';

export interface QuickstartResult {
  projectId: string;
  instanceId: string;
  names: string[];
}

export async function quickstart(
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
): Promise<QuickstartResult> {
  // No server given: start one, in memory, seeded with the demo user (what `npm start` serves).
  const own = env.NIMBUS_BASE_URL ? undefined : await createServer({ port: 0, inMemory: true, seed: true });
  try {
    const client = new Nimbus({ baseUrl: env.NIMBUS_BASE_URL ?? own!.url });
    log(`server: ${client.baseUrl}`);

    await client.auth.login({
      email: env.NIMBUS_EMAIL ?? DEMO_USER.email,
      password: env.NIMBUS_PASSWORD ?? DEMO_USER.password,
    });
    const project = await client.projects.create({ name: `quickstart-${Date.now().toString(36)}` });
    log(`project: ${project.name} (${project.id})`);

    const shop = client.withProject(project.id); // sends X-Project-ID
    const vm = await shop.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
    log(`instance: ${vm.name} is ${vm.status}`);
    const running = await shop.instances.waitFor(vm.id, 'running');
    log(`instance: ${running.name} is ${running.status}`);

    const names: string[] = [];
    for await (const instance of shop.instances.list()) names.push(instance.name); // every page
    log(`instances in ${project.name}: ${names.join(', ')}`);
    return { projectId: project.id, instanceId: vm.id, names };
  } finally {
    await own?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  quickstart().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
