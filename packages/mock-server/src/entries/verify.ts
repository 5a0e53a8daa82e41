/**
 * `@nimbus/mock-server/verify`: checks a deployment of the Nimbus APIs against the contract and
 * the reference behaviour (`nimbus verify` is its command line). A subpath of its own: a server
 * or a test that never verifies loads none of it.
 */
export * from '../verify/index';
