/** `$.data.disks[0].size` from `['data', 'disks', 0, 'size']`, under `root` (`$`, `$.data[3]`). */
export function jsonPath(root: string, segments: readonly PropertyKey[]): string {
  let out = root;
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_][\w]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

/** The value at `segments` in `value`, or undefined when the path leaves it. */
export function valueAt(value: unknown, segments: readonly PropertyKey[]): unknown {
  let node = value;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  return node;
}
