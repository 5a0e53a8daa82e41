import type { FamilyModule } from '../../../core/app';
import { topicSubscriptionsFamily } from './subscriptions';
import { topicsFamily } from './topics';

/** Event Grid: topics, publishing, webhook subscriptions and their deliveries. */
export const eventGridFamilies: readonly FamilyModule[] = [topicsFamily, topicSubscriptionsFamily];
