import { describe, expect, it } from 'vitest';
import { currentTurnStart, keepsEarlierTurnThinking, responseShowsThinkingSetting } from '../src/analysis/anthropic/earlier-thinking.js';

describe("Anthropic's handling of earlier turns' thinking", () => {
  it('Opus 4.5+ and Sonnet 4.6+ keep earlier thinking; Opus 4.1, Sonnet 4.5, Sonnet 3.7 and Haiku 4.5 drop it; an unknown id is undefined', () => {
    expect(['claude-opus-4-5-20251101', 'claude-opus-4-6', 'us.anthropic.claude-opus-4-7-v1:0', 'claude-sonnet-4-6'].map(keepsEarlierTurnThinking)).toEqual([true, true, true, true]);
    expect(['claude-opus-4-1-20250805', 'claude-opus-4-20250514', 'claude-sonnet-4-5-20250929', 'claude-3-7-sonnet-20250219', 'converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0'].map(keepsEarlierTurnThinking)).toEqual([false, false, false, false, false]);
    expect(keepsEarlierTurnThinking('gpt-4o')).toBeUndefined();
  });

  it('a response shows the thinking setting for budget thinking (Sonnet 4.5, Opus 4.5) and not for adaptive thinking (Opus 4.6, Sonnet 4.6) or an unknown id', () => {
    expect(['claude-sonnet-4-5-20250929', 'claude-opus-4-5-20251101', 'claude-opus-4-6', 'claude-sonnet-4-6', 'sonnet'].map(responseShowsThinkingSetting)).toEqual([true, true, false, false, false]);
  });

  it('the current turn starts at the last user block that is not a tool result', () => {
    const blocks = [
      { role: 'user', type: 'text' },
      { role: 'assistant', type: 'thinking' },
      { role: 'assistant', type: 'tool_use' },
      { role: 'user', type: 'tool_result' },
      { role: 'user', type: 'text' },
      { role: 'assistant', type: 'tool_use' },
      { role: 'user', type: 'tool_result' },
    ];
    expect(currentTurnStart(blocks)).toBe(4);
    expect(currentTurnStart(blocks.slice(0, 4))).toBe(0);
  });
});
