import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { InputError } from '../../prefix/index.js';

// Loaded on the first YAML file, synchronously from the package's CommonJS build: the parser is 72
// modules, a third of a cold `kvprefix diff` of two JSON bodies that never needed it.
const load = createRequire(import.meta.url);
let yaml: typeof Yaml | undefined;

/**
 * Parses a YAML file (a vcrpy cassette of recorded exchanges) with the `yaml` package, in YAML 1.1
 * mode because vcrpy writes through PyYAML, a YAML 1.1 implementation: `!!binary` header values
 * become bytes and plain scalars resolve as PyYAML resolves them. The first error becomes an
 * InputError with the file and line.
 */
export function parseYamlText(text: string, source: string): unknown {
  yaml ??= load('yaml') as typeof Yaml;
  const document = yaml.parseDocument(text, { version: '1.1', uniqueKeys: true, prettyErrors: true });
  const [error] = document.errors;
  if (error) {
    const line = error.linePos?.[0]?.line;
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new InputError('input/malformed-yaml', `not valid YAML: ${reason}`, { source, line });
  }
  // Aliases are legal YAML but a cassette never needs many: bound them against alias bombs.
  return yamlValue(() => document.toJS({ maxAliasCount: 1000 }), source);
}

/**
 * The value of a parsed YAML document or node (`toJS`), where the `yaml` package's alias-bomb guard
 * (a few aliases that would expand to billions of nodes: "Excessive alias count") becomes an
 * InputError naming the file and line, not an internal error.
 */
export function yamlValue<T>(toJs: () => T, source: string, line?: number): T {
  try {
    return toJs();
  } catch (error) {
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    throw new InputError('input/yaml-alias-bomb', 'too many YAML alias expansions (an alias bomb?): write the values out, or use fewer aliases', { source, line }, { cause: error });
  }
}
