import { unreadCopy } from './transport';

/**
 * A call's result as `await` gives it: objects carry the request id of the answer they came
 * from as `_request_id`, non-enumerable, so it stays out of `JSON.stringify`, spreads and
 * equality checks. Arrays, strings and bytes are given as they are.
 */
export type WithRequestID<T> = T extends readonly unknown[] | Uint8Array
  ? T
  : T extends object
    ? T & { readonly _request_id: string | null }
    : T;

/** The result of a call together with the HTTP response it came from. */
export interface WithResponse<T> {
  data: T;
  /**
   * The HTTP response: status and headers as received, and its body unread, a copy of the bytes
   * the SDK read to make `data` (as `asResponse()` gives it). Its `url` is empty: a constructed
   * `Response` cannot carry one.
   */
  response: Response;
  /** `X-Request-Id` of the answer (or the v1 envelope's `meta.request_id`). */
  requestId: string | null;
}

/**
 * What every SDK method returns: a promise of the result (`await client.users.me()`) that can
 * also hand out the response it came from (`await client.users.me().withResponse()`).
 * The request starts at once, as with any promise.
 */
export class APIPromise<T> extends Promise<WithRequestID<T>> {
  readonly #result: Promise<WithResponse<T>>;
  #data: Promise<WithRequestID<T>> | undefined;

  constructor(result: Promise<WithResponse<T>>) {
    // The base promise is never used: then/catch/finally below go to `#result`.
    super(() => {});
    this.#result = result;
  }

  /**
   * The data plus the `Response` (body unread) and the request id: a plain object of these three,
   * for a record, a page or any other result.
   *
   * @example
   * const { data: me, response, requestId } = await client.users.me().withResponse();
   */
  withResponse(): Promise<WithResponse<T>> {
    // One shape whatever made the result (a completed call, a page, a `map`), which read their
    // `response` through getters so that `await` alone never builds one.
    return this.#result.then(({ data, response, requestId }) => ({
      data,
      response: unreadCopy(response),
      requestId,
    }));
  }

  /**
   * The `Response` of a successful call with its body unread, for callers who parse it
   * themselves. Failed calls reject with the same errors as `await`.
   *
   * @example
   * const response = await client.instances.retrieve(id).asResponse();
   * const envelope = await response.json();
   */
  asResponse(): Promise<Response> {
    return this.#result.then((result) => unreadCopy(result.response));
  }

  /**
   * A new `APIPromise` whose data is `transform(data)`. `transform` runs once, when the call
   * succeeds, however the result is consumed.
   */
  map<U>(transform: (data: T) => U): APIPromise<U> {
    return new APIPromise(
      this.#result.then((result) => ({
        data: transform(result.data),
        requestId: result.requestId,
        // Read through: the result's own `response` is built only when asked for.
        get response() {
          return result.response;
        },
      })),
    );
  }

  // biome-ignore lint/suspicious/noThenProperty: an awaitable result is the point of this class.
  override then<R1 = WithRequestID<T>, R2 = never>(
    onfulfilled?: ((value: WithRequestID<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#unwrapped().then(onfulfilled, onrejected);
  }

  override catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<WithRequestID<T> | R> {
    return this.#unwrapped().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<WithRequestID<T>> {
    return this.#unwrapped().finally(onfinally);
  }

  /** Made on first use, so a caller who only asks `withResponse()` leaves no second rejection behind. */
  #unwrapped(): Promise<WithRequestID<T>> {
    this.#data ??= this.#result.then(({ data, requestId }) => withRequestId(data, requestId));
    return this.#data;
  }
}

/** One descriptor for every result: `defineProperty` copies it, so it is safe to reuse. */
const requestIdDescriptor: PropertyDescriptor = { value: null, enumerable: false };

function withRequestId<T>(data: T, requestId: string | null): WithRequestID<T> {
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && !ArrayBuffer.isView(data)) {
    if (Object.isExtensible(data) && !Object.hasOwn(data, '_request_id')) {
      requestIdDescriptor.value = requestId;
      Object.defineProperty(data, '_request_id', requestIdDescriptor);
    }
  }
  return data as WithRequestID<T>;
}
