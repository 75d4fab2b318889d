import type { CachePolicyName, CachePrediction, CacheUsage } from '../policies/cache-policy.js';
import type { CacheMissReason } from '../usage/cache-miss-reason.js';

/**
 * The result of analysing recorded sessions (`kvprefix analyze`, and the library functions behind
 * it): per request, what the policy predicts the cache reuses, what the provider reported, and where
 * and why the request stopped sharing the prefix it reused from. Every reader (DSH session trees,
 * Claude Code transcripts, captured wire bodies) produces this one shape, and every renderer (text,
 * Markdown, JSON, HTML) reads only it.
 */

/** One segment of a request as drawn in reports: its identity and its size in the route's tokens. */
/** What a report says about one head's calibration. */
export interface HeadCalibrationReport {
  /** Identity of the head (prefix hash after its last head segment, hex). */
  readonly head: string;
  /** Why the head is (or would be) calibrated: it came from placeholders, or the mode asks for every head. */
  readonly source: 'placeholders' | 'recorded';
  readonly calibration: {
    /** True when an offset was measured and added to this head's requests. */
    readonly applied: boolean;
    /** Tokens added to the rendering's count (0 when not applied). */
    readonly offsetTokens: number;
    /** The request it was measured on (`session.jsonl request 0`), null when not applied. */
    readonly on: string | null;
  };
}

export interface SegmentSpan {
  /** `system` | `tool` | `sdk` | `message` | `task`. */
  readonly kind: string;
  readonly name: string;
  readonly tokens: number;
  /** xxHash64 of the segment's bytes, hex. */
  readonly hash: string;
  /** True for history a fork child inherited from its parent (the seed). */
  readonly inherited?: boolean;
}

/**
 * A request's segments in wire order, read by index (`at`, negative from the end), by `length` or
 * by iteration. A plain array is one. A reader of a long log returns a list that shares its storage
 * with the lists of the requests before it, because each request repeats most of its predecessor's
 * segments and an array per request would grow with requests × history; such a list writes itself
 * to JSON as the array of its spans, so the `--json` document is the same either way. Copy it
 * (`[...list]`, `Array.from`) to use array methods.
 */
export interface SpanList extends Iterable<SegmentSpan> {
  readonly length: number;
  at(index: number): SegmentSpan | undefined;
}

/** Where a request first differs from the earlier request it reuses the most of, and why. */
export interface RequestDivergence {
  /** Kind and name of the segment holding the first differing byte, on this request's side (null when this request ends first). */
  readonly kind: string | null;
  readonly name: string | null;
  /** The cause (`route`, `persona`, `tool-filter`, `sdk`, `report-tool`, `output-contract`, `system`, `tools`, `history`, `task`, `extension`, …). */
  readonly cause: string;
  /** One sentence saying what happened, e.g. "tool 'report' added before the history". */
  readonly detail: string;
  /** True when the cause was inferred from bytes alone (no scope to attribute it exactly). */
  readonly inferred: boolean;
  /** The session and request index this request was compared against (null when none is earlier on its route). */
  readonly against: { readonly session: string; readonly index: number } | null;
}

/** One model request of a session, predicted and (where logged) observed. */
export interface RequestAnalysis {
  readonly index: number;
  /** ISO time of the request when the log has one. */
  readonly time: string | null;
  readonly route: { readonly provider: string; readonly model: string };
  /** Input tokens of the request in the route's tokenizer (calibrated where the reader says so). */
  readonly tokens: number;
  readonly predicted: CachePrediction;
  /**
   * The usage the provider reported, and where its response carried the provider's cache diagnosis
   * (Anthropic's `diagnostics`, OpenAI's `prompt_cache_diagnostics`), its reason: `null` when the
   * provider found the prefix fully reusable, absent when it said nothing.
   */
  readonly observed: (CacheUsage & { readonly output?: number; readonly cacheMissReason?: CacheMissReason | null }) | null;
  readonly divergence: RequestDivergence | null;
  readonly cost: { readonly predicted: number; readonly observed: number | null };
  /** The request's segments in wire order, for pictures (absent when the reader cannot segment). */
  readonly segments?: SpanList;
  /**
   * Set when the input does not hold all the request sent, saying what is missing (a Claude Code
   * compaction agent whose session's transcript is gone): its prediction is of the part the input
   * holds, so the self-check leaves it out.
   */
  readonly incomplete?: string;
}

/** One session (a log file) of a session tree. */
export interface SessionAnalysis {
  readonly file: string;
  readonly id: string;
  readonly format: 'dsh' | 'claude-code' | 'codex' | 'wire';
  readonly parentSession: string | null;
  /** Events a fork child inherited from its parent (DSH `seedLength`); null for a root or a spawn child. */
  readonly seedLength: number | null;
  readonly requests: readonly RequestAnalysis[];
}

/** A parent session and its children, replayed together in time order through one policy. */
export interface SessionTreeAnalysis {
  readonly policy: CachePolicyName;
  /** The tokenizer the token counts are in, e.g. `deepseek-v4 (calibrated)` or `o200k_base`. */
  readonly tokenizer: string;
  /** Root first, then children in the order they started. */
  readonly sessions: readonly SessionAnalysis[];
  /** Notes the reader wants the user to see (assumptions, calibration, skipped records and why). */
  readonly notes: readonly string[];
  /** Readers that calibrate request heads: each head met, and whether and by how much it was calibrated. */
  readonly heads?: readonly HeadCalibrationReport[];
  /** The root's working directory and title as its reader read them with it (a Claude Code transcript's `cwd` and summary), so a report names the tree without reading the file again. */
  readonly label?: { readonly cwd: string | null; readonly title: string | null };
  /**
   * Set when the reader was asked to replay its input again under another policy (a what-if) and
   * could not: how many requests, and why (watch records written before lines carried each request's
   * policy input). The requests are then as recorded, and no what-if may be read from them.
   */
  readonly notReplayed?: NotReplayed;
}

/** Requests a what-if could not replay, and why. */
export interface NotReplayed {
  readonly requests: number;
  readonly reason: string;
}
