/**
 * A loader that runs once, on the first call, and answers the same promise ever after. For
 * modules the server may never need in a run (jose until a token is signed, ws until a client
 * upgrades): each one imported up front adds to every start-up. The many first requests of a
 * test share one load. A loader that imports several modules of one package imports them one
 * after another, not with `Promise.all`: jest's ES module system failed parallel imports that
 * share a module ("request for '../util/errors.js' is not in cache").
 *
 * @example
 * const jose = onFirstUse(() => import('jose'));
 * const { SignJWT } = await jose();
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
