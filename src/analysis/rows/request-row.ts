import { lostCostOf } from '../analyze/lost-by-cause.js';
import { lossCauseOf, type LossCause } from '../causes/loss-cause.js';
import type { CachePolicy } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';

/**
 * The version of the row schema. Raised when a column is renamed, removed or changes meaning; new
 * columns may be added within a version (a query that names its columns keeps working).
 */
export const ROW_SCHEMA_VERSION = 1;

/** Which kind of recorded traffic a row was read from (the reader that read it). */
export type RowHost = 'claude-code' | 'dsh' | 'codex' | 'watch' | 'bodies';

/** The host of each `analyze` reader, by the reader's name. */
// claude-trace logs are Claude Code's own traffic, captured as sent.
const HOST_OF_READER: Readonly<Record<string, RowHost>> = { 'claude-code': 'claude-code', 'claude-trace': 'claude-code', codex: 'codex', dsh: 'dsh', watch: 'watch', wire: 'bodies' };

/** The row host of a reader's trees: the reader's name mapped, or the session format when the reader is not one `analyze` ships. */
export function rowHost(readerName: string | undefined, session: SessionAnalysis): RowHost {
  const known = readerName === undefined ? undefined : HOST_OF_READER[readerName];
  if (known !== undefined) return known;
  return session.format === 'wire' ? 'bodies' : session.format;
}

/**
 * One request as one flat row, for DuckDB and any warehouse (`--format jsonl`): every value a string,
 * a number, a boolean or null, never a nested object, so `read_json_auto` gives one column per
 * member. Token counts are in the row's `tokenizer`; costs in `currency`, per request.
 */
export interface RequestRow {
  /** Always `ROW_SCHEMA_VERSION`. */
  readonly schema: typeof ROW_SCHEMA_VERSION;
  /** The file the request was read from, as given (or as found under a given folder). */
  readonly source: string;
  readonly host: RowHost;
  /** The project: a Claude Code session's working directory, else the folder of the tree's root file. */
  readonly project: string | null;
  /** The session (log file) of the request, by its id. */
  readonly session: string;
  /** The root session of its tree: a subagent's requests are billed with the session that started it. */
  readonly root_session: string;
  /** The session that started this one (null for a root). */
  readonly parent_session: string | null;
  /** The request's place in its session, from 0. */
  readonly index: number;
  /** ISO 8601 time the request was sent, when the log has one. */
  readonly time: string | null;
  readonly provider: string;
  readonly model: string;
  /** The cache policy the request was replayed through (`anthropic`, `openai`, `deepseek`, …). */
  readonly policy: string;
  /** The tokenizer the token counts are in. */
  readonly tokenizer: string;
  /** Input tokens of the request. */
  readonly tokens: number;
  readonly predicted_uncached: number;
  /** Predicted read (the low end where the prediction is a range). */
  readonly predicted_cache_read: number;
  /** The high end of the predicted read (equal to `predicted_cache_read` unless the provider stores outputs only sometimes). */
  readonly predicted_cache_read_high: number;
  readonly predicted_cache_write: number;
  /** What the provider reported (null when the log has no usage for the request). */
  readonly observed_uncached: number | null;
  readonly observed_cache_read: number | null;
  readonly observed_cache_write: number | null;
  /** The part of `observed_cache_write` written with a 1-hour TTL (0 when every write had the default TTL). */
  readonly observed_cache_write_1h: number | null;
  readonly observed_output: number | null;
  /** The predicted input's cost. */
  readonly cost_predicted: number;
  /** The observed input's and output's cost (null without observed usage). */
  readonly cost_observed: number | null;
  /** What `lost_tokens` cost at input and write prices (the `byCause` cost of the JSON report). */
  readonly cost_lost: number;
  readonly currency: string;
  /** Set when no published price exists for `model`: the source of the stand-in prices used instead. */
  readonly priced_as: string | null;
  /** Where the request's lost tokens went (`idle-gap`, `head-change`, `cold-first`, …, `new-content`), as "where the cache went" counts them. */
  readonly cause: LossCause;
  /** The one sentence the replay says about the request's divergence (null when it diverged from nothing). */
  readonly cause_detail: string | null;
  /** The divergence cause as the replay names it (`history`, `system`, `ttl`, `extension`, …; null with no earlier request to diverge from). */
  readonly divergence_cause: string | null;
  /** True when the divergence cause was inferred from bytes alone. */
  readonly divergence_inferred: boolean | null;
  /** Predicted uncached + predicted written tokens: what was prefilled or written again. */
  readonly lost_tokens: number;
  /** The provider's own reason for a cache miss, where its response carries one (null otherwise). */
  readonly server_cause: string | null;
}

