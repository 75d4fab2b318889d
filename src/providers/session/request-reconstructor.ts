import { InputError, type MessagePart, type RequestParts, type SystemPart, type ToolPart } from '../../prefix/index.js';
import { TOOL_RESULT_IMAGES_PREFIX, toolSchemaToChatWire, toSourcedChatMessages, type ChatWireMessage, type StoredMessage } from './chat-wire.js';
import { ownEventsStart } from './delegation-call.js';
import type { SessionLog } from './read-session-log.js';
import type { ReconstructedRequestParts, ReconstructRequestOptions } from './reconstruct-request.js';
import { resolveRequestHead, type RequestHead } from './request-head.js';
import { isEventType, type LoggedEventOf } from './session-event.js';
import { foldSurfaceEvent, surfaceMessage, type SurfaceEntry } from './surface.js';

/** Options of `RequestReconstructor`: those of `reconstructRequestParts` but the point, which each call names. */
export type RequestReconstructorOptions = Omit<ReconstructRequestOptions, 'through'>;

/** The head of the latest header and the parts it gives every request under it. */
interface ResolvedHead {
  readonly head: RequestHead;
  readonly system: readonly SystemPart[];
  readonly tools: readonly ToolPart[];
  readonly systemMessages: readonly ChatWireMessage[];
}

/** True when a wire message may be the tool-result image group that `toSourcedChatMessages` flushes at the end of its input. */
function mayBeTrailingImages(message: ChatWireMessage | undefined): boolean {
  return message?.role === 'user' && typeof message.content !== 'string' && message.content[0]?.type === 'text' && message.content[0].text === TOOL_RESULT_IMAGES_PREFIX;
}

/**
 * Rebuilds the requests of one log in the order they were sent, each from the one before:
 * `partsAt(through)` returns exactly what `reconstructRequestParts(log, {through, ...})` returns, but
 * folds only the events after the previous point and converts only the messages they append.
 * Rebuilding every request from the whole log made a long log's replay quadratic in time and in
 * allocation (each request converted its whole history again).
 *
 * History is not always append-only; there the converted history is rebuilt from the surface:
 * - a `surfaceOp: replace` (DSH's compaction) rewrites a range of the surface;
 * - a point before the previous one (a caller going back) starts over from the log's first event;
 * - tool-result images wait for the next user or assistant message before they are sent, so a
 *   history that ends with them is converted again once more messages follow.
 * A new `request/header` (a resume, a config, system prompt or tool change) resolves the head again.
 *
 * The wire messages and parts of earlier messages are the same objects from one request to the
 * next, so a renderer can tell the history it saw before by identity (`DeepSeekV4Renderer` does).
 * The arrays each call returns are the caller's own.
 */
export class RequestReconstructor {
  readonly #log: SessionLog;
  readonly #options: RequestReconstructorOptions;
  readonly #taskFrom: number | null;
  /** Index in `log.events` of the next event to fold, and the last seq folded. */
  #next = 0;
  #through = -1;
  #header: LoggedEventOf<'request/header'> | undefined;
  #head: ResolvedHead | undefined;
  readonly #surface: SurfaceEntry[] = [];
  /** How many surface entries `#wire` and `#parts` cover. */
  #converted = 0;
  #wire: ChatWireMessage[] = [];
  #parts: MessagePart[] = [];
  #taskWire = -1;
  /** Where a fork child's own events start (null outside a fork child): messages from before it are inherited. */
  readonly #seedEnd: number | null;
  /** Indices in `#wire` of the messages converted from inherited (seed) surface entries, ascending. */
  #inherited: number[] = [];

  constructor(log: SessionLog, options: RequestReconstructorOptions = {}) {
    this.#log = log;
    this.#options = options;
    this.#taskFrom = options.taskFrom === undefined ? (log.header.parentSession === undefined ? null : ownEventsStart(log)) : options.taskFrom;
    this.#seedEnd = log.header.seedLength ? ownEventsStart(log) : null;
  }

