import { APIPromise } from './api-promise';
import { NimbusError } from './errors';

/** The wire shape of a /v2 list: `{ items, next_cursor }`, or `{ items }` when it is not paged (cameras). */
export interface CursorListBody<Item> {
  items: Item[];
  next_cursor?: string | null;
}

/**
 * One page of a cursor-paged list (/v2 events). Like the v1 `Page`, iterating it with
 * `for await` walks every item from here to the end, loading one page at a time.
 */
export class CursorPage<Item> implements AsyncIterable<Item> {
  readonly data: Item[];
  /** Opaque position of the next page; null on the last page. */
  readonly nextCursor: string | null;
  readonly #load: (cursor: string) => CursorPagePromise<Item>;

  constructor(data: Item[], nextCursor: string | null, load: (cursor: string) => CursorPagePromise<Item>) {
    this.data = data;
    this.nextCursor = nextCursor;
    this.#load = load;
  }

  hasNextPage(): boolean {
    return this.nextCursor !== null && this.data.length > 0;
  }

  /** The page after this one, with the same query and options. Check `hasNextPage()` first. */
  getNextPage(): CursorPagePromise<Item> {
    if (!this.hasNextPage()) throw new NimbusError('This is the last page');
    return this.#load(this.nextCursor!);
  }

  /** This page and every later one, each requested only when the previous one is done with. */
  async *iterPages(): AsyncGenerator<CursorPage<Item>, void, undefined> {
    let current: CursorPage<Item> = this;
    yield current;
    while (current.hasNextPage()) {
      current = await current.getNextPage();
      yield current;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/**
 * What cursor-paged `list()` methods return: await it for the first `CursorPage`, or
 * `for await` it for every item across pages.
 *
 * @example
 * const first = await client.video.events.list({ type: 'person', limit: 20 });
 * console.log(first.data.length, first.nextCursor);
 *
 * for await (const event of client.video.events.list({ camera_id })) console.log(event.ts);
 */
export class CursorPagePromise<Item> extends APIPromise<CursorPage<Item>> implements AsyncIterable<Item> {
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const first = await this;
    yield* first;
  }
}

/** Loads the page at `cursor` (the first page when undefined) with `load`, which calls the endpoint. */
export function requestCursorPage<Item>(
  load: (cursor: string | undefined) => APIPromise<CursorListBody<Item>>,
  cursor?: string,
): CursorPagePromise<Item> {
  const next = (position: string) => requestCursorPage(load, position);
  return new CursorPagePromise(
    load(cursor)
      .withResponse()
      .then(({ data, response, requestId }) => ({
        data: new CursorPage(data.items, data.next_cursor ?? null, next),
        response,
        requestId,
      })),
  );
}
