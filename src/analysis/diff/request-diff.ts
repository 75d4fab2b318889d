import { comparePrefix, getTokenizer, PrefixTokenCounter, type LayoutName, type PrefixSize, type Tokenizer } from '../../prefix/index.js';
import { breakpointMarksOf } from '../policies/breakpoint-marks.js';
import { anthropicRequestProblems, type RequestProblem } from '../anthropic/anthropic-request-rules.js';
import { attributeDivergence, type AttributedDivergence } from '../causes/attributed-divergence.js';
import type { CauseScope } from '../causes/cause-scope.js';
import { refuseSessionLog } from './refuse-session-log.js';
import { readRequestFile } from '../bodies/read-request-file.js';
import type { ProviderBasis } from '../bodies/detect-provider.js';
import type { WireFormat } from '../bodies/wire-format.js';
import type { WireRequest } from '../bodies/read-request-body.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** One side of a diff: its size, where it came from, what it was read as. */
export interface DiffSide extends PrefixSize {
  readonly source: string;
  readonly format: WireFormat;
  readonly route: { readonly provider: string; readonly model: string };
  /** How the provider was decided (`assumed` when nothing identified it). */
  readonly providerBasis: ProviderBasis;
  readonly layout: LayoutName;
  /** Rules of the provider's API the request breaks (Anthropic's breakpoint rules), each with its source. */
  readonly problems: readonly RequestProblem[];
}

/** Where two requests stop sharing a cached prefix, why, and what they share: `kvprefix diff`'s result. */
export interface RequestDiff {
  readonly commonPrefix: PrefixSize;
  /** Null when the requests are identical. */
  readonly divergence: AttributedDivergence | null;
  readonly parent: DiffSide;
  readonly child: DiffSide;
  /** The tokenizer the token counts are in. */
  readonly tokenizer: string;
}

/** Options of `diffRequests`. */
export interface DiffOptions {
  readonly tokenizer?: Tokenizer;
  /** The host's scope, when known: causes become exact. */
  readonly scope?: CauseScope;
}

function side(request: WireRequest, size: PrefixSize, counter: PrefixTokenCounter): DiffSide {
  const { route, layout } = request.request;
  // Anthropic's rules apply to a body with breakpoints; a request without any is not counted again.
  const marked = route.provider === 'anthropic' && request.request.segments.some((segment) => segment.meta?.cacheControl);
  const problems = marked ? anthropicRequestProblems(breakpointMarksOf(request.request, counter), route.model) : [];
  return { ...size, source: request.source, format: request.format, route: { provider: route.provider, model: route.model }, providerBasis: request.providerBasis, layout, problems };
}

/** Compares two read requests and attributes their divergence. */
export function diffRequests(parent: WireRequest, child: WireRequest, options: DiffOptions = {}): RequestDiff {
  const counter = new PrefixTokenCounter(options.tokenizer ?? getTokenizer());
  const comparison = comparePrefix(parent.request, child.request, { counter });
  return {
    commonPrefix: comparison.commonPrefix,
    divergence: comparison.divergence ? attributeDivergence(parent.request, child.request, comparison.divergence, options.scope) : null,
    parent: side(parent, comparison.parent, counter),
    child: side(child, comparison.child, counter),
    tokenizer: comparison.tokenizer,
  };
}

/** Options of `diffRequestFiles`. */
export interface DiffFilesOptions extends DiffOptions, InputLimit {
  readonly cwd?: string;
  readonly layout?: LayoutName;
  /** The provider both requests reach, overriding detection. */
  readonly provider?: string;
  /** What the file name `-` reads. */
  readonly stdin?: AsyncIterable<Uint8Array>;
}

/** Reads two request files (bodies, recorded exchanges, `cassette.yaml#N`) and diffs them. */
export async function diffRequestFiles(parentFile: string, childFile: string, options: DiffFilesOptions = {}): Promise<RequestDiff> {
  const read = {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.layout ? { layout: options.layout } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...inputLimit(options),
    ...(options.stdin ? { stdin: options.stdin } : {}),
  };
  // A pick (`name.yaml#2`) and standard input are request sources, never session logs.
  for (const file of [parentFile, childFile]) if (!/#\d+$/.test(file) && file !== '-') await refuseSessionLog(file, options.cwd);
  const parent = await readRequestFile(parentFile, read);
  const child = await readRequestFile(childFile, read);
  return diffRequests(parent, child, options);
}
