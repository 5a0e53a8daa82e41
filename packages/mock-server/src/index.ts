export { inProcessFetch } from './adapters/fetch';
export { type App, createApp, type FamilyModule } from './core/pipeline/app';
export { type BoundOperation, Families, type LazyFamily, lazyFamily } from './core/pipeline/families';
export { HttpError } from './core/pipeline/http-error';
export { Clock } from './core/services/clock';
export {
  consoleLogger,
  type Logger,
  resolveConfig,
  type ServerConfig,
  silentLogger,
} from './core/services/config';
export { families } from './families';
export { exportState, type StateExport } from './families/mock/state-export';
export {
  checkExchange,
  checkFetchExchange,
  type Divergence,
  type DivergenceCheck,
  type Exchange,
  type HeaderSource,
  type OperationLookup,
  operationLookup,
  unknownRoute,
} from './fidelity';
export { type CreateServerOptions, createServer, type RunningServer } from './node/create-server';
export { createNodeServer } from './node/http-adapter';
export { DEFAULT_STATE_PATH, openStore } from './node/open-store';
export { StateFileLockedError } from './node/state-lock';
export { DEMO_USER } from './seed/demo';
export { StateFileError, StateFileLinkError } from './store/errors';
export { Store } from './store/store';
