import { randomUUID } from 'node:crypto';
import type { Nimbus, RequestOptions } from '@nimbus/sdk';
import type { Kind, KindApi } from './kind';
import { Refs } from './refs';

/**
 * The project `apply` and `export` work on, as kind modules see it. The project may not
 * exist yet when planning starts: `setProject` binds it once found or created.
 */
export class Target implements KindApi {
  readonly refs = new Refs();
  readonly #listed = new Set<string>();
  #projectId: string | undefined;
  #client: Nimbus | undefined;
  #caller: Promise<{ id: string; email: string }> | undefined;

  constructor(
    /** The client without a project: projects are listed and created through it. */
    readonly root: Nimbus,
    /** The kinds this SDK supports, in dependency order. */
    readonly kinds: readonly Kind[],
  ) {}

  get hasProject(): boolean {
    return this.#projectId !== undefined;
  }

  setProject(id: string): void {
    this.#projectId = id;
    this.#client = this.root.withProject(id);
  }

  get projectId(): string {
    if (this.#projectId === undefined) throw new Error('The project does not exist yet');
    return this.#projectId;
  }

  get client(): Nimbus {
    if (this.#client === undefined) throw new Error('The project does not exist yet');
    return this.#client;
  }

  /** Lists a kind's resources (or a parent's children) and remembers the ids of the named ones. */
  async list(kind: Kind, parentId?: string): Promise<object[]> {
    const records = await kind.list(this, parentId);
    if (parentId === undefined) {
      this.#listed.add(kind.key);
      const named = new Set<string>();
      for (const record of records) {
        const name = kind.recordName(record, this);
        // Of two resources with one name, the first listed is the one `apply` matches an entry with.
        if (name === undefined || named.has(name)) continue;
        named.add(name);
        this.refs.set(kind.key, name, kind.idOf(record));
      }
    }
    return records;
  }

  async resolve(kindKey: string, name: string): Promise<string> {
    const known = this.refs.id(kindKey, name);
    if (known !== undefined) return known;
    // A kind the file does not declare was never listed, e.g. builtin policies in a new project.
    const kind = this.kinds.find((k) => k.key === kindKey);
    if (kind && !this.#listed.has(kindKey)) await this.list(kind);
    return this.refs.require(kindKey, name);
  }

  writeOnce(): RequestOptions {
    return { idempotencyKey: randomUUID() };
  }

  caller(): Promise<{ id: string; email: string }> {
    this.#caller ??= this.root.users.me().then((user) => ({ id: user.id, email: user.email }));
    return this.#caller;
  }
}
