import { parseDocument, stringify, type YAMLError } from 'yaml';
import { UsageError } from '../errors';

/**
 * YAML in and out, in a module of its own: commands load the yaml package only when they read
 * or print YAML (a dynamic import of the bundled package itself has no named exports).
 */
export function toYaml(value: unknown): string {
  return stringify(value);
}

/**
 * YAML text (or JSON, which YAML includes) as a value.
 *
 * @throws UsageError with a line per syntax error (see `yamlErrorLines`), `file` naming the text.
 */
export function fromYaml(text: string, file: string): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new UsageError(yamlErrorLines(file, doc.errors).join('\n'));
  return doc.toJS();
}

/**
 * `<file>:<line>:<col>: not valid YAML: <what>`, one line per error: the parser's message is
 * several lines (a blank one, then the text with a caret), of which the first says it all.
 */
export function yamlErrorLines(file: string, errors: readonly YAMLError[]): string[] {
  return errors.map((e) => {
    const at = e.linePos?.[0];
    const what = e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '');
    return `${file}${at ? `:${at.line}:${at.col}` : ''}: not valid YAML: ${what}`;
  });
}
