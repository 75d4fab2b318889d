import { InputError } from '../../prefix/index.js';
import { isJsonObject } from '../../prefix/json-object.js';

/** A JSON object as parsed: string keys, unknown values. */
export type JsonObject = Record<string, unknown>;

// The one object check of every JSON reader (providers' log parser included) lives with the lowest layer.
export { isJsonObject } from '../../prefix/json-object.js';

/** What a value is, in words, for error messages (`an array`, `a string`, `null`). */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Where a reader is inside a body: the file it came from and the JSON path of the value being read
 * (`messages[3].content`), so that every complaint names both.
 */
export class BodyLocation {
  readonly source: string;
  // The path is spelled only when asked for (an error): readers step into every message and tool
  // of a long conversation, and almost never complain.
  #parent: BodyLocation | undefined;
  #key: string | number = '';
  #path: string | undefined;

  constructor(source: string, path: string = '') {
    this.source = source;
    this.#path = path;
  }

  /** The JSON path of the value (`messages[3].content`), '' for the body itself. */
  get path(): string {
    if (this.#path === undefined) {
      const parent = this.#parent!.path;
      const key = this.#key;
      this.#path = parent + (typeof key === 'number' ? `[${key}]` : parent === '' ? key : `.${key}`);
    }
    return this.#path;
  }

  /** The location of a child value: a key or an array index. */
  at(key: string | number): BodyLocation {
    const child = new BodyLocation(this.source);
    child.#parent = this;
    child.#key = key;
    child.#path = undefined;
    return child;
  }

  /** An InputError about the value at this location. */
  error(problem: string): InputError {
    const where = this.path === '' ? 'the request body' : `\`${this.path}\``;
    return new InputError('input/bad-request-body', `${where} ${problem}`, { source: this.source });
  }

  /** The value as an object, or an InputError naming what it was instead. */
  object(value: unknown): JsonObject {
    if (!isJsonObject(value)) throw this.#wrongType('an object', value);
    return value;
  }

  /** The value as an array, or an InputError naming what it was instead. */
  array(value: unknown): unknown[] {
    if (!Array.isArray(value)) throw this.#wrongType('an array', value);
    return value;
  }

  /** The value as a string, or an InputError naming what it was instead. */
  string(value: unknown): string {
    if (typeof value !== 'string') throw this.#wrongType('a string', value);
    return value;
  }

  #wrongType(expected: string, value: unknown): InputError {
    return value === undefined ? this.error(`is missing (${expected} is required)`) : this.error(`must be ${expected}, found ${describeJsonValue(value)}`);
  }
}
