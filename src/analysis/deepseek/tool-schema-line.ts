import { pythonJson } from './python-json.js';

/*
 * One tool's line of the "## Tools" block as DeepSeek's server counts it: the function object as
 * Python's `json.dumps(ensure_ascii=False)` writes it (python-json.ts), except that a line break inside
 * a string is a line break, not the two characters `\n`.
 *
 * The published V4 encoding (`render_tools` in `encoding_dsv4.py`) writes the escape. The recorded
 * usage says the server does not: DSH's `workflow` tool is the only one whose description holds
 * line breaks, and every recorded request whose head carries it counts exactly 13 tokens fewer than
 * the escaped rendering, on every request of the 23 full-header recordings of corpus
 * `dsh-as-recorded` and on the fs-escalation recording's pinned head, while the escalation pair,
 * whose four tools hold no line break, counts exactly as the escaped rendering does. Written with raw
 * line breaks, all of them count exactly. Quotes and backslashes stay escaped: unescaping them too
 * misses the escalation pair, whose schemas hold quotes.
 */

/** The line for a tool's function object (`{name, description, parameters}`). */
export function toolSchemaLine(fn: unknown): string {
  const json = pythonJson(fn);
  if (!json.includes('\\n')) return json;
  let out = '';
  let from = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index);
    if (!inString) {
      if (code === 34) inString = true;
      continue;
    }
    if (code === 34) {
      inString = false;
    } else if (code === 92) {
      // An escape: `\n` becomes a line break; any other (`\\`, `\"`, `\uXXXX`) is kept as written.
      if (json.charCodeAt(index + 1) === 110) {
        out += `${json.slice(from, index)}\n`;
        from = index + 2;
      }
      index++;
    }
  }
  return out + json.slice(from);
}
