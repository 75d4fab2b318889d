export { analyzeClaudeCodeSession, DEFAULT_CLAUDE_CODE_HEAD_TOKENS } from './analyze-claude-code-session.js';
export type { ClaudeCodeAnalysisOptions } from './analyze-claude-code-session.js';
export { collectApiCalls } from './api-calls.js';
export type { ClaudeCodeApiCall, LoggedUsage } from './api-calls.js';
export { findSidechainFiles } from './find-sidechains.js';
export { readClaudeCodeTranscript } from './transcript-entry.js';
export type { ClaudeCodeTranscript, ConversationEntry } from './transcript-entry.js';
