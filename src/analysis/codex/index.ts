// Codex CLI rollouts: their Responses API calls rebuilt from the logged items, replayed through a cache policy.
export { analyzeCodexRollouts } from './analyze-codex-sessions.js';
export type { CodexAnalysisOptions, CodexInput } from './analyze-codex-sessions.js';
export { homeFolderPaths } from './analyze-home-folders.js';
export type { HomeFolders } from './analyze-home-folders.js';
export { readCodexRollout } from './rollout-file.js';
export type { CodexRollout, RolloutItem, RolloutMeta, RolloutRecord } from './rollout-file.js';
export { rolloutCalls } from './rollout-calls.js';
export type { CodexCall, RolloutCalls } from './rollout-calls.js';
export type { CodexUsage } from './token-count.js';
export { agentHomeFolders, codexSessionsFolder } from './sessions-folder.js';
export { readRolloutLabel } from './rollout-label.js';
export type { RolloutLabel } from './rollout-label.js';
