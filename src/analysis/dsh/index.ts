// DSH session trees replayed: requests rebuilt from the logs, rendered as DeepSeek V4's server does.
export { analyzeDshSessionTree } from './analyze-dsh-session-tree.js';
export type { AnalyzeDshSessionTreeOptions } from './analyze-dsh-session-tree.js';
