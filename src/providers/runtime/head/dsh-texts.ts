/**
 * Model-facing text DSH ships, quoted verbatim. Each constant names where the corpus shows it, and a
 * test compares it with that source (test/runtime-dsh-texts.test.ts), so a drift fails loudly.
 */

/** The order −100 opener (core/system-prompt README, "Harness identity"). */
export const HARNESS_IDENTITY = 'You are an AI agent powered by DeepSeek Harness.';

/**
 * Opening line of every runtime-context snapshot message (the plugin-sourced `user/message` after
 * the task in every recorded log, e.g. subagent-fork-in-process/session.1.jsonl).
 */
export const RUNTIME_CONTEXT_PREAMBLE = 'Current runtime context. This snapshot supersedes earlier runtime-context snapshots.';

/** The plugin DSH names as the source of runtime-context snapshots. */
export const RUNTIME_CONTEXT_PLUGIN = '@deepseek-ai/dsh-system-prompt';

/**
 * The `subagent:delegation` statement every in-process child receives in its runtime context, as
 * recorded in subagent-fork-in-process/session.1.jsonl (the subagent README's copy says "the job";
 * the shipped text, which the recorded logs carry, says "the task").
 */
export const DELEGATION_STATEMENT =
  'You are a delegated subagent: your permission scope was fixed when you were started and cannot be widened from inside this session — operations that require approval are rejected automatically. When the task needs access beyond that scope, do not retry the denied operation; state the limitation in your reply so the delegating agent can handle it.';

/**
 * The `tools:code-only` rule, rendered under Code Mode `code` only
 * (code-mode-turn/system-prompt.expected.md, core/tools README).
 */
export const CODE_ONLY_INSTRUCTION =
  '`run_code` is the only tool you can call directly — a tool call naming any other tool fails. Reach every tool the SDK declares below from inside the program.';

/** The `tool:report` section text (subagent-report/system-prompt.1.expected.md, last section). */
export const REPORT_SECTION_TEXT =
  'Deliver your result with the report tool before you finish: call it once with a self-contained answer. The agent that started you shares your workspace but does not automatically receive your transcript, tool output, or reasoning, so a closing remark such as "done" leaves it nothing it can use. Report earlier as well whenever a partial finding changes what that agent should do next; reporting never ends your turn.';

/** The `report` tool description (docs/tool-catalog.md, `@deepseek-ai/dsh-tool-subagent-report`). */
export const REPORT_TOOL_DESCRIPTION =
  'Report selected content to the agent that started you. Call this once before you finish, with a self-contained final result, and earlier for progress or findings that change what that agent does next. That agent shares your workspace but does not automatically receive your transcript, tool output, or reasoning, so finishing your work is not itself a result. Reporting does not end your turn or finish your work, and only your direct parent receives it. A failed call may still have arrived, so do not blindly repeat it.';

/** The `report` tool's `output` parameter description (same catalog entry). */
export const REPORT_OUTPUT_DESCRIPTION = 'Actionable content for your parent; summarize conclusions and reference relevant shared paths.';

/** The structured-output instruction (subagent-in-process-driver README, order-190 section). */
export const STRUCTURED_OUTPUT_INSTRUCTION =
  'When you have your final answer, you MUST report it by calling the `structured_output` tool with arguments matching its parameter schema exactly. Do not finish with a plain text answer: only the tool call counts as your result.';

/** The `structured_output` tool description (same README, "Structured-output system prompt, schema, and results"). */
export const STRUCTURED_OUTPUT_DESCRIPTION =
  "Report your final structured result. Call this exactly once, when your answer is complete; the arguments must match this tool's parameter schema exactly.";

/**
 * The `approval:policy` runtime context under policy `never`, which every delegated child gets when
 * the approval capability is composed (subagent-continuable-inheritance/session.1.jsonl; the same
 * text opens the approval context of 84 recorded logs whose deployment runs with approvals disabled).
 */
export const APPROVAL_NEVER_CONTEXT =
  'Approval prompts are disabled in this session: actions that require approval are rejected automatically — do not request sandbox escalation (do not set `sandbox_permissions`).';