  /**
   * Indices among the conversation messages of the request last returned by `partsAt` (system
   * messages not counted) of those converted from history inherited from a fork parent (surface
   * entries before the seed's end); empty outside a fork child. Kept as messages are converted, so a
   * caller need not convert the whole surface again per request. The same array until the
   * conversion starts over; read it before the next `partsAt`.
   */
  inheritedMessages(): readonly number[] {
    return this.#inherited;
  }

  /** The request sent at `through` (inclusive seq), as `reconstructRequestParts` builds it. */
  partsAt(through: number): ReconstructedRequestParts {
    if (through < this.#through) this.#restart();
    this.#fold(through);
    const resolved = this.#resolvedHead(through);
    this.#convert();
    return {
      head: resolved.head,
      surface: this.#surface.slice(),
      messages: resolved.systemMessages.concat(this.#wire),
      parts: { system: resolved.system, tools: resolved.tools, messages: this.#parts.slice() } satisfies RequestParts,
    };
  }

  #restart(): void {
    this.#next = 0;
    this.#through = -1;
    this.#header = undefined;
    this.#head = undefined;
    this.#surface.length = 0;
    this.#resetConversion();
  }

  #resetConversion(): void {
    this.#converted = 0;
    this.#wire = [];
    this.#parts = [];
    this.#taskWire = -1;
    this.#inherited = [];
  }

  #fold(through: number): void {
    const events = this.#log.events;
    while (this.#next < events.length && events[this.#next]!.seq <= through) {
      const entry = events[this.#next++]!;
      if (isEventType(entry, 'request/header')) {
        this.#header = entry;
        this.#head = undefined;
      } else if (foldSurfaceEvent(this.#surface, entry, this.#log.source) === 'replace') {
        this.#resetConversion();
      }
    }
    this.#through = through;
  }

  #resolvedHead(through: number): ResolvedHead {
    if (this.#head) return this.#head;
    const header = this.#header;
    if (!header) throw new InputError('input/no-request-header', `no request/header at or before seq ${through}: the log records no request there`, { source: this.#log.source });
    const head = resolveRequestHead(this.#log.events, header, this.#options.pins, this.#log.source, this.#log.header.cwd);
    this.#head = {
      head,
      system: head.system === undefined ? [] : (this.#options.systemParts?.(head.system) ?? [{ name: 'system', text: head.system }]),
      tools: head.tools.map((tool) => ({ name: tool.name, schema: toolSchemaToChatWire(tool) })),
      systemMessages: head.system === undefined ? [] : [{ role: 'system', content: head.system }],
    };
    return this.#head;
  }

  /** Converts the surface entries appended since the last call (all of them after a rewrite). */
  #convert(): void {
    if (this.#converted === this.#surface.length) return;
    // Images flushed at the end of the last conversion move behind the messages that follow them.
    if (this.#converted > 0 && mayBeTrailingImages(this.#wire.at(-1))) this.#resetConversion();
    const from = this.#converted;
    const added: StoredMessage[] = [];
    for (let index = from; index < this.#surface.length; index++) added.push(surfaceMessage(this.#surface[index]!.event));
    const sourced = toSourcedChatMessages(added);

    // The task is the first wire message of the first own user message; once found, appending keeps it.
    let taskSource = -1;
    if (this.#taskWire === -1 && this.#taskFrom !== null) {
      const taskFrom = this.#taskFrom;
      for (let index = from; index < this.#surface.length; index++) {
        const entry = this.#surface[index]!;
        if (entry.seq >= taskFrom && entry.event.type === 'user/message') {
          taskSource = index - from;
          break;
        }
      }
    }
    for (const entry of sourced) {
      const index = this.#wire.length;
      const isTask = taskSource !== -1 && this.#taskWire === -1 && entry.source === taskSource;
      if (isTask) this.#taskWire = index;
      if (this.#seedEnd !== null && (this.#surface[from + entry.source]?.seq ?? Infinity) < this.#seedEnd) this.#inherited.push(index);
      this.#wire.push(entry.message);
      this.#parts.push({ name: `message[${index}]:${entry.message.role}`, role: entry.message.role, wire: entry.message, ...(isTask ? { kind: 'task' as const } : {}) });
    }
    this.#converted = this.#surface.length;
  }
}
