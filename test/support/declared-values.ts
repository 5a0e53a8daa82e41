import ts from 'typescript';

/**
 * The names each declaration file exports as values, as TypeScript sees them: what a consumer may
 * `import { name }` and use at run time. Type-only exports (`export type`, `export { type X }`,
 * re-exports of either) and pure types are left out. One program reads all the files.
 */
export function declaredValues(declarationFiles: string[]): Map<string, string[]> {
  return declaredExports(
    declarationFiles,
    (checker, symbol, typeOnly) => !typeOnly.has(symbol) && isValue(checker, symbol),
  );
}

/** Every name each declaration file exports, types and values alike. */
export function declaredNames(declarationFiles: string[]): Map<string, string[]> {
  return declaredExports(declarationFiles, () => true);
}

function declaredExports(
  declarationFiles: string[],
  keep: (checker: ts.TypeChecker, symbol: ts.Symbol, typeOnly: Set<ts.Symbol>) => boolean,
): Map<string, string[]> {
  const program = ts.createProgram(declarationFiles, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const names = new Map<string, string[]>();
  for (const file of declarationFiles) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file} is not a module`);
    const typeOnly = typeOnlyStarExports(checker, source);
    const exported = checker.getExportsOfModule(module).filter((symbol) => keep(checker, symbol, typeOnly));
    names.set(file, exported.map((symbol) => symbol.name).sort());
  }
  return names;
}

/**
 * What a file re-exports through `export type * from`: types for importers, whatever they are.
 * Such names are the target module's own symbols (no alias says `type`), so they are collected here.
 */
function typeOnlyStarExports(checker: ts.TypeChecker, source: ts.SourceFile): Set<ts.Symbol> {
  const symbols = new Set<ts.Symbol>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.isTypeOnly || statement.exportClause) continue;
    const target = statement.moduleSpecifier && checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (target) for (const symbol of checker.getExportsOfModule(target)) symbols.add(symbol);
  }
  return symbols;
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
