import { expect, it } from 'vitest';
import { readRequestBody, readRequestFile } from '../src/analysis/index.js';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { chatRequestBody, loadHeadPins, modelRequestPoints, readSessionLog } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 9 §2: a child that only appends messages to its parent is an extension — the best case,
// everything the parent sent is reusable — and must be said so, not "history message … differs".

describeWithCorpus('pydantic-ai-cache-cassettes', 'a conversation that grows by one exchange', () => {
  it('is an extension from the first appended message (Mistral, recorded)', async () => {
    const file = corpusPath('pydantic-ai-cache-cassettes/tests/models/cassettes/test_mistral/test_mistral_history_uses_prompt_cache.yaml');
    const first = await readRequestFile(`${file}#1`);
    const second = await readRequestFile(`${file}#2`);
    const divergence = compareWithCause(first.request, second.request).divergence;
    expect(divergence).toMatchObject({ cause: 'extension', side: 'child', name: 'message[2]:assistant', segmentByteOffset: 0, inferred: true });
    expect(divergence?.detail).toBe("only appends 2 messages (from 'message[2]:assistant') after the 1 message of the request it extends: all of that request is a shared prefix");
  });
});

describeWithCorpus('dsh', 'a DSH one-shot fork child against its parent', () => {
  const scenario = corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process');
  async function requests(log: string) {
    const session = await readSessionLog(`${scenario}/${log}`);
    const pins = await loadHeadPins(`${scenario}/${log}`);
    return modelRequestPoints(session).map((point) => ({ point, request: readRequestBody(chatRequestBody(session, { through: point.through, pins }), { source: log }).request }));
  }

  it("extends the parent's first request (the seed is that turn), and parts from the forking request at its task", async () => {
    const parent = await requests('session.jsonl');
    const child = (await requests('session.1.jsonl')).find((entry) => !entry.point.seeded)!;
    const first = parent.find((entry) => entry.point.turn === 1 && entry.point.step === 1)!;
    const forking = parent.find((entry) => entry.point.turn === 2 && entry.point.step === 1)!;
    expect(compareWithCause(first.request, child.request).divergence).toMatchObject({ cause: 'extension', side: 'child' });
    expect(compareWithCause(forking.request, child.request).divergence).toMatchObject({ cause: 'task', side: 'child', kind: 'task' });
  });

  it("each request of the parent's tool loop extends the one before", async () => {
    const parent = await requests('session.jsonl');
    for (let index = 1; index < parent.length; index++) {
      expect(compareWithCause(parent[index - 1]!.request, parent[index]!.request).divergence?.cause).toBe('extension');
    }
  });
});
