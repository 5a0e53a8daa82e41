import { events as eventsEndpoints } from '@nimbus/sdk/contract/v2/events';
import { defineHandlers } from '../../../core/pipeline/handler';
import { normalizeTime, pageOfEvents, publicEvent } from './log';

export const eventHandlers = defineHandlers(eventsEndpoints, {
  list(ctx) {
    const { camera_id, type, since, limit, cursor } = ctx.query;
    const filter = { camera_id, types: type && [type], since: since && normalizeTime(since) };
    const page = pageOfEvents(ctx.runtime.store, ctx.tenantId, filter, limit, cursor);
    return { items: page.items.map(publicEvent), next_cursor: page.next_cursor };
  },
});
