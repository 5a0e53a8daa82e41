import recorded from './generated/examples.json';

/** One exchange with the reference server, as an operation's example (`npm run generate`). */
export interface OperationExample {
  request: { path: string; query?: Record<string, string>; body?: unknown };
  status: number;
  response?: unknown;
}

/** The recorded exchanges by operation id; credentials in them are placeholders. */
export const operationExamples: Readonly<Record<string, OperationExample>> = recorded;

/** The values of a path's `{param}` placeholders in a concrete path, by name. */
export function pathValues(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match?.[i + 1] ?? '')]));
}
