// Runs after tsup (the SDK's `build`). The root entries re-export the generated named types as
// types only (`export type * from './generated/types'` in src/exports.ts), but tsup's declaration
// bundler writes that as name lists without `type`: `export { Instance } from './types.js'`
// would promise a value `Instance` (the schemas of those names are `@nimbus/sdk/contract`'s),
// and the lists weigh 8 KB per entry. This puts the
// statement back as written: the names each root entry imports from './types.js' become
// `import type`, its lists of them go, and one `export type * from './types.js'` replaces them.
import { readFile, writeFile } from 'node:fs/promises';
import ts from 'typescript';

const TYPES = './types.js';
const ROOT_ENTRIES = ['index.d.ts', 'index.browser.d.ts'];
const dist = new URL('../dist/', import.meta.url);

const fromTypes = (statement) =>
  statement.moduleSpecifier !== undefined &&
  ts.isStringLiteral(statement.moduleSpecifier) &&
  statement.moduleSpecifier.text === TYPES;

/** `text` with each [start, end, replacement] applied (ranges do not overlap). */
function splice(text, edits) {
  let out = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) {
    out = out.slice(0, start) + replacement + out.slice(end);
  }
  return out;
}

function exportTypesOnly(name, text) {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const imported = new Set();
  let reexported = false;
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && fromTypes(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings) || statement.importClause.name) {
        throw new Error(`${name}: expected named imports from ${TYPES}`);
      }
      for (const element of bindings.elements) imported.add(element.name.text);
      if (!statement.importClause.isTypeOnly) {
        const at = statement.importClause.getStart(file);
        edits.push([at, at, 'type ']);
      }
    } else if (ts.isExportDeclaration(statement) && fromTypes(statement)) {
      reexported = true;
      edits.push([statement.getFullStart(), statement.getEnd(), '']);
    }
  }
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier || !statement.exportClause) continue;
    const kept = statement.exportClause.elements.filter((element) => {
      if (!imported.has((element.propertyName ?? element.name).text)) return true;
      if (element.propertyName) throw new Error(`${name}: ${element.getText(file)} renames a named type`);
      reexported = true;
      return false;
    });
    if (kept.length === statement.exportClause.elements.length) continue;
    const list = kept.map((element) => element.getText(file)).join(', ');
    edits.push([statement.getStart(file), statement.getEnd(), kept.length ? `export { ${list} };` : '']);
  }
  if (!reexported) throw new Error(`${name}: no named types from ${TYPES} to re-export`);
  return `${splice(text, edits).trimEnd()}\nexport type * from '${TYPES}';\n`;
}

for (const name of ROOT_ENTRIES) {
  const path = new URL(name, dist);
  await writeFile(path, exportTypesOnly(name, await readFile(path, 'utf8')));
}
