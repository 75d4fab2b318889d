import { expect, it } from 'vitest';
import { CACHE_CLASSES } from '../src/analysis/causes/cache-class.js';
import { DIVERGENCE_CAUSES } from '../src/analysis/causes/divergence-cause.js';
import { cacheClassesOfReason, cacheClassOfCause } from '../src/analysis/causes/server-cause-class.js';

it("every cause declares the part of the request a provider's diagnosis names, and each provider reason names the parts it covers", () => {
  for (const cause of [...DIVERGENCE_CAUSES, 'identical', 'ttl']) expect(CACHE_CLASSES, cause).toContain(cacheClassOfCause(cause));
  expect(Object.fromEntries(DIVERGENCE_CAUSES.map((cause) => [cause, cacheClassOfCause(cause)]))).toEqual({
    route: 'model',
    persona: 'system',
    'tool-filter': 'tools',
    sdk: 'system',
    'report-tool': 'tools',
    'output-contract': 'tools',
    system: 'system',
    tools: 'tools',
    'system-toggle-changed': 'system',
    'speed-changed': 'model',
    'tool-choice-changed': 'messages',
    'images-changed': 'messages',
    'thinking-changed': 'messages',
    extension: 'none',
    task: 'messages',
    'runtime-context': 'messages',
    history: 'messages',
  });
  const reason = (type: string) => ({ type, cacheMissedInputTokens: null });
  expect(cacheClassesOfReason(null)).toEqual(['none']);
  expect(cacheClassesOfReason(reason('tools_changed'))).toEqual(['tools']);
  // OpenAI's Responses API has no reason of its own for the instructions: they are part of the input.
  expect(cacheClassesOfReason(reason('input_changed'))).toEqual(['system', 'messages']);
  // Settings kvprefix does not read as prefix name no part; reasons that compare nothing are not scored.
  expect(cacheClassesOfReason(reason('reasoning_effort_changed'))).toEqual([]);
  expect(cacheClassesOfReason(reason('previous_message_not_found'))).toBeNull();
  expect(cacheClassesOfReason(reason('comparison_response_not_found'))).toBeNull();
  expect(cacheClassOfCause('a-cause-from-a-newer-build')).toBeUndefined();
});
