import type { CostBreakdown, InvoiceLine, Service, UsageItem } from '@nimbus/sdk/contract';
import type { Runtime } from '../../../core/services/runtime';
import { functions } from '../functions';
import { functionInvocations } from '../functions/runs';
import { accruals, syncLedger } from './ledger';
import { HOUR_MS } from './periods';
import { amountOf, FUNCTION_COMPUTE, FUNCTION_REQUESTS, METERS, money } from './prices';

/** Usage of one resource on one meter in a window, before rounding. */
export interface Charge {
  service: Service;
  resource_type: string;
  resource_id: string;
  resource_name: string;
  meter: string;
  quantity: number;
  cost: number;
}

/**
 * What a project used in `[from, to)`, as of now: accrual intervals clipped to the window
 * (open ones run until now) and function invocations made in it. Every billing answer (usage,
 * cost, invoices, budgets, reports) is built from this one function, so they agree.
 */
export function chargesIn(runtime: Runtime, projectId: string, from: number, to: number): Charge[] {
  syncLedger(runtime, projectId);
  const end = Math.min(to, runtime.clock.now());
  const out: Charge[] = [];
  for (const row of runtime.store.table(accruals).list(projectId)) {
    const start = Math.max(from, Date.parse(row.started_at));
    const stop = Math.min(end, row.ended_at === null ? end : Date.parse(row.ended_at));
    if (stop <= start) continue;
    const quantity = ((stop - start) / HOUR_MS) * row.rate;
    out.push(chargeOf(row.meter, row.resource_type, row.resource_id, row.resource_name, quantity));
  }
  out.push(...invocationCharges(runtime, projectId, from, end));
  return out;
}

function chargeOf(meter: string, resourceType: string, id: string, name: string, quantity: number): Charge {
  const price = METERS[meter];
  if (!price) throw new Error(`No price for meter ${meter}`);
  return {
    service: price.service,
    resource_type: resourceType,
    resource_id: id,
    resource_name: name,
    meter,
    quantity,
    cost: quantity * price.unit_price,
  };
}

/** Requests (per million) and GB-seconds (memory x billed duration) per function. */
function invocationCharges(runtime: Runtime, projectId: string, from: number, end: number): Charge[] {
  const fromIso = runtime.clock.iso(from);
  const endIso = runtime.clock.iso(end);
  const perFunction = new Map<string, { count: number; gbSeconds: number }>();
  for (const run of runtime.store.table(functionInvocations).list(projectId)) {
    if (run.created_at < fromIso || run.created_at >= endIso) continue;
    const totals = perFunction.get(run.function_id) ?? { count: 0, gbSeconds: 0 };
    totals.count += 1;
    totals.gbSeconds += (run.memory_mb / 1024) * (run.billed_ms / 1000);
    perFunction.set(run.function_id, totals);
  }
  const names = runtime.store.table(functions);
  return [...perFunction].flatMap(([id, totals]) => {
    const name = names.get(id)?.name ?? id;
    return [
      chargeOf(FUNCTION_REQUESTS, 'function', id, name, totals.count / 1_000_000),
      chargeOf(FUNCTION_COMPUTE, 'function', id, name, totals.gbSeconds),
    ];
  });
}

/** Total cost of charges, rounded. */
export function totalOf(charges: readonly Charge[]): number {
  return money(charges.reduce((sum, c) => sum + c.cost, 0));
}

/** Charges summed per meter, in price-table order: the lines of usage and invoices. */
export function usageItems(charges: readonly Charge[]): UsageItem[] {
  const byMeter = new Map<string, { quantity: number; cost: number }>();
  for (const c of charges) {
    const sum = byMeter.get(c.meter) ?? { quantity: 0, cost: 0 };
    sum.quantity += c.quantity;
    sum.cost += c.cost;
    byMeter.set(c.meter, sum);
  }
  return Object.keys(METERS)
    .filter((meter) => byMeter.has(meter))
    .map((meter) => {
      const { service, resource_type, description, unit, unit_price } = METERS[meter]!;
      const sum = byMeter.get(meter)!;
      return {
        service,
        resource_type,
        meter,
        description,
        unit,
        unit_price,
        quantity: amountOf(sum.quantity),
        cost: money(sum.cost),
      };
    });
}

export function invoiceLines(charges: readonly Charge[]): InvoiceLine[] {
  return usageItems(charges).map(({ service, meter, description, unit, unit_price, quantity, cost }) => ({
    service,
    meter,
    description,
    unit,
    unit_price,
    quantity,
    amount: cost,
  }));
}

/** Cost per service and per resource (most expensive first), as `/billing/cost` answers. */
export function costBreakdown(
  runtime: Runtime,
  charges: readonly Charge[],
  from: number,
  to: number,
): CostBreakdown {
  const byService = new Map<Service, number>();
  const byResource = new Map<string, Omit<Charge, 'meter' | 'quantity'>>();
  for (const c of charges) {
    byService.set(c.service, (byService.get(c.service) ?? 0) + c.cost);
    const resource = byResource.get(c.resource_id);
    if (resource) resource.cost += c.cost;
    else byResource.set(c.resource_id, { ...c });
  }
  return {
    from: runtime.clock.iso(from),
    to: runtime.clock.iso(to),
    currency: 'VND',
    total: totalOf(charges),
    by_service: [...byService]
      .map(([service, cost]) => ({ service, cost: money(cost) }))
      .sort((a, b) => b.cost - a.cost || a.service.localeCompare(b.service)),
    by_resource: [...byResource.values()]
      .map(({ service, resource_type, resource_id, resource_name, cost }) => ({
        service,
        resource_type,
        resource_id,
        resource_name,
        cost: money(cost),
      }))
      .sort((a, b) => b.cost - a.cost || a.resource_name.localeCompare(b.resource_name)),
  };
}

/** The end of a window as answered: the requested end, or now when that is earlier. */
export function measuredEnd(runtime: Runtime, from: number, to: number): number {
  return Math.max(from, Math.min(to, runtime.clock.now()));
}
