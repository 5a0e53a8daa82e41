/**
 * Ids of named resources, by kind: the ones that exist (registered while planning) and the
 * ones created earlier in the same run. Entries of the tenant file name what they point at
 * (an assignment names its policy); this is where those names become ids.
 */
export class Refs {
  readonly #ids = new Map<string, string>();
  readonly #names = new Map<string, string>();

  set(kind: string, name: string, id: string): void {
    this.#ids.set(`${kind}/${name}`, id);
    this.#names.set(`${kind}/${id}`, name);
  }

  id(kind: string, name: string): string | undefined {
    return this.#ids.get(`${kind}/${name}`);
  }

  /** The name of the resource `id` of `kind`, for exports (an assignment's policy_id -> its name). */
  name(kind: string, id: string): string | undefined {
    return this.#names.get(`${kind}/${id}`);
  }

  /** The id, which must be known by now (the resource existed or an earlier step created it). */
  require(kind: string, name: string): string {
    const id = this.id(kind, name);
    if (id === undefined) throw new Error(`${kind}/${name} does not exist in the project`);
    return id;
  }
}
