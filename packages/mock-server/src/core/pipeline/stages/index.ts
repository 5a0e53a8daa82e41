import type { Stage } from '../stage';
import { authenticationStage } from './auth';
import { controlStage } from './control';
import { preflightStage } from './cors';
import { faultStage } from './fault';
import { inputStage } from './input';
import { hostAndOriginStage } from './origin-policy';
import { proxyStage } from './proxy';
import { rateLimitStage } from './rate-limit';
import { routeStage } from './route';
import { handlerStage } from './run-handler';
import { tenancyStage } from './tenancy';
import { unknownFieldsStage } from './unknown-fields';
import { writableStoreStage } from './writable-store';

/**
 * The stages of every request, in order (createApp runs them): Host and Origin, a preflight,
 * a deployment's answer when proxying, the route, then the operation's own checks, its input and its handler. Each passes, answers,
 * or throws an HttpError that becomes the answer. Common headers, the journal and the state
 * file's commit come after, whatever answered (createApp).
 */
export const REQUEST_STAGES: readonly Stage[] = [
  hostAndOriginStage,
  preflightStage,
  proxyStage,
  routeStage,
  faultStage,
  controlStage,
  rateLimitStage,
  writableStoreStage,
  authenticationStage,
  tenancyStage,
  inputStage,
  unknownFieldsStage,
  handlerStage,
];
