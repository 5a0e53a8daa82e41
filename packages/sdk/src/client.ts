import { NimbusResources } from './generated/resources';
import { Webhooks } from './resources/webhooks';

/**
 * Typed client for the Nimbus platform (/api/v1), video management (/v2) and the reference
 * server's control routes (/__mock). Every method calls a route generated from the contract,
 * so routes, statuses and types are declared once. This class sends through
 * `globalThis.fetch` unless given `fetch`; the Node entry's `Nimbus` extends it with undici.
 *
 * @example
 * import { Nimbus } from '@nimbus/sdk';
 *
 * const client = new Nimbus({ baseUrl: 'http://127.0.0.1:4010' });
 * await client.auth.login({ email: 'ada@example.com', password: 'correct horse' });
 * const project = await client.projects.create({ name: 'demo' });
 *
 * const demo = client.withProject(project.id);
 * const vm = await demo.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
 * await demo.instances.waitFor(vm.id, 'running');
 */
export class Nimbus extends NimbusResources {
  // Every family of the contract is generated (`NimbusResources`); this one is written by hand.
  readonly webhooks = new Webhooks(this);
}
