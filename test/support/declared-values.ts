import ts from 'typescript';

/**
 * The names a declaration file exports as values, as TypeScript sees them: what a consumer may
 * `import { name }` and use at run time. Type-only exports (`export type`, `export { type X }`,
 * re-exports of either) and pure types are left out.
 */
export function declaredValues(declarationFile: string): string[] {
  const program = ts.createProgram([declarationFile], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(declarationFile);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${declarationFile} is not a module`);
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => isValue(checker, symbol))
    .map((symbol) => symbol.name)
    .sort();
}

function isValue(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  let current = symbol;
  // Follow each re-export: one `type` anywhere on the way makes the name a type for importers.
  while (current.flags & ts.SymbolFlags.Alias) {
    if (current.declarations?.some(ts.isTypeOnlyImportOrExportDeclaration)) return false;
    current = checker.getImmediateAliasedSymbol(current) ?? checker.getAliasedSymbol(current);
    if (current === symbol) break;
  }
  return (current.flags & ts.SymbolFlags.Value) !== 0;
}
