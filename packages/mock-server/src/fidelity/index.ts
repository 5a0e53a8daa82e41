export {
  checkExchange,
  checkFetchExchange,
  type Exchange,
  type HeaderSource,
  unknownRoute,
} from './check-exchange';
export type { Divergence, DivergenceCheck } from './divergence';
export { type OperationLookup, operationLookup } from './operation-lookup';
