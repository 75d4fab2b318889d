import { cacheClassesOfReason, cacheClassOfCause } from '../causes/server-cause-class.js';
import type { CacheMissReason } from '../usage/cache-miss-reason.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';

/** A request whose predicted cause names another part of the request than the provider's diagnosis. */
export interface CauseDisagreement {
  /** The session as reports name it (its file; with its id where one file holds several sessions, as a watch record holds one per route). */
  readonly session: string;
  readonly index: number;
  /** kvprefix's cause (`tools`, `extension`, …). */
  readonly predicted: string;
  /** The provider's word, as it said it (`null`: it found the prefix fully reusable). */
  readonly server: CacheMissReason | null;
}

/** A request predicted to read more than it did, whose provider said why (a reason, not "fully reusable"). */
export interface ExplainedMiss {
  readonly session: string;
  readonly index: number;
  readonly predictedRead: number;
  readonly observedRead: number;
  /** kvprefix's cause (null when it compared the request with nothing). */
  readonly predicted: string | null;
  readonly server: CacheMissReason;
}

/** Predicted causes scored against the providers' own diagnoses, over the requests that have both. */
export interface CauseAccuracy {
  /** Requests with a predicted cause and a provider diagnosis that compared something. */
  readonly compared: number;
  /** Of those, requests whose cause names a part the provider's reason names (`CauseRule.cacheClass`). */
  readonly agree: number;
  readonly disagreements: readonly CauseDisagreement[];
  /** Requests whose provider compared nothing (`previous_message_not_found`, `unavailable`, …): not scored. */
  readonly notCompared: number;
  /** Reads predicted higher than the provider's by more than one read unit, where the provider named a reason: prediction misses it explains. */
  readonly explainedMisses: readonly ExplainedMiss[];
}

/** What a report calls each session of a tree: its file, and its id too where one file holds several. */
function sessionNames(tree: SessionTreeAnalysis): Map<SessionAnalysis, string> {
  const files = new Map<string, number>();
  for (const session of tree.sessions) files.set(session.file, (files.get(session.file) ?? 0) + 1);
  return new Map(tree.sessions.map((session) => [session, files.get(session.file)! > 1 ? `${session.file} (${session.id})` : session.file]));
}

/** The request's cause as reports show it; null when it was compared with nothing. */
function predictedCause(request: RequestAnalysis): string | null {
  return request.divergence?.cause ?? null;
}

/**
 * How a request's predicted cause stands against its provider's diagnosis: `agree` when the part
 * the cause declares (`CauseRule.cacheClass`) is one the provider's reason names, `disagree`
 * otherwise, `not-compared` when the provider compared nothing or kvprefix compared the request
 * with nothing; undefined when the response carried no diagnosis.
 */
export function causeAgreement(request: RequestAnalysis): 'agree' | 'disagree' | 'not-compared' | undefined {
  const reason = request.observed?.cacheMissReason;
  if (reason === undefined) return undefined;
  const parts = cacheClassesOfReason(reason);
  const predicted = predictedCause(request);
  if (parts === null || predicted === null) return 'not-compared';
  const part = cacheClassOfCause(predicted);
  return part !== undefined && parts.includes(part) ? 'agree' : 'disagree';
}

/**
 * Scores every predicted cause against the provider's diagnosis of the same request (its
 * `observed.cacheMissReason`): a request counts where both exist and the provider compared
 * something, and agrees when the part the cause declares is one the provider's reason names.
 * `unit` is the read granularity a miss must exceed (the policy's, as the read self-check uses).
 */
export function causeAccuracy(trees: readonly SessionTreeAnalysis[], unit = 1): CauseAccuracy {
  let compared = 0;
  let agree = 0;
  let notCompared = 0;
  const disagreements: CauseDisagreement[] = [];
  const explainedMisses: ExplainedMiss[] = [];
  for (const tree of trees) {
    const names = sessionNames(tree);
    for (const session of tree.sessions) {
      const name = names.get(session)!;
      for (const request of session.requests) {
        const reason = request.observed?.cacheMissReason;
        if (reason === undefined) continue;
        const predicted = predictedCause(request);
        if (reason !== null && request.predicted.cacheRead - request.observed!.cacheRead > unit) {
          explainedMisses.push({ session: name, index: request.index, predictedRead: request.predicted.cacheRead, observedRead: request.observed!.cacheRead, predicted, server: reason });
        }
        const agreement = causeAgreement(request);
        if (agreement === 'not-compared') {
          if (cacheClassesOfReason(reason) === null) notCompared++;
          continue;
        }
        compared++;
        if (agreement === 'agree') agree++;
        else disagreements.push({ session: name, index: request.index, predicted: predicted!, server: reason });
      }
    }
  }
  return { compared, agree, disagreements, notCompared, explainedMisses };
}

/** "tools_changed (1,200 tokens missed)", "fully reusable": the provider's word as reports write it. */
export function serverWord(reason: CacheMissReason | null): string {
  if (reason === null) return 'fully reusable';
  return reason.cacheMissedInputTokens === null ? reason.type : `${reason.type} (${reason.cacheMissedInputTokens.toLocaleString('en-US')} tokens missed)`;
}

/** What the provider said of a request, beside kvprefix's cause in a report's cause cell: " = provider tools_changed", " ≠ provider fully reusable"; empty without a diagnosis. */
export function providerSuffix(request: RequestAnalysis): string {
  const agreement = causeAgreement(request);
  if (agreement === undefined) return '';
  const word = serverWord(request.observed!.cacheMissReason!);
  return agreement === 'agree' ? ` = provider ${word}` : agreement === 'disagree' ? ` ≠ provider ${word}` : ` (provider: ${word})`;
}

/**
 * The self-check's line on causes (null when no request carried a provider diagnosis), naming the
 * first disagreements with both words, e.g. "causes against the provider's own diagnosis: 3/4
 * agree; session.jsonl #2: predicted extension, provider tools_changed (1,200 tokens missed)".
 */
export function causeAccuracyLine(accuracy: CauseAccuracy, shown = 3): string | null {
  if (accuracy.compared === 0 && accuracy.notCompared === 0) return null;
  const parts = [`causes against the provider's own diagnosis: ${accuracy.agree}/${accuracy.compared} agree`];
  for (const disagreement of accuracy.disagreements.slice(0, shown)) parts.push(`${disagreement.session} #${disagreement.index}: predicted ${disagreement.predicted}, provider ${serverWord(disagreement.server)}`);
  if (accuracy.disagreements.length > shown) parts.push(`${accuracy.disagreements.length - shown} more disagree (--json lists them)`);
  if (accuracy.notCompared > 0) parts.push(`${accuracy.notCompared} not compared by the provider (earlier response not found, or no diagnosis)`);
  return parts.join('; ');
}

/** One line per prediction miss the provider explained: "prediction miss: s #3 predicted read 4,012, read 0; the provider says tools_changed (…)". */
export function explainedMissLines(accuracy: CauseAccuracy): string[] {
  return accuracy.explainedMisses.map(
    (miss) =>
      `prediction miss: ${miss.session} #${miss.index} predicted read ${miss.predictedRead.toLocaleString('en-US')}, read ${miss.observedRead.toLocaleString('en-US')}${miss.predicted === null ? '' : ` (predicted cause ${miss.predicted})`}; the provider says ${serverWord(miss.server)}`,
  );
}
