import type { FamilyModule } from '../../../core/app';
import { auditLogHandlers } from './audit-logs';
import { logHandlers } from './logs';
import { metricHandlers } from './metrics';
import { serviceStatusHandlers } from './service-status';

/** Monitor: audit logs, metrics, the log query and the service status. */
export const monitorFamily: FamilyModule = {
  handlers: [...auditLogHandlers, ...metricHandlers, ...logHandlers, ...serviceStatusHandlers],
};
