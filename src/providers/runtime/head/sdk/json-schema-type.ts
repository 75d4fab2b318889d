/**
 * JSON Schema → TypeScript type text, as DSH's Code Mode generator writes it into the `tools:sdk`
 * section. Every rule here is read off the SDK blocks pinned in DSH's fixtures (the advanced-toolchain,
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

/** Internal: where the schema leaves the subset (caught here, never thrown out of this module). */
class UnsupportedSchema extends Error {
  readonly path: string;
  constructor(path: string, reason: string) {
    super(reason);
    this.path = path;
  }
}

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

function assertSupported(node: unknown, depth: number, path = '(root)'): asserts node is SchemaNode {
  const fail = (reason: string): never => {
    throw new UnsupportedSchema(path, reason);
  };
  if (!isNode(node)) fail('is not a schema object');
  if (depth > MAX_DEPTH) fail(`nests deeper than ${MAX_DEPTH} levels`);
  const schema = node as SchemaNode;
  for (const key of Object.keys(schema)) if (!SUPPORTED_KEYWORDS.has(key)) fail(`uses the keyword '${key}'`);
  if (schema['oneOf'] !== undefined) {
    if (!Array.isArray(schema['oneOf']) || schema['oneOf'].length === 0) fail('has an empty or non-array oneOf');
    for (const [index, member] of (schema['oneOf'] as unknown[]).entries()) assertSupported(member, depth + 1, `${path}.oneOf[${index}]`);
  }
  const type = schema['type'];
  if (type === undefined) return;
  if (typeof type !== 'string') fail('has a non-string type (type lists are outside the subset)');
  if (SCALAR_TYPES.has(type as string)) {
    if ('const' in schema && !isScalar(schema['const'])) fail('has a non-scalar const');
    if ('enum' in schema && !(Array.isArray(schema['enum']) && schema['enum'].length > 0 && schema['enum'].every(isScalar))) fail('has an enum that is not a non-empty list of scalars');
    return;
  }
  if (type === 'array') {
    if (schema['items'] !== undefined) assertSupported(schema['items'], depth + 1, `${path}.items`);
    return;
  }
  if (type !== 'object') fail(`has the type '${String(type)}'`);
  const properties = schema['properties'] ?? {};
  if (!isNode(properties)) fail('has properties that are not an object');
  for (const [name, property] of Object.entries(properties as SchemaNode)) assertSupported(property, depth + 1, `${path}.properties.${name}`);
  if (schema['required'] !== undefined && !(Array.isArray(schema['required']) && schema['required'].every((name) => typeof name === 'string'))) fail('has a required list that is not strings');
}

/**
 * Where a schema leaves DSH's tool-schema subset (type, description, properties, required,
 * additionalProperties, items, enum, const, oneOf), as `path reason`; undefined when it stays in
 * it. The subset is what the pinned workflow tool states for structured results ("ONLY
 * type/properties/required/additionalProperties/items/enum/const/oneOf — no pattern/format/numeric
 * bounds", advanced-toolchain/tool-schemas.expected.json) plus descriptions.
 */
export function unsupportedSchemaConstruct(schema: unknown): string | undefined {
  try {
    assertSupported(schema, 0);
    return undefined;
  } catch (error) {
    if (error instanceof UnsupportedSchema) return `${error.path} ${error.message}`;
    throw error;
  }
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
