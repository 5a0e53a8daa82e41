/** The result of a call together with the HTTP response it came from. */
export interface WithResponse<T> {
  data: T;
  /** The raw response; its body has already been read. */
  response: Response;
  /** `X-Request-Id` of the answer (or the v1 envelope's `meta.request_id`). */
  requestId: string | null;
}

/**
 * What every SDK method returns: a promise of the result (`await client.users.me()`) that can
 * also hand out the response it came from (`await client.users.me().withResponse()`).
 * The request starts at once, as with any promise.
 */
export class APIPromise<T> extends Promise<T> {
  readonly #result: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(result: Promise<WithResponse<T>>) {
    // The base promise is never used: then/catch/finally below go to `#result`.
    super(() => {});
    this.#result = result;
  }

  /**
   * The data plus the raw `Response` and the request id.
   *
   * @example
   * const { data: me, requestId } = await client.users.me().withResponse();
   */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  /**
   * A new `APIPromise` whose data is `transform(data)`. `transform` runs once, when the call
   * succeeds, however the result is consumed.
   */
  map<U>(transform: (data: T) => U): APIPromise<U> {
    return new APIPromise(this.#result.then((result) => ({ ...result, data: transform(result.data) })));
  }

  // biome-ignore lint/suspicious/noThenProperty: an awaitable result is the point of this class.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#unwrapped().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#unwrapped().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#unwrapped().finally(onfinally);
  }

  /** Made on first use, so a caller who only asks `withResponse()` leaves no second rejection behind. */
  #unwrapped(): Promise<T> {
    this.#data ??= this.#result.then((result) => result.data);
    return this.#data;
  }
}
