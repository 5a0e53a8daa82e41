import { topics as topicsEndpoints } from '@nimbus/sdk/contract/v1/topics';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { createInProject, emit, findInProject } from '../../../core/pipeline/resources';
import { deliverToMatching, platformCloudEvent, topicCloudEvent } from './routing';
import { subscriptionSecrets, type TopicEventRow, topicEvents, topicSubscriptions, topics } from './tables';

const TYPE = 'eventgrid.topic';

export const topicsFamily: FamilyModule = {
  setup(runtime) {
    // Every platform event of a project (resource lifecycle, budget alerts) goes to the
    // matching subscriptions of that project's topics.
    runtime.events.subscribe((event) => {
      // Most projects have no subscription: skip building (and copying) the CloudEvent for them.
      if (runtime.store.table(topicSubscriptions).list(event.project_id).length === 0) return;
      try {
        deliverToMatching(runtime, event.project_id, platformCloudEvent(event));
      } catch (error) {
        runtime.config.logger.error('platform event delivery failed', {
          type: event.type,
          error: String(error),
        });
      }
    });
  },

  handlers: defineHandlers(topicsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(topics).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { name: ctx.query.name }));
    },

    create(ctx) {
      const table = ctx.runtime.store.table(topics);
      if (table.byKey('name', `${ctx.projectId}:${ctx.body.name}`)) {
        throw HttpError.conflict(`A topic named "${ctx.body.name}" already exists in this project`, {
          path: 'body.name',
        });
      }
      return createInProject(
        ctx,
        topics,
        { name: ctx.body.name, description: ctx.body.description },
        { type: TYPE },
      );
    },

    retrieve: (ctx) => findInProject(ctx, topics, ctx.params.id, 'Topic'),

    delete(ctx) {
      const topic = findInProject(ctx, topics, ctx.params.id, 'Topic');
      const store = ctx.runtime.store;
      const subscriptions = store
        .table(topicSubscriptions)
        .filter((s) => s.topic_id === topic.id, ctx.projectId);
      for (const subscription of subscriptions) {
        store.table(subscriptionSecrets).delete(subscription.id);
        store.table(topicSubscriptions).delete(subscription.id);
      }
      store.table(topicEvents).deleteWhere((e) => e.topic_id === topic.id, ctx.projectId);
      store.table(topics).delete(topic.id);
      emit(ctx, TYPE, 'deleted', topic);
    },

    publish(ctx) {
      const topic = findInProject(ctx, topics, ctx.params.id, 'Topic');
      const time = ctx.now();
      const event: TopicEventRow = {
        id: crypto.randomUUID(),
        created_at: time,
        updated_at: time,
        project_id: topic.project_id,
        topic_id: topic.id,
        event_type: ctx.body.event_type,
        subject: ctx.body.subject,
        data: ctx.body.data,
        time,
        matched_subscriptions: 0,
      };
      event.matched_subscriptions = deliverToMatching(
        ctx.runtime,
        topic.project_id,
        topicCloudEvent(event),
        topic.id,
      );
      const row = ctx.runtime.store.table(topicEvents).insert(event);
      return row;
    },
  }),
};
