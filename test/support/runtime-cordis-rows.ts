/**
 * Test support (not a test file): the `@deepseek-ai/dsh-tool-subagent` rows of the corpus's cordis
 * compositions, read with the `yaml` package. A row is any mapping whose `name` is the delegation
 * tool, wherever it is nested; DSH's `!!js` values are read as kvprefix's composition reader reads
 * them (JsExpression), and any YAML warning fails like an error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, visit, type YAMLMap } from 'yaml';
import { JS_EXPRESSION_TAG } from '../../src/analysis/compositions/js-expression.js';
import { DSH } from './runtime-corpus.js';

/** One delegation-tool row: where it is and its config. */
export interface DelegationRow {
  readonly file: string;
  readonly line: number;
  readonly config: Record<string, unknown>;
  /** The row is present but switched off (`disabled: true`). */
  readonly disabled: boolean;
}

const DELEGATION_TOOL = '@deepseek-ai/dsh-tool-subagent';

/** Every `*cordis*.yml` file under the DSH corpus. */
export function cordisFiles(root = DSH): string[] {
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/cordis.*\.ya?ml$/.test(entry.name)) found.push(full);
    }
  };
  walk(root);
  return found.sort();
}

/** The delegation-tool rows of one composition file. */
export function delegationRows(file: string): DelegationRow[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(readFileSync(file, 'utf8'), { lineCounter, customTags: [JS_EXPRESSION_TAG] });
  const [problem] = [...document.errors, ...document.warnings];
  if (problem) throw new Error(`${file}: ${problem.message}`);
  const rows: DelegationRow[] = [];
  visit(document, {
    Map(_key, node: YAMLMap) {
      const name = node.get('name', true);
      if (!isScalar(name) || name.value !== DELEGATION_TOOL) return;
      const config = node.get('config', true);
      rows.push({
        file: path.relative(DSH, file),
        line: lineCounter.linePos(name.range?.[0] ?? 0).line,
        config: isMap(config) ? (config.toJS(document) as Record<string, unknown>) : {},
        disabled: node.get('disabled') === true,
      });
    },
  });
  return rows;
}

/** Every delegation-tool row of every composition in the corpus. */
export function allDelegationRows(): DelegationRow[] {
  return cordisFiles().flatMap(delegationRows);
}
