// Runs after tsup (`postbuild`). The root entries re-export the contract's names as types only
// (`export type * from './contract/index'`: the schemas and endpoint objects stay in
// '@nimbus/sdk/contract'), but tsup's declaration bundler writes those re-exports as plain
// `export { Instance }`, which promises a value `Instance` that `@nimbus/sdk` does not have.
// This marks every name the root declarations take from the contract's bundle `type`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import ts from 'typescript';

const dist = new URL('../dist/', import.meta.url);
const fromContract = (node) =>
  node.moduleSpecifier !== undefined &&
  ts.isStringLiteral(node.moduleSpecifier) &&
  /(^|\/)contract\/index\.js$/.test(node.moduleSpecifier.text);

/** Offsets where `type ` goes: before each contract name a value-looking `export { }` holds. */
function typeOnlyInsertions(file) {
  const imported = new Set();
  for (const statement of file.statements) {
    const bindings = ts.isImportDeclaration(statement) && fromContract(statement) && statement.importClause;
    if (bindings?.namedBindings && ts.isNamedImports(bindings.namedBindings)) {
      for (const element of bindings.namedBindings.elements) imported.add(element.name.text);
    }
  }
  const offsets = [];
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
    const reexport = fromContract(statement);
    if (statement.moduleSpecifier && !reexport) continue;
    for (const element of statement.exportClause.elements) {
      const local = (element.propertyName ?? element.name).text;
      if (!element.isTypeOnly && (reexport || imported.has(local))) offsets.push(element.getStart(file));
    }
  }
  return offsets;
}

const entries = (await readdir(dist).catch(() => [])).filter((name) => name.endsWith('.d.ts'));
for (const name of entries) {
  const path = new URL(name, dist);
  let text = await readFile(path, 'utf8');
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  for (const offset of typeOnlyInsertions(file).reverse()) {
    text = `${text.slice(0, offset)}type ${text.slice(offset)}`;
  }
  await writeFile(path, text);
}
