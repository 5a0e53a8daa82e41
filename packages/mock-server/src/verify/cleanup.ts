/** One thing the run made, and how to delete it (none when the contract has no delete for it). */
export interface Made {
  /** What it is, for the list of what was left behind (`v1.instances 5f0c...`). */
  label: string;
  /** Sends the delete; answers whether the target deleted it (2xx, or 404: already gone). */
  remove?: () => Promise<boolean>;
  /** Lives in the run's project: without a delete, it is counted under the project's line. */
  inProject?: boolean;
}

/**
 * What the run made, deleted in the reverse order of their making (children before parents)
 * when the run ends: normally, on an error, or on SIGINT/SIGTERM. What has no delete in the
 * contract, or whose delete failed, is listed for the operator.
 */
export class Cleanup {
  readonly #made: Made[] = [];

  add(made: Made): Made {
    this.#made.push(made);
    return made;
  }

  /** Deleted by the run's own delete operation: nothing left to do for it. */
  forget(made: Made | undefined): void {
    const at = made ? this.#made.indexOf(made) : -1;
    if (at >= 0) this.#made.splice(at, 1);
  }

  /** Deletes what is left; answers what could not be deleted. */
  async run(): Promise<string[]> {
    const left: string[] = [];
    let inProject = 0;
    while (this.#made.length > 0) {
      const made = this.#made.pop()!;
      if (!made.remove && made.inProject) {
        inProject++;
        continue;
      }
      if (!made.remove) {
        left.push(`${made.label} (the contract has no delete for it)`);
        continue;
      }
      let deleted = false;
      try {
        deleted = await made.remove();
      } catch {
        deleted = false;
      }
      if (!deleted) left.push(`${made.label} (its delete failed)`);
    }
    if (inProject > 0)
      left.push(`${inProject} record(s) in the run's project that the contract has no delete for`);
    return left;
  }
}
