import { statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One module a source file names: a static import, an `export … from`, an `import()` or a `require()`. */
export interface ModuleImport {
  specifier: string;
  /**
   * The compiled file does not load it: `import type`, `export type … from`, imports whose names
   * are all marked `type`, and `import('…')` in a type position.
   */
  typeOnly: boolean;
}

/** A named import or export list whose every name is marked `type` (the compiler then drops it). */
const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
  elements.length > 0 && elements.every((element) => element.isTypeOnly);

function importOf(node: ts.Node): ModuleImport | undefined {
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    const clause = node.importClause;
    const typeOnly =
      clause !== undefined &&
      (clause.isTypeOnly ||
        (clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          allTypes(clause.namedBindings.elements)));
    return { specifier: node.moduleSpecifier.text, typeOnly };
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
    const typeOnly =
      node.isTypeOnly ||
      (node.exportClause !== undefined && ts.isNamedExports(node.exportClause) && allTypes(node.exportClause.elements));
    return { specifier: node.moduleSpecifier.text, typeOnly };
  }
  if (
    ts.isImportEqualsDeclaration(node) &&
    ts.isExternalModuleReference(node.moduleReference) &&
    ts.isStringLiteral(node.moduleReference.expression)
  )
    return { specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly };
  if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0]!)) {
    const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
    const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
    if (isImport || isRequire) return { specifier: node.arguments[0].text, typeOnly: false };
  }
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
    return { specifier: node.argument.literal.text, typeOnly: true };
  return undefined;
}

/**
 * Every module a TypeScript source names, read with the compiler's parser rather than a regular
 * expression, so re-exports and dynamic imports anywhere in the file are found too.
 */
export function moduleImports(fileName: string, source: string): ModuleImport[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imports: ModuleImport[] = [];
  const visit = (node: ts.Node) => {
    const found = importOf(node);
    if (found) imports.push(found);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return imports;
}

/**
 * The source file a relative specifier names from `file` (both relative to `root`), or undefined
 * for a package or a file that is not TypeScript source.
 */
export function resolveRelative(root: string, file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const target = path.join(path.dirname(file), specifier);
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.js$/, '.tsx'),
    `${target}.ts`,
    path.join(target, 'index.ts'),
  ];
  return candidates.find((candidate) => statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile());
}
