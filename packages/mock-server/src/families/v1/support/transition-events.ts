import type { Runtime } from '../../../core/services/runtime';
import type { StoredRecord } from '../../../store/state';
import type { TableSpec } from '../../../store/store';

/**
 * Registers a lifecycle table and publishes `<type>.<state>` each time one of its records
 * settles into a new state (e.g. `cache.instance.available`), so Event Grid subscribers hear
 * transitions the same way they hear `.created`.
 */
export function publishTransitions<T extends StoredRecord>(
  runtime: Runtime,
  spec: TableSpec<T>,
  type: string,
): void {
  runtime.lifecycle.register(spec);
  runtime.lifecycle.on(spec.name, ({ record, to }) => {
    runtime.publish({
      type: `${type}.${to}`,
      subject: `/projects/${record.project_id}/${type}/${record.id}`,
      project_id: record.project_id!,
      data: record,
    });
  });
}
