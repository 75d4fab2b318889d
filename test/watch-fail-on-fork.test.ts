import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { LanguageModel } from '../src/providers/model/index.js';
import type { DelegationToolConfigInput } from '../src/providers/runtime/index.js';
import { surfaceToChatMessages, toolSchemaToChatWire } from '../src/providers/session/index.js';
import type { WatchPrediction } from '../src/analysis/watch/index.js';
import { EXIT } from '../src/cli/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { forkScenario } from './support/fork-scenario.js';
import { recordedPrompts } from './support/runtime-corpus.js';
import { acpHost, ACP_FORK_CONFIG, settleAll } from './support/runtime-scenario.js';
import { analyzeFailOn, recordingWatch } from './support/watch-record.js';

/**
 * The runtime's model, with every request it is asked for also sent as DSH's DeepSeek adapter sends
 * it (a chat completions body: system message, history, tool schemas) through the watched fetch,
 * in the order the host issues them. The transport answers with a body without usage: the verdict
 * reads the watch's predictions only.
 */
function watchedModel(inner: LanguageModel, watched: typeof fetch): LanguageModel {
  return {
    name: `watched ${inner.name}`,
    async *stream(request, options) {
      const body = {
        model: request.config.model,
        messages: [{ role: 'system', content: request.system }, ...surfaceToChatMessages(request.messages as never)],
        tools: request.tools.map(toolSchemaToChatWire),
        stream: true,
        stream_options: { include_usage: true },
      };
      const response = await watched('https://api.deepseek.com/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await response.arrayBuffer();
      yield* inner.stream(request, options);
    },
  };
}

const transport: typeof fetch = async () => new Response(JSON.stringify({ choices: [] }), { headers: { 'content-type': 'application/json' } });

/** Runs the recorded fork scenario with a fork tool configured as given, watched, and returns the record file and the predictions. */
async function recordForkRun(config: DelegationToolConfigInput): Promise<{ record: string; predictions: WatchPrediction[] }> {
  const { model: scripted, parentRows, adjust } = forkScenario(config);
  const { watched, done } = recordingWatch(transport);
  const { host, createParent } = acpHost(watchedModel(scripted, watched), { forkConfig: config, adjust });
  const parent = createParent();
  for (const prompt of recordedPrompts(parentRows)) {
    parent.followup([{ type: 'text', text: prompt }]);
    await parent.whenIdle();
  }
  await settleAll(host);
  scripted.assertConsumed();
  return done();
}

describeWithCorpus('dsh', 'kvprefix analyze RECORD --fail-on: the guard rule checked on traffic the watch recorded', () => {
  it('fails (exit 1) on a run whose continuable fork child adds a report tool to its head, naming the request and the cause', async () => {
    const { record, predictions } = await recordForkRun({ ...ACP_FORK_CONFIG, backgroundMode: 'continuable', enableRunInBackground: true });
    expect(readFileSync(record, 'utf8').trim().split('\n')).toHaveLength(predictions.length);
    const child = predictions.find((prediction) => prediction.divergence?.cause === 'report-tool');
    expect(child, 'the child request breaks at the report tool').toBeDefined();
    expect(child!.loss).toMatchObject({ cause: 'report-tool' });
    expect(child!.loss!.tokens).toBeGreaterThan(0);

    const result = await analyzeFailOn(record, 'lost-head');
    expect(result.code).toBe(EXIT.findings);
    expect(JSON.parse(result.out).trees.length).toBeGreaterThan(0);
    expect(result.err).toMatch(/^--fail-on lost-head: failed, 1 request lost its cached head:/);
    expect(result.err).toContain(`deepseek/deepseek-v4-flash request ${child!.routeIndex}`);
    // The wire body carries the whole system prompt as one message: the break is inside it, and the cause names the tool.
    expect(result.err).toMatch(/: report-tool at system 'system\[0\]': the child's head adds the 'report' tool/);
    expect((await analyzeFailOn(record, 'any-break')).code).toBe(EXIT.findings);
  });

  it('passes (exit 0) on a run whose fork child is one-shot: it keeps the head and diverges only at its task', async () => {
    const { record, predictions } = await recordForkRun(ACP_FORK_CONFIG);
    expect(predictions.map((prediction) => prediction.divergence?.cause ?? null)).toContain('task');
    expect(predictions.every((prediction) => prediction.loss === null)).toBe(true);
    const result = await analyzeFailOn(record, 'lost-head');
    expect(result.err).toMatch(/^--fail-on lost-head: passed, no request lost its cached head \(\d+ requests\)/);
    expect(result.code).toBe(EXIT.ok);
  });
});
