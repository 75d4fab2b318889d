import { currentTurnStart, EXTENDED_THINKING_CACHING_DOC, hasThinkingBefore, isThinkingBlock, keepsEarlierTurnThinking, responseShowsThinkingSetting } from '../anthropic/earlier-thinking.js';
import type { ClaudeCodeApiCall } from './api-calls.js';
import type { RequestBlock } from './content-blocks.js';

/**
 * Claude Code sets thinking per prompt: a prompt's words ("think", "think hard", … in 1.x) or the
 * thinking toggle (Tab, 2.x) decide it, and the tool loop that answers the prompt keeps it
 * (https://docs.claude.com/en/docs/claude-code/common-workflows#use-extended-thinking). The transcript
 * does not log the setting; a response holding a thinking block shows it was on. So a turn's setting
 * is read from its first response, and a later response of the same turn without thinking (the model
 * may skip it) says nothing. With adaptive thinking no response shows the setting, and none is read.
 */
const CLAUDE_CODE_THINKING_DOC = 'https://docs.claude.com/en/docs/claude-code/common-workflows#use-extended-thinking';

/** A request's blocks as the API reads them, and its thinking setting as the transcript shows it. */
export interface TurnThinking {
  /** The blocks the API keeps: without earlier turns' thinking where the model drops it. */
  readonly blocks: readonly RequestBlock[];
  /** The turn's thinking setting: on when the turn's first response held a thinking block. */
  readonly enabled: boolean;
  /** The previous turn's setting when this request starts a turn with the other one (the message cache is invalidated). */
  readonly switchedFrom: boolean | undefined;
}

/** One session's turns: where the current one starts and its setting, and its blocks with earlier thinking dropped. */
interface SessionTurn {
  readonly start: RequestBlock | undefined;
  readonly enabled: boolean;
  /** The blocks before the turn's start without their thinking (the same for every request of the turn). */
  readonly before: readonly RequestBlock[] | undefined;
}

/** Why a change of thinking at a prompt costs the message cache, for a divergence's detail. */
export function thinkingSwitchDetail(from: boolean, to: boolean): string {
  return `thinking was turned ${to ? 'on' : 'off'} at this prompt (${from ? 'on' : 'off'} before): a change of thinking parameters invalidates the message cache, the tools and system prompt stay cached (${EXTENDED_THINKING_CACHING_DOC}; Claude Code sets thinking per prompt, ${CLAUDE_CODE_THINKING_DOC})`;
}

/** The thinking of each session's turns, followed request by request in the order each session sent them. */
export class SessionThinking<Session> {
  readonly #turns = new Map<Session, SessionTurn>();
  /** Models whose handling of earlier thinking the API docs do not give, each named once in the notes. */
  readonly unknownModels = new Set<string>();

  /** The request `call` as the API reads it: its blocks (`blocks`, as the transcript gives them) and its thinking setting. */
  of(session: Session, call: ClaudeCodeApiCall, blocks: readonly RequestBlock[]): TurnThinking {
    const at = currentTurnStart(blocks);
    const start = blocks.length === 0 ? undefined : blocks[at];
    const previous = this.#turns.get(session);
    const sameTurn = previous !== undefined && previous.start === start;
    // Where the model thinks adaptively the setting cannot be read from a response: no switch is inferred.
    const enabled = sameTurn ? previous.enabled : call.thinking && responseShowsThinkingSetting(call.model);
    const switchedFrom = previous !== undefined && !sameTurn && previous.enabled !== enabled ? previous.enabled : undefined;
    const keeps = keepsEarlierTurnThinking(call.model);
    // The blocks before the turn's start are the same for every request of the turn: looked at once per turn.
    const earlierThinking = !sameTurn && hasThinkingBefore(blocks, at);
    if (keeps === undefined && earlierThinking) this.unknownModels.add(call.model);
    const before = sameTurn ? previous.before : keeps === false && earlierThinking ? blocks.slice(0, at).filter((block) => !isThinkingBlock(block.type)) : undefined;
    this.#turns.set(session, { start, enabled, before });
    const kept = keeps === false && before !== undefined ? before.concat(blocks.slice(at)) : blocks;
    return { blocks: kept, enabled, switchedFrom };
  }

  /** A note per model the rule does not know, for the tree's notes. */
  notes(): string[] {
    return [...this.unknownModels].map((model) => `${model}: Anthropic's docs do not say whether this model keeps the thinking blocks of earlier turns; they are replayed as kept (${EXTENDED_THINKING_CACHING_DOC}).`);
  }
}
