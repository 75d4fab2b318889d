import { commonChars } from '../../prefix/common-chars.js';
import { isJsonObject, type JsonObject } from '../wire/body-fields.js';
import { MAX_JSON_DEPTH, tooDeepAt } from '../../providers/input/index.js';
import { refuseTooDeep } from '../wire/parse-json-text.js';
import { elementsBetween, objectMembers, type JsonMember, type JsonRange } from './json-scan.js';

/**
 * A top-level member as a read body holds it: where its value is in the text, and each element of
 * an array value counted from the value's start. A change earlier in the text moves the member, not
 * its elements: a body spliced from another moves the members after the change without copying
 * their elements (a conversation's tools sit after its messages).
 */
export interface BodyMember extends JsonRange {
  readonly key: string;
  /** Element ranges relative to `start`; null when the value is not an array. */
  readonly elements: readonly JsonRange[] | null;
}

/**
 * A body the watch has read: its text, its parsed object, and where each top-level member (and each
 * element of an array member) sits in the text. Parsed values are shared with the bodies spliced
 * from it, so what was made from a message object before (its JSON, its segment) is found again.
 */
export interface ReadBody {
  readonly text: string;
  readonly json: JsonObject;
  /** Null when the body cannot be spliced (its top-level keys repeat, so parsing keeps only the last). */
  readonly members: readonly BodyMember[] | null;
}

const shifted = (range: JsonRange, by: number): JsonRange => ({ start: range.start + by, end: range.end + by });

function bodyMember(member: JsonMember): BodyMember {
  return { key: member.key, start: member.start, end: member.end, elements: member.elements && member.elements.map((range) => shifted(range, -member.start)) };
}

/**
 * Reads a body whole. Undefined when it is not a JSON object; a body nested past the depth limit
 * every JSON input is held to is an InputError (the watch reports it and sends the body unchanged).
 */
export function readWholeBody(text: string, source = 'request body'): ReadBody | undefined {
  refuseTooDeep(text, source);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(json)) return undefined;
  const members = objectMembers(text) ?? null;
  const unique = members !== null && new Set(members.map((member) => member.key)).size === members.length && members.length === Object.keys(json).length;
  return { text, json, members: unique ? members.map(bodyMember) : null };
}

// Chunk of the texts' ends compared at once: equal chunks are compared natively, so only the chunk
// that differs is walked char by char (a body's changed run usually ends a few chars from its end).
const CHUNK = 4096;

/** Number of chars `a` and `b` have in common at their ends, at most `limit`. */
function commonSuffixLength(a: string, b: string, limit: number): number {
  let length = 0;
  while (length + CHUNK <= limit && a.slice(a.length - length - CHUNK, a.length - length) === b.slice(b.length - length - CHUNK, b.length - length)) length += CHUNK;
  while (length < limit && a.charCodeAt(a.length - length - 1) === b.charCodeAt(b.length - length - 1)) length++;
  return length;
}

/**
 * How many leading ranges have their `side` below `limit` (ranges are in text order, so these lead).
 * By bisection: a conversation's array holds hundreds of elements and only its last few change.
 */
function leadingBelow(ranges: readonly JsonRange[], side: 'start' | 'end', limit: number): number {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ranges[middle]![side] < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `text` read from `earlier` when the two differ only inside one top-level array (a conversation's
 * `messages` or `input` that gained or changed elements): the elements both hold whole at the same
 * place from the start or the end are taken from `earlier`, and only the elements between are
 * scanned and parsed. The result is what `readWholeBody(text)` would give. Undefined when they
 * differ anywhere else, or the changed part is not a run of elements (then `text` is read whole, or
 * is no JSON at all).
 *
 * Why that is the whole parse: the text before the changed run is `earlier`'s up to an element
 * boundary of that array, the text after it is `earlier`'s from one, and `earlier` was valid JSON;
 * the run itself is checked to be elements with their commas, each element parsed.
 *
 * `prefix` is `commonChars(earlier.text, text)` when the caller has it already (choosing the
 * nearest earlier body measures it): the texts are then not compared again.
 */
export function spliceBody(earlier: ReadBody, text: string, prefix = commonChars(earlier.text, text)): ReadBody | undefined {
  const old = earlier.text;
  if (prefix === old.length && prefix === text.length) return earlier;
  const members = earlier.members;
  if (members === null) return undefined;
  const suffix = commonSuffixLength(old, text, Math.min(old.length, text.length) - prefix);
  const changedEnd = old.length - suffix;
  const by = text.length - old.length;
  const at = members.findIndex((member) => member.elements !== null && member.start < prefix && changedEnd < member.end);
  if (at < 0) return undefined;
  const member = members[at]!;
  const elements = member.elements!;
  const base = member.start;
  const values = earlier.json[member.key] as readonly unknown[];
  // Kept: the elements that end inside the shared prefix; the tail: those that start after the change.
  const kept = leadingBelow(elements, 'end', prefix - base + 1);
  const tail = Math.max(kept, leadingBelow(elements, 'start', changedEnd - base));
  const from = kept > 0 ? base + elements[kept - 1]!.end : base + 1;
  const to = tail < elements.length ? base + elements[tail]!.start + by : member.end - 1 + by;
  const added = elementsBetween(text, from, to, kept > 0 ? 'element' : 'open', tail < elements.length ? 'element' : 'close');
  // An element sits two levels down (the body, then its array): one nested past the limit is left
  // to the whole read, which refuses it.
  if (!added || added.some((range) => tooDeepAt(text.slice(range.start, range.end), MAX_JSON_DEPTH - 2) !== -1)) return undefined;
  let parsed: unknown[];
  try {
    parsed = added.map((range) => JSON.parse(text.slice(range.start, range.end)) as unknown);
  } catch {
    return undefined;
  }
  const json: JsonObject = { ...earlier.json, [member.key]: [...values.slice(0, kept), ...parsed, ...values.slice(tail)] };
  const spliced: BodyMember = {
    key: member.key,
    start: base,
    end: member.end + by,
    elements: [...elements.slice(0, kept), ...added.map((range) => shifted(range, -base)), ...elements.slice(tail).map((range) => shifted(range, by))],
  };
  const readMembers = members.slice(0, at);
  readMembers.push(spliced);
  for (let index = at + 1; index < members.length; index++) {
    const later = members[index]!;
    readMembers.push({ key: later.key, start: later.start + by, end: later.end + by, elements: later.elements });
  }
  return { text, json, members: readMembers };
}
