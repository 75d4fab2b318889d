import { InputError, type RouteKey } from '../../prefix/index.js';
import type { RequestHeaderReason, ToolSchema } from './event-schema.js';
import type { HeadPins } from './head-pins.js';
import type { SessionLog } from './read-session-log.js';
import { isEventType, type LoggedEvent, type LoggedEventOf } from './session-event.js';

/** Placeholder a fixture writes for the system prompt kept in its pin. */
export const SYSTEM_PLACEHOLDER = '{{system}}';
/** Placeholder a fixture writes for the tool schemas kept in its pin. */
export const TOOLS_PLACEHOLDER = '{{tools}}';

/** The non-history part of a request, resolved to real values. */
export interface RequestHead {
  /** The `request/header` event it came from. */
  readonly header: LoggedEventOf<'request/header'>;
  readonly reason: RequestHeaderReason;
  readonly route: RouteKey;
  /** The system prompt, or undefined when the request had none. */
  readonly system: string | undefined;
  /** Tool schemas in wire order. */
  readonly tools: readonly ToolSchema[];
}

/** The latest `request/header` at or before seq `through` (the whole log when absent). */
export function latestRequestHeader(events: readonly LoggedEvent[], through?: number): LoggedEventOf<'request/header'> | undefined {
  let latest: LoggedEventOf<'request/header'> | undefined;
  for (const entry of events) {
    if (through !== undefined && entry.seq > through) break;
    if (isEventType(entry, 'request/header')) latest = entry;
  }
  return latest;
}

/**
 * Which pinned revision (of the tools, and of a system prompt with changes) a header uses: 0 for the loop instance's first header (`initial` or
 * `resume`), k for its k-th `change` header after that (DSH pins one loop instance per log).
 */
function pinRevision(events: readonly LoggedEvent[], header: LoggedEventOf<'request/header'>): number {
  let revision = 0;
  for (const entry of events) {
    if (entry.seq > header.seq) break;
    if (!isEventType(entry, 'request/header')) continue;
    revision = entry.event.data.reason === 'change' ? revision + 1 : 0;
  }
  return revision;
}

/** The placeholder DSH's fixture harness writes for the working directory of the run it recorded. */
const CWD_PLACEHOLDER = '{{cwd}}';

/**
 * A pinned value as the recorded run sent it: DSH's harness pins a head modulo the working
 * directory (`{{cwd}}` where the run's temporary directory was), so in a log whose header names the
 * real directory, the pinned head had that directory.
 */
function pinnedFor<T>(value: T, cwd: string | undefined): T {
  if (cwd === undefined || cwd === CWD_PLACEHOLDER) return value;
  if (typeof value === 'string') return value.replaceAll(CWD_PLACEHOLDER, cwd) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => pinnedFor(item, cwd)) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pinnedFor(item, cwd)])) as T;
  return value;
}

/**
 * Resolves a `request/header` to the head that was sent: the route from its config, the system
 * prompt and the tool schemas, with fixture placeholders filled from the pins (their `{{cwd}}` the
 * log's own working directory `cwd`, when the log names a real one). Tools recorded by name
 * only are looked up in the pins by name. Anything that cannot be resolved is an `InputError` naming
 * the header's line: a request cannot be rebuilt from a guess.
 */
export function resolveRequestHead(events: readonly LoggedEvent[], header: LoggedEventOf<'request/header'>, pins: HeadPins = {}, source?: string, cwd?: string): RequestHead {
  const fail = (code: string, reason: string): never => {
    throw new InputError(code, `request/header (${header.event.data.reason}, seq ${header.seq}): ${reason}`, { source, line: header.line });
  };
  const { config, system, tools } = header.event.data.header;
  if (config.provider === undefined) fail('input/no-route', 'its config names no provider, so the request has no route');
  const route: RouteKey = { provider: config.provider as string, model: config.model };

  let resolvedSystem: string | undefined = system;
  if (system === SYSTEM_PLACEHOLDER) {
    if (!pins.system) fail('input/pin-missing', `the system prompt is the placeholder ${SYSTEM_PLACEHOLDER} and no system-prompt pin was given`);
    // The k-th `change` header takes the pin's k-th `<!-- system/message change k -->` prompt; a pin
    // with no changes declares one prompt for every header of the log.
    const revision = pinRevision(events, header);
    const changes = pins.system?.changes ?? [];
    if (revision > 0 && changes.length > 0) {
      const changed = changes[revision - 1];
      if (changed === undefined) fail('input/pin-missing', `it is change header #${revision} and the system-prompt pin (${pins.system?.file ?? 'given'}) has only ${changes.length} changes`);
      resolvedSystem = pinnedFor(changed, cwd);
    } else {
      resolvedSystem = pinnedFor(pins.system?.initial, cwd);
    }
  }

  let resolvedTools: ToolSchema[] = [];
  if (tools === TOOLS_PLACEHOLDER) {
    if (!pins.tools) fail('input/pin-missing', `the tools are the placeholder ${TOOLS_PLACEHOLDER} and no tool-schemas pin was given`);
    const revision = pinRevision(events, header);
    const pinned = revision === 0 ? pins.tools?.initial : pins.tools?.changes[revision - 1];
    if (!pinned) fail('input/pin-missing', `it is change header #${revision} and the tool-schemas pin (${pins.tools?.file ?? 'given'}) has only ${pins.tools?.changes.length ?? 0} changes`);
    resolvedTools = pinnedFor([...(pinned ?? [])], cwd);
  } else if (typeof tools === 'string') {
    fail('input/schema', `tools is the string ${JSON.stringify(tools.slice(0, 40))}, neither a schema list nor ${TOOLS_PLACEHOLDER}`);
  } else if (tools !== undefined) {
    const byName = new Map<string, ToolSchema>();
    for (const schema of [...(pins.tools?.initial ?? []), ...(pins.tools?.changes.flat() ?? [])]) byName.set(schema.name, schema);
    resolvedTools = tools.map((tool) => {
      if (typeof tool !== 'string') return tool;
      const pinned = byName.get(tool);
      return pinned ? pinnedFor(pinned, cwd) : fail('input/unresolved-tool', `tool '${tool}' is recorded by name only and no pinned schema has that name`);
    });
  }
  return { header, reason: header.event.data.reason, route, system: resolvedSystem, tools: resolvedTools };
}

/**
 * The head of the request a session sent at a point of its log (inclusive seq `through`): the latest
 * `request/header` there, resolved with the pins. A point before any header is an `InputError`: the
 * log records no request there.
 */
export function requestHeadAt(log: SessionLog, through: number, pins?: HeadPins): RequestHead {
  const header = latestRequestHeader(log.events, through);
  if (!header) throw new InputError('input/no-request-header', `no request/header at or before seq ${through}: the log records no request there`, { source: log.source });
  return resolveRequestHead(log.events, header, pins, log.source, log.header.cwd);
}
