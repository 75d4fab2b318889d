/**
 * JSON text as Python's `json.dumps(value, ensure_ascii=False)` writes it, which is what DeepSeek's
 * V4 encoding (`to_json` in `encoding_dsv4.py`) puts into the prompt for tool schemas and non-string
 * tool-call arguments: `", "` between items and `": "` after keys, keys in their given order, and
 * strings escaped as JSON.stringify escapes them (`"`, `\\`, control characters; non-ASCII verbatim).
 *
 * Built on the native `JSON.stringify` and one pass that adds the separators' spaces outside strings:
 * a replay renders every tool schema into every request, and this is several times faster than a
 * recursive writer. Known differences from Python: a float with an integral value (`1.0` in the
 * request) reads back in JavaScript as `1` and is written `1`; non-finite numbers become `null`.
 */
export function pythonJson(value: unknown): string {
  const compact = JSON.stringify(value) ?? 'null';
  let out = '';
  let from = 0;
  let inString = false;
  for (let index = 0; index < compact.length; index++) {
    const code = compact.charCodeAt(index);
    if (inString) {
      if (code === 92) index++; // backslash: skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 44 || code === 58) {
      out += `${compact.slice(from, index + 1)} `;
      from = index + 1;
    }
  }
  return out + compact.slice(from);
}
