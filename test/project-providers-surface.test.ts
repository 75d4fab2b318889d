import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = path.join(ROOT, 'src/providers/index.ts');

/** Every name `kvprefix/providers` exports, with the JSDoc of the declaration it resolves to. */
function exportedDocs(): { name: string; documented: boolean; file: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram([ENTRY], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!)!;
  return checker.getExportsOfModule(module).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const declaration = target.declarations?.[0];
    const documented = target.getDocumentationComment(checker).length > 0 || (declaration !== undefined && ts.getJSDocCommentsAndTags(declaration).length > 0);
    return { name: symbol.name, documented, file: declaration ? path.relative(ROOT, declaration.getSourceFile().fileName) : '?' };
  });
}

describe('kvprefix/providers is a documented, deliberate surface', () => {
  const exports = exportedDocs();

  it('documents every export with JSDoc on its declaration', () => {
    expect(exports.length).toBeGreaterThan(30);
    expect(exports.filter((entry) => !entry.documented).map((entry) => `${entry.name} (${entry.file})`)).toEqual([]);
  });

  it('exports no test fixture writers (they live in kvprefix/testing)', () => {
    const names = exports.map((entry) => entry.name);
    for (const writer of ['toFixtureRows', 'toFixtureJsonl', 'MIN_PACKED_RUN', 'FixtureRow']) expect(names).not.toContain(writer);
    expect(names).toContain('renderSdkSection');
  });
});
