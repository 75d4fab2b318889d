import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readWholeBody, spliceBody } from '../src/analysis/watch/spliced-body.js';

/*
 * The watch reads a body from the one before it when they differ inside one top-level array; the
 * result must be exactly what reading the body whole gives (same parsed value, same positions), and
 * anything else must fall back to a whole read. Checked on generated bodies with every kind of
 * string content (quotes, backslashes, escapes, non-ASCII), several spacings, and edits anywhere.
 */

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const leaf = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3 })),
})).value;
const message = fc.record({ role: fc.constantFrom('user', 'assistant', 'tool'), content: fc.oneof(text, fc.array(fc.record({ type: fc.constant('text'), text }), { maxLength: 2 })), extra: json }, { requiredKeys: ['role', 'content'] });
const body = fc.record({ model: text, messages: fc.array(message, { maxLength: 6 }), tools: fc.array(json, { maxLength: 3 }), stream: fc.boolean() });

type Body = { model: string; messages: unknown[]; tools: unknown[]; stream: boolean };

/** Edits of a body: to its messages (append, drop, replace, insert), or elsewhere (model, tools). */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), added: fc.array(message, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), added: message }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), added: fc.array(message, { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant('model' as const), model: text }),
  fc.record({ kind: fc.constant('tools' as const), tools: fc.array(json, { maxLength: 3 }) }),
);

type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

function applied(before: Body, change: Edit): Body {
  const messages = [...before.messages];
  const at = 'at' in change ? change.at % (messages.length + 1) : 0;
  switch (change.kind) {
    case 'append':
      return { ...before, messages: [...messages, ...change.added] };
    case 'drop':
      messages.splice(at, change.count);
      return { ...before, messages };
    case 'replace':
      messages.splice(at, 1, change.added);
      return { ...before, messages };
    case 'insert':
      messages.splice(at, 0, ...change.added);
      return { ...before, messages };
    case 'model':
      return { ...before, model: change.model };
    case 'tools':
      return { ...before, tools: change.tools };
  }
}

const spacing = fc.constantFrom<(value: unknown) => string>(
  (value) => JSON.stringify(value),
  (value) => JSON.stringify(value, null, 2),
  (value) => JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n'),
);

describe('spliceBody: a body read from the one before it is the body read whole', () => {
  it('gives the whole read (value and positions) whenever it splices, and splices every change inside the messages', () => {
    fc.assert(
      fc.property(body, edit, spacing, spacing, (before, change, writeBefore, writeAfter) => {
        const after = applied(before, change);
        const earlier = readWholeBody(writeBefore(before))!;
        const later = writeAfter(after);
        const spliced = spliceBody(earlier, later);
        const whole = readWholeBody(later)!;
        if (spliced) {
          expect(spliced.json).toStrictEqual(whole.json);
          expect(spliced.members).toStrictEqual(whole.members);
        }
        const sameSpacing = writeBefore === writeAfter;
        const onlyMessages = ['append', 'drop', 'replace', 'insert'].includes(change.kind);
        if (sameSpacing && onlyMessages && before.messages.length > 0 && after.messages.length > 0) expect(spliced, 'a change inside the messages is spliced').toBeDefined();
      }),
      { numRuns: 400 },
    );
  });

  it('refuses a changed run that is not elements with their commas, whatever JSON.parse would say', () => {
    const earlier = readWholeBody('{"model":"m","messages":[{"role":"user","content":"a"}],"tools":[]}')!;
    for (const later of [
      '{"model":"m","messages":[{"role":"user","content":"a"},],"tools":[]}',
      '{"model":"m","messages":[{"role":"user","content":"a"} {"role":"user"}],"tools":[]}',
      '{"model":"m","messages":[{"role":"user","content":"a"},{"role":"user","content":"b\\"}],"tools":[]}',
      '{"model":"m","messages":[{"role":"user","content":"a"},{"role" "user"}],"tools":[]}',
      '{"model":"m","messages":[{"role":"user","content":"a"},1x],"tools":[]}',
    ]) {
      expect(readWholeBody(later), later).toBeUndefined();
      expect(spliceBody(earlier, later), later).toBeUndefined();
    }
  });

  it('never splices a body whose top-level keys repeat (parsing keeps only the last of them)', () => {
    const earlier = readWholeBody('{"model":"m","messages":[{"role":"user","content":"a"}],"messages":[]}')!;
    expect(earlier.members).toBeNull();
    const later = '{"model":"m","messages":[{"role":"user","content":"a"},{"role":"user","content":"b"}],"messages":[]}';
    expect(spliceBody(earlier, later)).toBeUndefined();
    expect(readWholeBody(later)!.json).toStrictEqual({ model: 'm', messages: [] });
  });

  it('keeps the unchanged messages as the same objects, so what was made from them is found again', () => {
    const earlier = readWholeBody(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }], tools: [{ name: 't' }] }))!;
    const later = spliceBody(earlier, JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user', content: 'c' }], tools: [{ name: 't' }] }))!;
    const [first, second] = earlier.json['messages'] as object[];
    expect((later.json['messages'] as object[]).slice(0, 2)).toEqual([first, second]);
    expect((later.json['messages'] as object[])[0]).toBe(first);
    expect((later.json['messages'] as object[])[1]).toBe(second);
    expect(later.json['tools']).toBe(earlier.json['tools']);
  });
});
