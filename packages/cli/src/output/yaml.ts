import { parse, stringify } from 'yaml';

/**
 * YAML in and out, in a module of its own: commands load the yaml package only when they read
 * or print YAML (a dynamic import of the bundled package itself has no named exports).
 */
export function toYaml(value: unknown): string {
  return stringify(value);
}

/** YAML text (or JSON, which YAML includes) as a value. */
export function fromYaml(text: string): unknown {
  return parse(text);
}
