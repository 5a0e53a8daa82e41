import type { z } from 'zod';

/**
 * Fields of `value` that `schema` does not declare, at any depth, each as its path (`['flavour']`,
 * `['disks', '0', 'sise']`). zod strips them silently, so a typo would pass as if never sent:
 * the reference server names them in a `Nimbus-Warning` header (or refuses them), and the CLI
 * refuses them before sending. A record or a `catchall` declares any key; a union is read by the
 * option with the fewest unknown fields among those the value passes.
 */
export function unknownFieldPaths(schema: z.core.$ZodType, value: unknown): string[][] {
  const out: string[][] = [];
  walk(schema, value, [], out);
  return out;
}

function walk(schema: z.core.$ZodType, value: unknown, path: string[], out: string[][]): void {
  if (value === null || typeof value !== 'object') return;
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      if (Array.isArray(value)) return;
      for (const [key, field] of Object.entries(value)) {
        // Own keys only: a body key such as `constructor` must not find Object.prototype's.
        const child = Object.hasOwn(def.shape, key) ? def.shape[key] : def.catchall;
        if (child === undefined || (child as z.core.$ZodTypes)._zod.def.type === 'never')
          out.push([...path, key]);
        else walk(child, field, [...path, key], out);
      }
      return;
    }
    case 'array':
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(def.element, item, [...path, String(i)], out);
      }
      return;
    case 'tuple':
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) {
          const child = def.items[i] ?? def.rest;
          if (child) walk(child, item, [...path, String(i)], out);
        }
      }
      return;
    case 'record':
      for (const [key, field] of Object.entries(value)) walk(def.valueType, field, [...path, key], out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType, value, path, out);
      return;
    case 'pipe':
      walk(def.in, value, path, out);
      return;
    case 'lazy':
      walk(def.getter(), value, path, out);
      return;
    case 'union': {
      let best: string[][] | undefined;
      for (const option of def.options) {
        if (!(option as z.ZodType).safeParse(value).success) continue;
        const found: string[][] = [];
        walk(option, value, path, found);
        if (!best || found.length < best.length) best = found;
      }
      out.push(...(best ?? []));
      return;
    }
    case 'intersection': {
      // A field either side declares is known: unknown only when both sides call it so.
      const left: string[][] = [];
      const right: string[][] = [];
      walk(def.left, value, path, left);
      walk(def.right, value, path, right);
      const key = (p: string[]) => JSON.stringify(p);
      const onRight = new Set(right.map(key));
      out.push(...left.filter((field) => onRight.has(key(field))));
      return;
    }
  }
}
