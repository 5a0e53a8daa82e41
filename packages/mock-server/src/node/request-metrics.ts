import type * as PromClient from 'prom-client';
import { Counter, Histogram } from './prom-client';

type LabelName = 'method' | 'route' | 'status';
type RouteLabels = Record<LabelName, string>;

/** The requests of one method, route template and status. */
interface RouteSeries {
  readonly labels: RouteLabels;
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative), in the order of the bounds. */
  readonly buckets: number[];
}

/** A value line as prom-client's registry writes it: `labels` first, then the series' own. */
interface ValueLine {
  labels: Record<string, string | number>;
  sharedLabels: RouteLabels;
  value: number;
  metricName: string;
  /** Always none: prom-client writes null on bucket lines, nothing on sum and count. */
  exemplar?: null;
}

/**
 * The request counter and latency histogram of every answered request, counted in plain fields:
 * prom-client's own `inc` and `observe` check and hash the label object on every call (a few
 * per cent of a small request), here a request costs one map lookup and a few additions. The
 * two metrics are prom-client classes whose values are read from these counts at scrape time,
 * so `/metrics` writes the same text as prom-client's own Counter and Histogram would.
 */
export class RequestMetrics {
  readonly #series = new Map<string, RouteSeries>();
  readonly #bounds: readonly number[];

  constructor(options: {
    registry: PromClient.Registry;
    counter: { name: string; help: string };
    histogram: { name: string; help: string; buckets: readonly number[] };
  }) {
    this.#bounds = options.histogram.buckets;
    const series = () => this.#series.values();
    const labelNames = ['method', 'route', 'status'] as const;
    new SeriesCounter(series, { ...options.counter, labelNames, registers: [options.registry] });
    new SeriesHistogram(series, {
      ...options.histogram,
      buckets: [...this.#bounds],
      labelNames,
      registers: [options.registry],
    });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${status} ${method} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: this.#bounds.map(() => 0),
      };
      this.#series.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    // prom-client's rule: the first bound at or above the value; above the last, only +Inf.
    const bounds = this.#bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]!) {
        series.buckets[i]! += 1;
        return;
      }
    }
  }
}

type SeriesSource = () => Iterable<RouteSeries>;

/**
 * A metric's values as prom-client reads them. Its declarations type `type` as a numeric enum
 * (and ask for `collect`); at run time `type` is the name the registry writes after `# TYPE`.
 */
function metricData<M extends { get(): Promise<unknown> }>(
  type: 'counter' | 'histogram',
  configuration: { name: string; help: string },
  values: unknown[],
): Awaited<ReturnType<M['get']>> {
  const data = { name: configuration.name, help: configuration.help, type, aggregator: 'sum', values };
  return data as unknown as Awaited<ReturnType<M['get']>>;
}

class SeriesCounter extends Counter<LabelName> {
  readonly #series: SeriesSource;
  readonly #configuration: PromClient.CounterConfiguration<LabelName>;

  constructor(series: SeriesSource, configuration: PromClient.CounterConfiguration<LabelName>) {
    super(configuration);
    this.#series = series;
    this.#configuration = configuration;
  }

  override async get() {
    const values = [...this.#series()].map((series) => ({ value: series.count, labels: series.labels }));
    return metricData<PromClient.Counter<LabelName>>('counter', this.#configuration, values);
  }
}

class SeriesHistogram extends Histogram<LabelName> {
  readonly #series: SeriesSource;
  readonly #configuration: PromClient.HistogramConfiguration<LabelName>;

  constructor(series: SeriesSource, configuration: PromClient.HistogramConfiguration<LabelName>) {
    super(configuration);
    this.#series = series;
    this.#configuration = configuration;
  }

  /** What the registry writes (it prefers this to `get`): each series' cumulative buckets, +Inf, sum, count. */
  async getForPromString() {
    const name = this.#configuration.name;
    const values: ValueLine[] = [];
    for (const series of this.#series()) {
      const shared = series.labels;
      let below = 0;
      (this.#configuration.buckets ?? []).forEach((bound, i) => {
        below += series.buckets[i]!;
        values.push(bucketLine(bound, shared, below, name));
      });
      values.push(
        bucketLine('+Inf', shared, series.count, name),
        line({}, shared, series.sum, `${name}_sum`),
        line({}, shared, series.count, `${name}_count`),
      );
    }
    return metricData<PromClient.Histogram<LabelName>>('histogram', this.#configuration, values);
  }

  /** The same values with every label on the value itself (prom-client's JSON form). */
  override async get() {
    const data = await this.getForPromString();
    const values = (data.values as unknown as ValueLine[]).map(({ labels, sharedLabels, ...rest }) => ({
      ...rest,
      labels: { ...labels, ...sharedLabels },
    }));
    return { ...data, values };
  }
}

function line(
  labels: Record<string, string | number>,
  sharedLabels: RouteLabels,
  value: number,
  metricName: string,
): ValueLine {
  return { labels, sharedLabels, value, metricName };
}

function bucketLine(le: number | string, sharedLabels: RouteLabels, value: number, name: string): ValueLine {
  return { labels: { le }, sharedLabels, value, metricName: `${name}_bucket`, exemplar: null };
}
