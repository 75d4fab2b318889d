/**
 * Test support (not a test file): the `@deepseek-ai/dsh-tool-subagent` rows of the corpus's cordis
 * compositions. No YAML library is installed, so this reads exactly the subset those rows use
 * (a `config:` block of `key: scalar` lines, one nested level of `key:` blocks or flow lists) and
 * throws on anything else rather than guessing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DSH } from './runtime-corpus.js';

/** One delegation-tool row: where it is and its config. */
export interface DelegationRow {
  readonly file: string;
  readonly line: number;
  readonly config: Record<string, unknown>;
  /** The row is present but switched off (`disabled: true`). */
  readonly disabled: boolean;
}

const ROW_NAME = /^(\s*)(?:-\s+)?name:\s*['"]?@deepseek-ai\/dsh-tool-subagent['"]?\s*$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function scalar(raw: string, where: string): unknown {
  const value = raw.replace(/\s+#.*$/, '').trim();
  if (value.startsWith('!!')) throw new Error(`${where}: tagged value ${value} is outside the supported subset`);
  if (/^'.*'$/.test(value) || /^".*"$/.test(value)) return value.slice(1, -1);
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^-?\d+$/.test(value)) return Number(value);
  if (value.startsWith('[') && value.endsWith(']')) {
    return value
      .slice(1, -1)
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
      .map((item) => scalar(item, where));
  }
  if (/^[\w@./:-][\w@./: -]*$/.test(value)) return value;
  throw new Error(`${where}: value ${JSON.stringify(value)} is outside the supported subset`);
}

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
  const lines = readFileSync(file, 'utf8').split('\n');
  const rows: DelegationRow[] = [];
  for (const [index, line] of lines.entries()) {
    const match = ROW_NAME.exec(line);
    if (!match) continue;
    const nameIndent = indentOf(line.replace(/-\s+/, (dash) => ' '.repeat(dash.length)));
    const config: Record<string, unknown> = {};
    let disabled = false;
    let cursor = index + 1;
    const meaningful = (text: string) => text.trim() !== '' && !text.trim().startsWith('#');
    // Sibling keys of the row (`disabled: true`, …) may sit between `name:` and `config:`.
    for (; cursor < lines.length; cursor++) {
      const text = lines[cursor]!;
      if (!meaningful(text)) continue;
      if (indentOf(text) !== nameIndent || text.trim().startsWith('-') || text.trim() === 'config:') break;
      if (/^disabled:\s*true\s*$/.test(text.trim())) disabled = true;
    }
    const configLine = lines[cursor];
    if (configLine !== undefined && configLine.trim() === 'config:' && indentOf(configLine) === nameIndent) {
      const configIndent = indentOf(configLine);
      let nested: Record<string, unknown> | undefined;
      let nestedIndent = -1;
      for (cursor++; cursor < lines.length; cursor++) {
        const text = lines[cursor]!;
        if (!meaningful(text)) continue;
        const indent = indentOf(text);
        if (indent <= configIndent) break;
        const where = `${file}:${cursor + 1}`;
        const entry = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(text.trim());
        if (!entry) throw new Error(`${where}: line ${JSON.stringify(text)} is outside the supported subset`);
        const [, key, value] = entry as unknown as [string, string, string];
        if (nested && indent > nestedIndent) {
          nested[key] = scalar(value, where);
          continue;
        }
        nested = undefined;
        if (value.replace(/\s+#.*$/, '') === '') {
          nested = {};
          nestedIndent = indent;
          config[key] = nested;
        } else {
          config[key] = scalar(value, where);
        }
      }
    }
    rows.push({ file: path.relative(DSH, file), line: index + 1, config, disabled });
  }
  return rows;
}

/** Every delegation-tool row of every composition in the corpus. */
export function allDelegationRows(): DelegationRow[] {
  return cordisFiles().flatMap(delegationRows);
}
