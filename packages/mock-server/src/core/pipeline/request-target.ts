/**
 * `http://host/path?query` with nothing the URL parser would rewrite: a path of plain characters
 * where no segment starts with a dot (`.` and `..` are resolved) and no percent sign (`%2e` is a
 * dot too), a query of characters the parser keeps as they are. The Node server's usual target;
 * anything else is parsed whole.
 */
const PLAIN_URL =
  /^https?:\/\/[^/?#\\@\s]+((?:\/(?!\.)[\w\-.~!$&'()*+,;=:@]*)+)(\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;

/**
 * The request's URL, read as the core needs it. Path and query come without a `URL` for the
 * usual plain target (building one was a tenth of a small GET's handling); the `URL` itself
 * (origin, a handler's own reading) is built on first use and gives the same values.
 */
export class RequestTarget {
  readonly href: string;
  readonly pathname: string;
  /** `?query`, or '' without one (as `URL.search`). */
  readonly search: string;
  #url: URL | undefined;
  #searchParams: URLSearchParams | undefined;

  constructor(href: string) {
    this.href = href;
    const plain = PLAIN_URL.exec(href);
    if (plain) {
      this.pathname = plain[1]!;
      this.search = plain[2] === undefined || plain[2] === '?' ? '' : plain[2];
    } else {
      this.#url = new URL(href);
      this.pathname = this.#url.pathname;
      this.search = this.#url.search;
    }
  }

  get url(): URL {
    this.#url ??= new URL(this.href);
    return this.#url;
  }

  get searchParams(): URLSearchParams {
    this.#searchParams ??= this.#url ? this.#url.searchParams : new URLSearchParams(this.search);
    return this.#searchParams;
  }
}
