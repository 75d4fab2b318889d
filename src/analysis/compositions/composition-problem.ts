/** Where in a composition something is: the file, a YAML path into it, and the 1-based line. */
export interface YamlLocation {
  readonly file: string;
  /** Path from the document root, e.g. `[41].config[3].config.backgroundMode`. */
  readonly yamlPath: string;
  readonly line: number;
}

/** Something kvprefix could not read or resolve in a composition, located by file and YAML path. */
export interface CompositionProblem extends YamlLocation {
  /** Stable identifier, e.g. `composition/row-schema`. */
  readonly code: string;
  readonly message: string;
  /** `error`: the composition is invalid or cannot be resolved; `warning`: DSH would skip it with a warning. */
  readonly severity: 'error' | 'warning';
}

/** Appends a key or index to a YAML path. */
export function childPath(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;
}
