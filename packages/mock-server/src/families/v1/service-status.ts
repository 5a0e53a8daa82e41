import { operations, type ServiceHealth } from '@nimbus/sdk/contract';
import { serviceStatus as serviceStatusEndpoints } from '@nimbus/sdk/contract/v1/service-status';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers } from '../../core/pipeline/handler';
import type { Faults } from '../../core/services/faults';

type Fault = ReturnType<Faults['active']>[number];

interface Route {
  method: string;
  segments: string[];
}

let services: ReadonlyMap<string, readonly Route[]> | undefined;

/** Services are the contract's families (control routes aside), each with its route templates. */
function serviceRoutes(): ReadonlyMap<string, readonly Route[]> {
  if (services) return services;
  const map = new Map<string, Route[]>();
  for (const { endpoint } of operations()) {
    if (endpoint.api === 'mock') continue;
    const routes = map.get(endpoint.family) ?? [];
    routes.push({ method: endpoint.method, segments: endpoint.path.split('/') });
    map.set(endpoint.family, routes);
  }
  services = new Map([...map].sort(([a], [b]) => (a < b ? -1 : 1)));
  return services;
}

const isParam = (segment: string) => segment.startsWith('{');

/**
 * Whether a fault's path (exact, or a prefix ending in `*`, as the core matches them) can hit
 * a concrete path of the route template: `{param}` segments stand for any segment.
 */
function pathCovers(faultPath: string, route: Route): boolean {
  const prefix = faultPath.endsWith('*');
  const wanted = (prefix ? faultPath.slice(0, -1) : faultPath).split('/');
  const have = route.segments;
  if (prefix ? wanted.length > have.length : wanted.length !== have.length) return false;
  return wanted.every((segment, i) => {
    const template = have[i]!;
    if (isParam(template)) return true;
    const last = prefix && i === wanted.length - 1;
    return last ? template.startsWith(segment) : template === segment;
  });
}

function covers(fault: Fault, route: Route): boolean {
  if (fault.method && fault.method !== route.method) return false;
  return fault.path === undefined || pathCovers(fault.path, route);
}

/** A fault that fails every request for good is an outage; anything slower or rarer degrades. */
function impact(fault: Fault): ServiceHealth {
  return fault.status !== undefined && fault.status >= 500 && fault.remaining === null
    ? 'outage'
    : 'degraded';
}

const RANK: Record<ServiceHealth, number> = { operational: 0, degraded: 1, outage: 2 };
const MESSAGES: Record<ServiceHealth, string> = {
  operational: 'Operating normally',
  degraded: 'Some requests fail or are slow',
  outage: 'Requests are failing',
};

export const serviceStatusFamily: FamilyModule = {
  handlers: defineHandlers(serviceStatusEndpoints, {
    retrieve(ctx) {
      const faults = ctx.runtime.faults.active();
      let overall: ServiceHealth = 'operational';
      const list = [...serviceRoutes()].map(([name, routes]) => {
        const touching = faults.filter((fault) => routes.some((route) => covers(fault, route)));
        let status: ServiceHealth = 'operational';
        for (const fault of touching) if (RANK[impact(fault)] > RANK[status]) status = impact(fault);
        if (RANK[status] > RANK[overall]) overall = status;
        return { name, status, active_faults: touching.length, message: MESSAGES[status] };
      });
      return { status: overall, checked_at: ctx.now(), services: list };
    },
  }),
};
