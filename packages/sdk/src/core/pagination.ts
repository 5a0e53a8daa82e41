import { APIPromise } from './api-promise';
import type { CallableEndpoint } from './endpoint';
import { NimbusError } from './errors';
import { type RawInput, type RequestContext, type RequestOptions, request } from './request';
import type { Route } from './route';

/**
 * One page of a v1 list (`?page=` / `?per_page=`, docs/decisions/0002-v1-envelopes-and-errors.md). Iterating a page with
 * `for await` walks every item from here to the last page, loading one page at a time.
 */
export class Page<Item> implements AsyncIterable<Item> {
  readonly data: Item[];
  /** 1-based. */
  readonly page: number;
  readonly perPage: number;
  /** Items in the whole list, across pages. */
  readonly total: number;
  readonly #load: (page: number) => PagePromise<Item>;

  constructor(
    data: Item[],
    position: { page: number; perPage: number; total: number },
    load: (page: number) => PagePromise<Item>,
  ) {
    this.data = data;
    this.page = position.page;
    this.perPage = position.perPage;
    this.total = position.total;
    this.#load = load;
  }

  hasNextPage(): boolean {
    // An empty page ends the walk even if `total` grew meanwhile: no endless loop on a moving list.
    return this.data.length > 0 && this.page * this.perPage < this.total;
  }

  /** The page after this one, with the same query and options. Check `hasNextPage()` first. */
  getNextPage(): PagePromise<Item> {
    if (!this.hasNextPage()) throw new NimbusError(`Page ${this.page} is the last page`);
    return this.#load(this.page + 1);
  }

  /** This page and every later one, each requested only when the previous one is done with. */
  iterPages(): AsyncGenerator<Page<Item>, void, undefined> {
    return pagesFrom(this);
  }

  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    return itemsFrom(this);
  }
}

/**
 * Walks the pages from `current` on. Plain generators rather than methods, and each drops what
 * it no longer needs: a method's generator keeps `this` (the first page) for the whole walk, and
 * a walk must hold only the page it is on (and the next one while it loads).
 */
async function* pagesFrom<Item>(current: Page<Item>): AsyncGenerator<Page<Item>, void, undefined> {
  yield current;
  while (current.hasNextPage()) {
    current = await current.getNextPage();
    yield current;
  }
}

async function* itemsFrom<Item>(first: Page<Item> | undefined): AsyncGenerator<Item, void, undefined> {
  const pages = pagesFrom(first!);
  first = undefined;
  for await (const current of pages) yield* current.data;
}

/**
 * What `list()` methods return: await it for the first `Page`, or `for await` it for every
 * item across pages.
 *
 * @example
 * const first = await client.instances.list({ per_page: 50 });
 * console.log(first.total, first.data.length);
 *
 * for await (const instance of client.instances.list({ status: 'running' })) {
 *   console.log(instance.name);
 * }
 */
export class PagePromise<Item> extends APIPromise<Page<Item>> implements AsyncIterable<Item> {
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    return itemsAfter(this);
  }
}

async function* itemsAfter<Item>(
  pending: PromiseLike<Page<Item>> | undefined,
): AsyncGenerator<Item, void, undefined> {
  const items = itemsFrom(await pending!);
  pending = undefined;
  yield* items;
}

/** Requests one page of a list endpoint; `page` overrides the query's own. */
export function requestPage<Item>(
  ctx: RequestContext,
  endpoint: Route | CallableEndpoint,
  input: RawInput,
  options: RequestOptions | undefined,
  page?: number,
): PagePromise<Item> {
  const query: { page?: unknown } | undefined = page === undefined ? input.query : { ...input.query, page };
  const load = (next: number) => requestPage<Item>(ctx, endpoint, input, options, next);
  return new PagePromise(
    request(ctx, endpoint, { ...input, query }, options).then((completed) => {
      const { data, meta, requestId } = completed;
      const items = data as Item[];
      const position = {
        page: meta?.page ?? Number(query?.page ?? 1),
        perPage: meta?.per_page ?? items.length,
        total: meta?.total ?? items.length,
      };
      return {
        data: new Page(items, position, load),
        requestId,
        // Read through: the Node transports build the Response (and load undici's) only when asked.
        get response() {
          return completed.response;
        },
      };
    }),
  );
}
