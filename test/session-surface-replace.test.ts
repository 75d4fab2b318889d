import { expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { parseSessionLog, projectSurface, readSessionLog, surfaceMessage, type SessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

const AGENT_INSTRUCTIONS = 'dsh/examples/acp-agent/tests/snapshots/agent-instructions/session.jsonl';
const COMPACTION = 'dsh/examples/headless-agent/tests/snapshots/compaction-recovery/session.jsonl';

const seqs = (log: SessionLog, through?: number) => projectSurface(log.events, through === undefined ? {} : { through }).map((entry) => entry.seq);

describeWithCorpus('dsh', 'the surface fold', () => {
  it('appends surface events in order and leaves log-only events out', async () => {
    const log = await readSessionLog(corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl'));
    const surface = projectSurface(log.events);
    expect(surface.map((entry) => entry.event.type)).toEqual([
      'user/message', 'user/message', 'assistant/message', // turn 1: prompt, runtime context, "OK"
      'user/message', 'assistant/message', 'tool/result', 'assistant/message', // turn 2: fork call, its result, "PARENT_DONE"
    ]);
    expect(surfaceMessage(surface[5]!.event).content).toEqual([
      { type: 'tool-result', toolCallId: 'call_00_sAtKUseRzHRBvL4CF7XF1334', content: [{ type: 'text', text: 'MARMALADE' }], isError: false },
    ]);
  });

  it('replaces a node in place: agent-instructions swaps the workspace-instructions message (seq 5) for a compaction note', async () => {
    const log = await readSessionLog(corpusPath(AGENT_INSTRUCTIONS));
    // Before the replacement (seq 17) the instructions message is on the surface ...
    expect(seqs(log, 16)).toEqual([4, 5, 6, 15]);
    // ... after it, the note at seq 17 holds its position, ahead of the runtime context and the call.
    expect(seqs(log, 17)).toEqual([4, 17, 6, 15]);
    expect(seqs(log)).toEqual([4, 17, 6, 15, 18, 23, 29, 31, 36, 42]);
    const note = projectSurface(log.events)[1]!;
    expect(surfaceMessage(note.event).content).toEqual([{ type: 'text', text: 'Earlier context was compacted for this snapshot.' }]);
  });

  it('replaces the compacted prompt with its summary checkpoint (compaction-recovery)', async () => {
    const log = await readSessionLog(corpusPath(COMPACTION));
    expect(seqs(log, 20)).toEqual([4, 13, 15]);
    expect(seqs(log)).toEqual([21, 13, 15, 28]);
    const summary = surfaceMessage(projectSurface(log.events)[0]!.event);
    expect(JSON.stringify(summary.content)).toContain('The request established a durable compaction premise.');
  });

  it.each([
    ['a node that is not on the surface', '"surfaceOp":{"op":"replace","start":5,"end":5}', '"surfaceOp":{"op":"replace","start":7,"end":7}', 'no surface node has seq 7'],
    ['a reversed range', '"surfaceOp":{"op":"replace","start":5,"end":5}', '"surfaceOp":{"op":"replace","start":6,"end":4}', 'the range ends before it starts'],
    ['a citation that omits a shadowed node', '"sourceEventSeqs":[5],"surfaceOp":{"op":"replace","start":5,"end":5}', '"sourceEventSeqs":[4],"surfaceOp":{"op":"replace","start":4,"end":5}', 'sourceEventSeqs does not cite the shadowed node at seq 5'],
  ])('rejects a replacement naming %s as a corrupt log', (_name, stored, replacement, reason) => {
    const text = readCorpusText(AGENT_INSTRUCTIONS);
    expect(text).toContain(stored);
    const log = parseSessionLog(text.replace(stored, replacement), 'agent-instructions.jsonl');
    expect(() => projectSurface(log.events, { source: 'agent-instructions.jsonl' })).toThrow(InputError);
    expect(() => projectSurface(log.events, { source: 'agent-instructions.jsonl' })).toThrow(`agent-instructions.jsonl:19: user/message replace`);
    expect(() => projectSurface(log.events, { source: 'agent-instructions.jsonl' })).toThrow(reason);
  });
});
