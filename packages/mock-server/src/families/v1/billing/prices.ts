import type { CacheSku, Currency, Service, StorageClass } from '@nimbus/sdk/contract';

/** One entry of the price table: what a unit of usage is and what it costs, in VND. */
export interface Meter {
  service: Service;
  resource_type: string;
  description: string;
  unit: string;
  unit_price: number;
}

/** Hours in a billing month: GB-months are GB-hours / 730, as the large clouds count them. */
export const HOURS_PER_MONTH = 730;

/** Value-added tax on invoices. */
export const VAT_RATE = 0.1;

/** Days from issue to payment due. */
export const PAYMENT_TERMS_DAYS = 30;

/** Fixed VND value of one unit of each budget currency (costs are in VND; budgets may not be). */
export const VND_PER_UNIT: Readonly<Record<Currency, number>> = {
  VND: 1,
  USD: 25_000,
  EUR: 27_000,
  JPY: 165,
  SGD: 19_000,
};

const INSTANCE_HOURLY: Record<string, number> = {
  nano: 200,
  micro: 400,
  small: 800,
  medium: 1_600,
  large: 3_200,
  xlarge: 6_400,
};

const BUCKET_GB_MONTH: Record<StorageClass, number> = { STANDARD: 600, NEARLINE: 350, COLDLINE: 150 };

const CACHE_GB_HOUR: Record<CacheSku, number> = { Basic: 45, Standard: 90, Premium: 180 };

export const FUNCTION_REQUESTS = 'serverless.function.requests';
export const FUNCTION_COMPUTE = 'serverless.function.compute';

/** The price table, by meter id (e.g. `compute.instance.small`). */
export const METERS: Readonly<Record<string, Meter>> = {
  ...Object.fromEntries(
    Object.entries(INSTANCE_HOURLY).map(([flavor, price]) => [
      instanceMeter(flavor),
      {
        service: 'compute',
        resource_type: 'instance',
        description: `Instance ${flavor}`,
        unit: 'hour',
        unit_price: price,
      },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(BUCKET_GB_MONTH).map(([storageClass, price]) => [
      bucketMeter(storageClass),
      {
        service: 'storage',
        resource_type: 'bucket',
        description: `Bucket storage ${storageClass} (at least 1 GB per bucket)`,
        unit: 'GB-month',
        unit_price: price,
      },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(CACHE_GB_HOUR).map(([sku, price]) => [
      cacheMeter(sku),
      {
        service: 'cache',
        resource_type: 'cache_instance',
        description: `Cache ${sku}`,
        unit: 'GB-hour',
        unit_price: price,
      },
    ]),
  ),
  [FUNCTION_REQUESTS]: {
    service: 'serverless',
    resource_type: 'function',
    description: 'Function invocations',
    unit: '1M invocations',
    unit_price: 5_000,
  },
  [FUNCTION_COMPUTE]: {
    service: 'serverless',
    resource_type: 'function',
    description: 'Function compute (memory x billed duration)',
    unit: 'GB-second',
    unit_price: 0.45,
  },
};

export function instanceMeter(flavor: string): string {
  return `compute.instance.${flavor}`;
}

export function bucketMeter(storageClass: string): string {
  return `storage.bucket.${storageClass}`;
}

export function cacheMeter(sku: string): string {
  return `cache.instance.${sku}`;
}

/** Rounds money to 2 decimals (VND has no minor unit, but tiny usage must not read as 0). */
export function money(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Rounds a quantity for display. */
export function amountOf(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
