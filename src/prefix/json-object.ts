/** True for a parsed JSON object (not null, not an array): the one check every reader of JSON input uses. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
