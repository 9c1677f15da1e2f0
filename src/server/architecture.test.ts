/**
 * Module boundaries (issue 11 "Where the guards live"): no runtime import cycle among
 * the server's modules, no module imports app.ts (only start.ts and the test harness
 * build the app), and no module imports another module's routes.ts (only app.ts
 * registers routes). Imports are read with the TypeScript parser; `import type` and
 * imports of types only are erased at run time and do not count. No database needed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname);

function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The relative modules `file` imports at run time (static and dynamic), as absolute paths. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s).replace(/(\.ts)?$/, '.ts'));
}

const files = serverFiles();
const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
const rel = (f: string) => path.relative(SERVER, f);

describe('server module boundaries', () => {
  it('has no runtime import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'visiting');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'visiting') {
          cycles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(' > '));
        } else if (!state.has(next) && graph.has(next)) {
          visit(next);
        }
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('lets only start.ts and the test harness import app.ts, and only app.ts import routes', () => {
    const offenders: string[] = [];
    for (const [file, imports] of graph) {
      for (const target of imports) {
        const name = rel(target);
        if (name === 'app.ts' && !['start.ts', 'test/app.ts'].includes(rel(file))) {
          offenders.push(`${rel(file)} imports app.ts`);
        }
        if (name.endsWith('/routes.ts') && rel(file) !== 'app.ts') {
          offenders.push(`${rel(file)} imports ${name}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('reads imports (the check is not vacuous)', () => {
    expect(graph.get(path.join(SERVER, 'app.ts'))).toContain(
      path.join(SERVER, 'accounts/routes.ts'),
    );
    expect(graph.get(path.join(SERVER, 'app.ts'))).toContain(path.join(SERVER, 'quotes/routes.ts'));
  });
});

describe('the shared contracts', () => {
  it("import zod only through shared/schemas/zod.ts (jitless in the browser: the CSP has no 'unsafe-eval')", () => {
    const shared = path.resolve(SERVER, '../shared');
    const files = readdirSync(shared, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(shared, f));
    expect(files).toContain(path.join(shared, 'schemas/campaigns.ts'));
    const offenders = files.filter(
      (f) =>
        !f.endsWith(path.join('schemas', 'zod.ts')) &&
        /from ['"]zod(\/[^'"]*)?['"]/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(shared, f))).toEqual([]);
  });
});
