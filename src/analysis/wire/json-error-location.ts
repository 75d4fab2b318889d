/** The first syntax error in a JSON text: its UTF-16 offset and what was expected there. */
export interface JsonSyntaxProblem {
  readonly offset: number;
  readonly reason: string;
}

class Stop extends Error {
  constructor(readonly problem: JsonSyntaxProblem) {
    super(problem.reason);
  }
}

/*
 * V8's JSON.parse names the position of an error only for some errors ("Unexpected token '}', …
 * is not valid JSON" carries none), so when parsing fails this scanner walks the text once more to
 * find where it went wrong. It only validates; it runs only on text JSON.parse already rejected.
 */
class JsonScanner {
  #at = 0;
  constructor(private readonly text: string) {}

  scan(): JsonSyntaxProblem | undefined {
    try {
      this.#whitespace();
      this.#value();
      this.#whitespace();
      if (this.#at < this.text.length) this.#fail('unexpected text after the JSON value');
      return undefined;
    } catch (error) {
      if (error instanceof Stop) return error.problem;
      throw error;
    }
  }

  #fail(reason: string): never {
    const found = this.#at >= this.text.length ? 'the end of the file' : JSON.stringify(this.text[this.#at]);
    throw new Stop({ offset: this.#at, reason: `${reason} (found ${found})` });
  }

  #whitespace(): void {
    while (this.#at < this.text.length && ' \t\n\r'.includes(this.text[this.#at]!)) this.#at++;
  }

  #value(): void {
    const char = this.text[this.#at];
    if (char === '{') return this.#object();
    if (char === '[') return this.#array();
    if (char === '"') return this.#string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return this.#number();
    for (const literal of ['true', 'false', 'null']) {
      if (this.text.startsWith(literal, this.#at)) {
        this.#at += literal.length;
        return;
      }
    }
    this.#fail('expected a JSON value');
  }

  #object(): void {
    this.#at++;
    this.#whitespace();
    if (this.text[this.#at] === '}') return void this.#at++;
    for (;;) {
      if (this.text[this.#at] !== '"') this.#fail('expected a double-quoted property name');
      this.#string();
      this.#whitespace();
      if (this.text[this.#at] !== ':') this.#fail("expected ':' after a property name");
      this.#at++;
      this.#whitespace();
      this.#value();
      this.#whitespace();
      if (this.text[this.#at] === '}') return void this.#at++;
      if (this.text[this.#at] !== ',') this.#fail("expected ',' or '}' after a property value");
      this.#at++;
      this.#whitespace();
    }
  }

  #array(): void {
    this.#at++;
    this.#whitespace();
    if (this.text[this.#at] === ']') return void this.#at++;
    for (;;) {
      this.#value();
      this.#whitespace();
      if (this.text[this.#at] === ']') return void this.#at++;
      if (this.text[this.#at] !== ',') this.#fail("expected ',' or ']' after an array element");
      this.#at++;
      this.#whitespace();
    }
  }

  #string(): void {
    this.#at++;
    for (;;) {
      const char = this.text[this.#at];
      if (char === undefined) this.#fail('unterminated string');
      if (char === '"') return void this.#at++;
      if (char < ' ') this.#fail('control character inside a string (escape it)');
      if (char === '\\') {
        const escape = this.text[this.#at + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.#at + 2, this.#at + 6))) this.#fail('bad \\u escape');
          this.#at += 6;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) {
          this.#at++;
          this.#fail('bad escape sequence');
        }
        this.#at += 2;
        continue;
      }
      this.#at++;
    }
  }

  #number(): void {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.#at, this.#at + 400));
    if (!match) this.#fail('malformed number');
    this.#at += match[0].length;
  }
}

/** Finds the first syntax error of a JSON text, or undefined when the text is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxProblem | undefined {
  return new JsonScanner(text).scan();
}

/** 1-based line and column of a UTF-16 offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
