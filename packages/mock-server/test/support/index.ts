// The server tests' support, one import away: `import { it, rejection } from '../support'`.
// Heavier modules stay out of it and are imported by the few files that need them:
// ./chromium (playwright), ./generated-traffic, ./openapi-samples, ./example-requests,
// ./record-examples.
export * from './errors';
export * from './fixtures';
export * from './members';
export * from './webhooks';
