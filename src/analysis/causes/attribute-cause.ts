import type { Divergence, DivergenceSide, PrefixComparison, PrefixRequest } from '../../prefix/index.js';
import type { CauseContext, CauseFinding, CauseRule } from './cause-rule.js';
import { CAUSE_RULES } from './cause-rules.js';
import type { CauseScope } from './cause-scope.js';
import { DIVERGENCE_CAUSE_FACTS, type DivergenceCause } from './divergence-cause.js';
import { headChanges } from './head-changes.js';
import { headView } from './head-view.js';
import { keyedSetting } from './setting-causes.js';

/** What a divergence means: the cause, what it is about, one sentence, and whether it was inferred. */
export interface CauseAttribution {
  readonly cause: DivergenceCause;
  /** What the cause is about: the added or removed tool, the section, the message, the child's route. */
  readonly name: string;
  /** One sentence saying what happened, e.g. "tool 'report' is added after 'read', the last of the parent's tools". */
  readonly detail: string;
  /** True when read from the bytes of wire bodies alone; false when the host's scope made it exact. */
  readonly inferred: boolean;
  /** The request holding the change, and its segment at the first differing byte. */
  readonly side: 'parent' | 'child';
  readonly segment: DivergenceSide;
}

/**
 * The context rules read, its heads worked out on first read: only head rules read them, and
 * reading them walks both requests, which a long history made the largest part of attributing a
 * difference among its messages. (A class, so that every context shares one shape: an object
 * literal with its own getter gets a shape of its own, one per call.)
 */
class LazyHeadContext implements CauseContext {
  #head: CauseContext['head'] | undefined;

  constructor(
    readonly parent: PrefixRequest,
    readonly child: PrefixRequest,
    readonly divergence: Divergence,
    readonly scope: CauseScope | undefined,
  ) {}

  get head(): CauseContext['head'] {
    this.#head ??= headChanges(headView(this.parent, this.scope?.parentSections), headView(this.child, this.scope?.childSections), this.child.layout);
    return this.#head;
  }
}

const HEAD_KINDS = new Set(['system', 'sdk', 'tool']);

/** True when a side sits in the head: system text, SDK block, tools, or a setting that heads the system prompt. */
function isHeadSide(side: DivergenceSide): boolean {
  if (side.kind !== 'setting') return HEAD_KINDS.has(side.kind);
  const setting = keyedSetting(side.name);
  return setting !== undefined && DIVERGENCE_CAUSE_FACTS[setting.cause].where === 'head';
}

/** True when either side's first difference lies in its head. */
function inHead(divergence: Divergence): boolean {
  return [divergence.parent, divergence.child].some((side) => side !== null && isHeadSide(side));
}

/**
 * The side a report points at when the rule does not say: the one whose first differing byte is
 * inside its head when only one is (an added tool at the end of the tools meets the other side's
 * first message), else the one that is mid-segment when only one is (text gained at the end of a
 * section meets the start of the other side's next segment), else the parent.
 */
function defaultSide(divergence: Divergence): 'parent' | 'child' {
  const { parent, child } = divergence;
  if (!parent) return 'child';
  if (!child) return 'parent';
  const parentHead = isHeadSide(parent);
  if (parentHead !== isHeadSide(child)) return parentHead ? 'parent' : 'child';
  if ((parent.segmentByteOffset === 0) !== (child.segmentByteOffset === 0)) return parent.segmentByteOffset === 0 ? 'child' : 'parent';
  return 'parent';
}

function firstApplying(rules: readonly CauseRule[], context: CauseContext): { rule: CauseRule; finding: CauseFinding } | undefined {
  for (const rule of rules) {
    const finding = rule.attribute(context);
    if (finding) return { rule, finding };
  }
  return undefined;
}

/** Among head rules: the change that shows first in wire order; rule order breaks ties. */
function firstHeadChange(rules: readonly CauseRule[], context: CauseContext): { rule: CauseRule; finding: CauseFinding } | undefined {
  let best: { rule: CauseRule; finding: CauseFinding } | undefined;
  for (const rule of rules) {
    const finding = rule.attribute(context);
    if (!finding) continue;
    const [part, index] = finding.position ?? [Infinity, Infinity];
    const [bestPart, bestIndex] = best?.finding.position ?? [Infinity, Infinity];
    if (!best || part < bestPart || (part === bestPart && index < bestIndex)) best = { rule, finding };
  }
  return best;
}

/**
 * Attributes the divergence of a comparison to a cause: route, persona, tool filter, SDK bindings,
 * report tool, output contract, other system text, other tools, an extension (the child only
 * appends), the task, the runtime-context snapshot, or other history. Returns null when the requests
 * are identical.
 *
 * With a `scope` (the runtime's requests, a DSH log's recorded head) sections and tools are known by
 * identity and the attribution is exact; without one it is inferred from the bytes (`inferred: true`),
 * DSH sections being recognised by their openings where the text is DSH's.
 */
export function attributeCause(
  comparison: Pick<PrefixComparison, 'divergence'>,
  parent: PrefixRequest,
  child: PrefixRequest,
  scope?: CauseScope,
  rules: readonly CauseRule[] = CAUSE_RULES,
): CauseAttribution | null {
  const { divergence } = comparison;
  if (divergence === null) return null;
  const context = new LazyHeadContext(parent, child, divergence, scope);
  const where = divergence.routeDiffers ? 'route' : inHead(divergence) ? 'head' : 'messages';
  const candidates = rules.filter((rule) => rule.where === where);
  const found = where === 'head' ? firstHeadChange(candidates, context) : firstApplying(candidates, context);
  // The side the rule points at, unless that side has ended there (then the other one).
  const preferred = found?.finding.side ?? defaultSide(divergence);
  const side = divergence[preferred] !== null ? preferred : preferred === 'parent' ? 'child' : 'parent';
  const segment = divergence[side];
  if (!segment) throw new RangeError(`divergence at byte ${divergence.byteOffset} names no segment of either request`);
  const inferred = scope === undefined;
  if (!found) {
    // Bytes differ where no rule sees a change (the same sections cut differently): say where, plainly.
    const cause: DivergenceCause = where === 'head' ? (segment.kind === 'tool' ? 'tools' : 'system') : 'history';
    // A keyed setting no table row names (another reader's) differs in its key, not in bytes.
    const what = segment.kind === 'setting' ? `the key of setting '${segment.name}' differs` : `the bytes differ in ${segment.kind} segment '${segment.name}'`;
    return { cause, name: segment.name, detail: what, inferred, side, segment };
  }
  return { cause: found.rule.cause, name: found.finding.name, detail: found.finding.detail, inferred, side, segment };
}
