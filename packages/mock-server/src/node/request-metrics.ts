import type * as PromClient from 'prom-client';

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
 * registry reads the two metrics from these counts at scrape time, as the values prom-client's
 * own Counter and Histogram would give, so `/metrics` writes the same text. Nothing here loads
 * prom-client: the server loads it with the first scrape.
 */
export class RequestMetrics {
  readonly #series = new Map<string, RouteSeries>();
  readonly #counter: MetricConfiguration;
  readonly #histogram: MetricConfiguration & { buckets: readonly number[] };

  constructor(options: {
    counter: MetricConfiguration;
    histogram: MetricConfiguration & { buckets: readonly number[] };
  }) {
    this.#counter = options.counter;
    this.#histogram = options.histogram;
  }

  /** Adds the counter and the histogram to `registry`, read from the counts at every scrape. */
  registerIn(registry: PromClient.Registry): void {
    const series = () => this.#series.values();
    registry.registerMetric(
      counterMetric(this.#counter, () => [...series()].map((s) => ({ value: s.count, labels: s.labels }))),
    );
    registry.registerMetric(histogramMetric(this.#histogram, series));
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${status} ${method} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: this.#histogram.buckets.map(() => 0),
      };
      this.#series.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    // prom-client's rule: the first bound at or above the value; above the last, only +Inf.
    const bounds = this.#histogram.buckets;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]!) {
        series.buckets[i]! += 1;
        return;
      }
    }
  }
}

type SeriesSource = () => Iterable<RouteSeries>;

interface MetricConfiguration {
  name: string;
  help: string;
}

/**
 * A metric as prom-client's registry reads it: `name` to register it by, and `get` for its
 * values (`getForPromString` first, when there is one, for the text). Its declarations ask for
 * a class instance; the registry uses no more than these.
 */
interface ScrapedMetric {
  name: string;
  help: string;
  get(): Promise<MetricData>;
  getForPromString?(): Promise<MetricData>;
}

/** What `get` answers. The declarations type `type` as a numeric enum; at run time it is the name written after `# TYPE`. */
interface MetricData {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: unknown[];
}

function metricData(
  type: MetricData['type'],
  configuration: MetricConfiguration,
  values: unknown[],
): MetricData {
  return { name: configuration.name, help: configuration.help, type, aggregator: 'sum', values };
}

function asRegistered(metric: ScrapedMetric): PromClient.Metric {
  return metric as unknown as PromClient.Metric;
}

/** A counter whose values `values` reads at scrape time, each with its labels. */
export function counterMetric(
  configuration: MetricConfiguration,
  values: () => { value: number; labels: Record<string, string> }[],
): PromClient.Metric {
  return asRegistered({
    ...configuration,
    get: async () => metricData('counter', configuration, values()),
  });
}

function histogramMetric(
  configuration: MetricConfiguration & { buckets: readonly number[] },
  series: SeriesSource,
): PromClient.Metric {
  /** What the registry writes (it prefers this to `get`): each series' cumulative buckets, +Inf, sum, count. */
  const getForPromString = async () => {
    const name = configuration.name;
    const values: ValueLine[] = [];
    for (const one of series()) {
      const shared = one.labels;
      let below = 0;
      configuration.buckets.forEach((bound, i) => {
        below += one.buckets[i]!;
        values.push(bucketLine(bound, shared, below, name));
      });
      values.push(
        bucketLine('+Inf', shared, one.count, name),
        line({}, shared, one.sum, `${name}_sum`),
        line({}, shared, one.count, `${name}_count`),
      );
    }
    return metricData('histogram', configuration, values);
  };
  return asRegistered({
    name: configuration.name,
    help: configuration.help,
    getForPromString,
    /** The same values with every label on the value itself (prom-client's JSON form). */
    async get() {
      const data = await getForPromString();
      const values = (data.values as ValueLine[]).map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      }));
      return { ...data, values };
    },
  });
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
