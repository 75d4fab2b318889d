/**
 * JSON text as Python's `json.dumps(value, ensure_ascii=False)` writes it, which is what DeepSeek's
 * V4 encoding (`to_json` in `encoding_dsv4.py`) puts into the prompt for tool schemas and non-string
 * tool-call arguments: `", "` between items and `": "` after keys, keys in their given order, and
 * strings escaped as JSON.stringify escapes them (`"`, `\\`, control characters; non-ASCII verbatim).
 *
 * One known difference: a float with an integral value (`1.0` in the request) reads back in
 * JavaScript as `1` and is written `1`, where Python keeps `1.0`.
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((item) => pythonJson(item)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pythonJson(item)}`).join(', ')}}`;
  }
  return JSON.stringify(String(value));
}
