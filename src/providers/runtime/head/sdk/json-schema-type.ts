/**
 * JSON Schema → TypeScript type text, as DSH's Code Mode generator writes it into the `tools:sdk`
 * section. Every rule here is read off the SDK blocks pinned in corpus/dsh (the advanced-toolchain,
 * code-mode-turn and code-mode-read-image heads), and test/runtime-sdk-section.test.ts renders those
 * blocks back byte for byte:
 * - `string`/`boolean`/`null` as themselves, `integer` as `number`; `const` and `enum` as JSON literals
 *   joined with ` | ` (`"workspace-write" | "danger-full-access"`);
 * - a node without `type` as `JsonValue`; `oneOf` as its members joined with ` | `;
 * - arrays as `T[]`, parenthesised when `T` contains `|` or `&` anywhere (`({ … })[]`), and
 *   `JsonValue[]` without `items`;
 * - objects as one member per line, two spaces per level, a one-line `/** description *\/` above a
 *   described member, `?` on optional ones; an object not closed by `additionalProperties: false`
 *   gets ` & Record<string, JsonValue>`; with no properties it is `Record<string, JsonValue>` (open)
 *   or `Record<string, never>` (closed).
 * A schema outside that subset renders as `unknown` as a whole, as DSH's does: the text is prompt
 * guidance, so a construct it cannot express degrades instead of failing the assembly.
 */

type SchemaNode = Readonly<Record<string, unknown>>;

/** Keywords DSH's tool-schema subset allows (every keyword any corpus tool schema uses is one of these). */
const SUPPORTED_KEYWORDS = new Set(['type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'oneOf']);
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Nesting beyond this renders `unknown`: no real tool schema comes near it, and a hostile one cannot exhaust the stack. */
const MAX_DEPTH = 64;

class UnsupportedSchema extends Error {}

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A member key: bare when it is an identifier, quoted otherwise. */
export function typeScriptKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** The one-line doc comment DSH writes for a description: whitespace collapsed, `*\/` escaped; none when empty. */
export function docLine(description: unknown, indent: number): string | undefined {
  if (typeof description !== 'string' || description === '') return undefined;
  const collapsed = description.replace(/\s+/g, ' ').trim();
  return `${'  '.repeat(indent)}/** ${collapsed.replaceAll('*/', '*\\/')} */`;
}

function assertSupported(node: unknown, depth: number): asserts node is SchemaNode {
  if (!isNode(node) || depth > MAX_DEPTH) throw new UnsupportedSchema();
  for (const key of Object.keys(node)) if (!SUPPORTED_KEYWORDS.has(key)) throw new UnsupportedSchema();
  if (node['oneOf'] !== undefined) {
    if (!Array.isArray(node['oneOf']) || node['oneOf'].length === 0) throw new UnsupportedSchema();
    for (const member of node['oneOf']) assertSupported(member, depth + 1);
  }
  const type = node['type'];
  if (type === undefined) return;
  if (typeof type !== 'string') throw new UnsupportedSchema();
  if (SCALAR_TYPES.has(type)) {
    if ('const' in node && !isScalar(node['const'])) throw new UnsupportedSchema();
    if ('enum' in node && !(Array.isArray(node['enum']) && node['enum'].length > 0 && node['enum'].every(isScalar))) throw new UnsupportedSchema();
    return;
  }
  if (type === 'array') {
    if (node['items'] !== undefined) assertSupported(node['items'], depth + 1);
    return;
  }
  if (type !== 'object') throw new UnsupportedSchema();
  const properties = node['properties'] ?? {};
  if (!isNode(properties)) throw new UnsupportedSchema();
  for (const property of Object.values(properties)) assertSupported(property, depth + 1);
  if (node['required'] !== undefined && !(Array.isArray(node['required']) && node['required'].every((name) => typeof name === 'string'))) throw new UnsupportedSchema();
}

function render(node: SchemaNode, indent: number): string {
  if (Array.isArray(node['oneOf'])) return node['oneOf'].map((member) => render(member as SchemaNode, indent)).join(' | ');
  const type = node['type'] as string | undefined;
  if (type === undefined) return 'JsonValue';
  if (SCALAR_TYPES.has(type)) {
    if ('const' in node) return JSON.stringify(node['const']);
    if ('enum' in node) return (node['enum'] as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
    return type === 'integer' ? 'number' : type;
  }
  if (type === 'array') {
    if (node['items'] === undefined) return 'JsonValue[]';
    const item = render(node['items'] as SchemaNode, indent);
    // DSH parenthesises on any `|` or `&` in the item text, doc comments included.
    return item.includes('|') || item.includes('&') ? `(${item})[]` : `${item}[]`;
  }
  const open = node['additionalProperties'] !== false;
  const entries = Object.entries((node['properties'] ?? {}) as Record<string, SchemaNode>);
  if (entries.length === 0) return open ? 'Record<string, JsonValue>' : 'Record<string, never>';
  const required = new Set((node['required'] ?? []) as string[]);
  const pad = '  '.repeat(indent + 1);
  const lines = ['{'];
  for (const [name, property] of entries) {
    const doc = docLine(property['description'], indent + 1);
    if (doc !== undefined) lines.push(doc);
    lines.push(`${pad}${typeScriptKey(name)}${required.has(name) ? '' : '?'}: ${render(property, indent + 1)};`);
  }
  lines.push(`${'  '.repeat(indent)}}`);
  const declared = lines.join('\n');
  return open ? `${declared} & Record<string, JsonValue>` : declared;
}

/** The TypeScript type of a JSON Schema node at a nesting level (members indented two spaces per level). */
export function jsonSchemaToTypeScript(schema: unknown, indent = 0): string {
  try {
    assertSupported(schema, 0);
    return render(schema, indent);
  } catch (error) {
    if (error instanceof UnsupportedSchema) return 'unknown';
    throw error;
  }
}