/** What a tree's rows need beside the tree. */
export interface RowContext {
  /** The name of the reader that read the tree (`claude-code`, `dsh`, `watch`, `wire`). */
  readonly reader?: string;
  readonly project: string | null;
  /** The policy the tree was replayed through (its prices). */
  readonly policy: CachePolicy;
}

/**
 * The provider's stated reason for a miss: null where the response carried no diagnosis, `none`
 * where the provider found the prefix fully reusable.
 */
function serverCause(request: RequestAnalysis): string | null {
  const reason = request.observed?.cacheMissReason;
  if (reason === undefined) return null;
  return reason === null ? 'none' : reason.type;
}

/** The row of one request. */
export function requestRow(request: RequestAnalysis, session: SessionAnalysis, tree: SessionTreeAnalysis, context: RowContext): RequestRow {
  // The table the replay priced the request's costs with (the row in force at its time), so the
  // row's currency and stand-in note are those of its costs.
  const prices = context.policy.pricesFor(request.route.model, request.time === null ? undefined : new Date(request.time));
  const observed = request.observed;
  const lostUncached = request.predicted.uncached;
  const lostWritten = request.predicted.cacheWrite;
  const [, high] = request.predicted.cacheReadRange;
  return {
    schema: ROW_SCHEMA_VERSION,
    source: session.file,
    host: rowHost(context.reader, session),
    project: context.project,
    session: session.id,
    root_session: tree.sessions[0]?.id ?? session.id,
    parent_session: session.parentSession,
    index: request.index,
    time: request.time,
    provider: request.route.provider,
    model: request.route.model,
    policy: tree.policy,
    tokenizer: tree.tokenizer,
    tokens: request.tokens,
    predicted_uncached: request.predicted.uncached,
    predicted_cache_read: request.predicted.cacheRead,
    predicted_cache_read_high: high,
    predicted_cache_write: request.predicted.cacheWrite,
    observed_uncached: observed?.uncached ?? null,
    observed_cache_read: observed?.cacheRead ?? null,
    observed_cache_write: observed?.cacheWrite ?? null,
    observed_cache_write_1h: observed === null ? null : (observed.cacheWrite1h ?? 0),
    observed_output: observed?.output ?? null,
    cost_predicted: request.cost.predicted,
    cost_observed: observed === null ? null : request.cost.observed,
    // As "where the cache went" prices it, so the rows' sums by cause are the report's.
    cost_lost: lostCostOf(request, context.policy),
    currency: prices.currency,
    priced_as: prices.standInFor === undefined ? null : prices.source,
    cause: lossCauseOf(request, session),
    cause_detail: request.divergence?.detail ?? null,
    divergence_cause: request.divergence?.cause ?? null,
    divergence_inferred: request.divergence?.inferred ?? null,
    lost_tokens: lostUncached + lostWritten,
    server_cause: serverCause(request),
  };
}

/** The rows of a tree: sessions in the tree's order (root first), requests in each session's order. */
export function* treeRows(tree: SessionTreeAnalysis, context: RowContext): Generator<RequestRow> {
  for (const session of tree.sessions) for (const request of session.requests) yield requestRow(request, session, tree, context);
}

/** Every column of a row, in the order each row writes them (the README's "Rows for DuckDB" documents each). */
export const ROW_COLUMNS = [
  'schema', 'source', 'host', 'project', 'session', 'root_session', 'parent_session', 'index', 'time', 'provider', 'model', 'policy', 'tokenizer', 'tokens',
  'predicted_uncached', 'predicted_cache_read', 'predicted_cache_read_high', 'predicted_cache_write',
  'observed_uncached', 'observed_cache_read', 'observed_cache_write', 'observed_cache_write_1h', 'observed_output',
  'cost_predicted', 'cost_observed', 'cost_lost', 'currency', 'priced_as',
  'cause', 'cause_detail', 'divergence_cause', 'divergence_inferred', 'lost_tokens', 'server_cause',
] as const satisfies readonly (keyof RequestRow)[];

/** Fails to compile when a member of `RequestRow` is missing from `ROW_COLUMNS`. */
const everyColumnListed: [Exclude<keyof RequestRow, (typeof ROW_COLUMNS)[number]>] extends [never] ? true : never = true;
void everyColumnListed;
