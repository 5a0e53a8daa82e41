import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  AuditLog,
  AuditLogListParams,
  LogEntry,
  LogQueryParams,
  MetricQueryParams,
  MetricSeries,
  ServiceStatus,
} from '../../generated/types';

/** Security events of the client's project (`/api/v1/audit/logs`). */
export class AuditLogs extends APIResource {
  /**
   * Logins, failed logins, MFA, key creation, role and member changes, oldest first. Account
   * events (logins, MFA) show for users who are members of the project.
   *
   * @example
   * const failures = await client.auditLogs.list({ event: 'login', outcome: 'failure' });
   */
  list(query?: AuditLogListParams, options?: RequestOptions): PagePromise<AuditLog> {
    return this._client.list(v1.auditLogs.list, { query }, options);
  }
}

/** Resource metrics (`/api/v1/metrics`). */
export class Metrics extends APIResource {
  /**
   * One metric of one resource as a time series; the same query answers the same points.
   *
   * @example
   * const cpu = await client.metrics.query({ resource_id: vm.id, metric: 'cpu_percent', interval: 60 });
   * console.log(cpu.points.at(-1)?.value);
   */
  query(query: MetricQueryParams, options?: RequestOptions): APIPromise<MetricSeries> {
    return this._client.call(v1.metrics.query, { query }, options);
  }
}

/** Search over activity logs and function logs (`/api/v1/logs/query`). */
export class Logs extends APIResource {
  /**
   * Entries matching `q`, oldest first. Grammar: `field:value`, `field:>=N`, `*` wildcards,
   * quoted strings, AND (implied), OR, NOT, parentheses.
   *
   * @example
   * const failed = await client.logs.query({ q: 'source:activity AND status:>=400 AND operation:instances.*' });
   */
  query(query?: LogQueryParams, options?: RequestOptions): PagePromise<LogEntry> {
    return this._client.list(v1.logs.query, { query }, options);
  }
}

/** Status of the platform's services (`/api/v1/service-status`); needs no project. */
export class ServiceStatusResource extends APIResource {
  /** Every service: operational, degraded or outage, and the worst of them. */
  retrieve(options?: RequestOptions): APIPromise<ServiceStatus> {
    return this._client.call(v1.serviceStatus.retrieve, {}, options);
  }
}
