import { describe, expect, it } from 'vitest';
import { GuardCache, type ParentSetup } from '../src/analysis/index.js';
import { assembleDelegationHeads } from '../src/analysis/guard/delegation-heads.js';
import type { LayoutName } from '../src/prefix/index.js';
import { AgentHost, completedTurnPrefix, projectSurface, surfaceMessage } from '../src/providers/index.js';
import { sessionEntries } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { deterministicSources, prompt, ROUTE, smallComposition, textStep } from './support/runtime-scenario.js';

describe('GuardCache', () => {
  it.each(['chat', 'anthropic'] as LayoutName[])(
    'the parent request the guard renders in the %s layout, from a cold and a warm cache, is the head and history of the request the runtime sends next',
    async (layout) => {
      const composition = smallComposition();
      const model = new ScriptedModel([textStep('Noted: QUINCE.'), textStep('QUINCE')]);
      const host = new AgentHost({ composition, model, layout, ...deterministicSources() });
      const parent = host.createAgent({ ...ROUTE, cwd: '/work/project' });
      await prompt(parent, 'Remember the fruit QUINCE.');
      // What a fork started now inherits: the model-visible messages of the completed turns.
      const history = projectSurface(completedTurnPrefix(sessionEntries(parent.session), { source: 'parent' }).events, { source: 'parent' }).map((entry) => surfaceMessage(entry.event));
      await prompt(parent, 'Which fruit?');
      model.assertConsumed();
      const next = parent.requests[1]!.prefix;

      const setup: ParentSetup = { host: composition, route: ROUTE, cwd: '/work/project', history, layout, reportChannel: true };
      const cache = new GuardCache();
      const renders = [assembleDelegationHeads(setup, { mode: 'one-shot' }, cache), assembleDelegationHeads(setup, { mode: 'one-shot' }, cache)];
      for (const pair of renders) {
        // Everything but the new prompt: the same segments, byte for byte (the prefix hash chains every byte before it).
        expect(pair.parent.segments.length).toBe(next.segments.length - 1);
        expect(pair.parent.segments.map((segment) => [segment.kind, segment.prefixHash])).toEqual(next.segments.slice(0, -1).map((segment) => [segment.kind, segment.prefixHash]));
        expect(pair.headSegments.parent).toBe(next.segments.length - 1 - history.length);
      }
      expect(renders[1]!.parent).toBe(renders[0]!.parent);
    },
  );
});
