import type { FamilyModule } from '../../../core/app';
import { topicSubscriptionsFamily } from './subscriptions';
import { topicsFamily } from './topics';

/** Topics, publishing, webhook subscriptions and their deliveries. */
export const topicsFamilies: readonly FamilyModule[] = [topicsFamily, topicSubscriptionsFamily];
