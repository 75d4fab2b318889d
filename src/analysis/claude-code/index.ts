// Claude Code transcripts: their API calls and subagents, replayed through a cache policy.
export { analyzeClaudeCodeSession } from './analyze-claude-code-session.js';
export { DEFAULT_CLAUDE_CODE_HEAD_TOKENS } from './claude-code-replay.js';
export type { ClaudeCodeAnalysisOptions } from './claude-code-replay.js';
export { collectApiCalls } from './api-calls.js';
export type { ClaudeCodeApiCall, LoggedUsage } from './api-calls.js';
export { findSidechainFiles } from './find-sidechains.js';
export { readClaudeCodeTranscript } from './transcript-entry.js';
export type { ClaudeCodeTranscript, ConversationEntry, TranscriptInputOptions } from './transcript-entry.js';
