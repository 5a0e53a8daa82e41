import ts from 'typescript';

/**
 * The names each declaration file exports as values, as TypeScript sees them: what a consumer may
 * `import { name }` and use at run time. Type-only exports (`export type`, `export { type X }`,
 * re-exports of either) and pure types are left out. One program reads all the files.
 */
export function declaredValues(declarationFiles: string[]): Map<string, string[]> {
  const program = ts.createProgram(declarationFiles, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const values = new Map<string, string[]>();
  for (const file of declarationFiles) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file} is not a module`);
    const exported = checker.getExportsOfModule(module).filter((symbol) => isValue(checker, symbol));
    values.set(file, exported.map((symbol) => symbol.name).sort());
  }
  return values;
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
