import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import type { AnalyzeReport } from '../analyze/analyze-report.js';
import type { RequestAnalysis, SegmentSpan, SpanList } from '../result/session-analysis.js';
import { closingJson, treeJson } from './analyze-json.js';
import { chunkedWriter } from './chunked-writer.js';

/** Options of `writeAnalyzeJson`. */
export interface AnalyzeJsonStreamOptions {
  /**
   * Write each request's segment list (`--segments`). A request that repeats the leading segments of
   * the request written before it in its tree refers to them (`{"sameAs": {"session", "index", "first"}, "then": [...]}`)
   * instead of repeating them. Default false: requests carry no segment list.
   */
  readonly segments?: boolean;
}

const sameSpan = (a: SegmentSpan | undefined, b: SegmentSpan | undefined) =>
  a !== undefined && b !== undefined && a.hash === b.hash && a.tokens === b.tokens && a.kind === b.kind && a.name === b.name && a.inherited === b.inherited;

/** How many leading segments two lists share (span for span). */
function sharedLead(previous: SpanList, current: SpanList): number {
  const limit = Math.min(previous.length, current.length);
  let at = 0;
  while (at < limit && sameSpan(previous.at(at), current.at(at))) at++;
  return at;
}

/** The request written before, in the same tree: the one a request's segments may refer to. */
interface Previous {
  readonly session: string;
  readonly request: RequestAnalysis;
}

function segmentsJson(current: SpanList, previous: Previous | undefined): string {
  const shared = previous?.request.segments === undefined ? 0 : sharedLead(previous.request.segments, current);
  const spans: string[] = [];
  for (let at = shared; at < current.length; at++) spans.push(JSON.stringify(current.at(at)));
  if (shared === 0) return `[${spans.join(',')}]`;
  return `{"sameAs":{"session":${JSON.stringify(previous!.session)},"index":${previous!.request.index},"first":${shared}},"then":[${spans.join(',')}]}`;
}

/**
 * Writes the `--json` document of `kvprefix analyze` piece by piece: tree by tree, session by
 * session, request by request, so its size is never held as one string (a long run's document
 * outgrows the largest string V8 can build). The document is the one `analyzeJson` builds, with each
 * request's `segments` left out unless asked for, and then shared leading segments referred to.
 */
export function writeAnalyzeJson(result: AnalyzeResult & { readonly report?: AnalyzeReport }, write: (chunk: string) => void, options: AnalyzeJsonStreamOptions = {}): void {
  const chunks = chunkedWriter(write);
  const emit = chunks.emit;
  emit('{"sessions":[');
  let firstSession = true;
  result.trees.forEach((tree, treeIndex) => {
    let previous: Previous | undefined;
    for (const session of tree.sessions) {
      emit(firstSession ? '{' : ',{');
      firstSession = false;
      let firstMember = true;
      for (const [key, value] of Object.entries(session)) {
        emit(`${firstMember ? '' : ','}${JSON.stringify(key)}:`);
        firstMember = false;
        if (key !== 'requests') {
          emit(JSON.stringify(value) ?? 'null');
          continue;
        }
        emit('[');
        session.requests.forEach((request, at) => {
          const { segments, ...rest } = request;
          const text = JSON.stringify(rest);
          if (options.segments === true && segments !== undefined) emit(`${at === 0 ? '' : ','}${text.slice(0, -1)},"segments":${segmentsJson(segments, previous)}}`);
          else emit(`${at === 0 ? '' : ','}${text}`);
          previous = { session: session.id, request };
        });
        emit(']');
      }
      emit(`${firstMember ? '' : ','}"tree":${treeIndex}}`);
    }
  });
  emit('],"trees":[');
  result.trees.forEach((tree, index) => emit(`${index === 0 ? '' : ','}${JSON.stringify(treeJson(result, tree, index))}`));
  const closing = JSON.stringify(closingJson(result));
  emit(`],${closing.slice(1)}\n`);
  chunks.flush();
}
