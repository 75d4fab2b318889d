/**
 * Which model-facing tools and prompt sections each DSH tool package can register, by name. The texts
 * come from the recorded heads (`reference-head.ts`); this table only says who owns them. Ownership is
 * read from the corpus: `dsh-tool-fs` registers read/write/edit and their guidance
 * (readmes/packages/core/tools), the fs-glob-sampling pins add glob/grep with `dsh-tool-fs-search`,
 * the tool names are those of the corpus's pinned tool schemas (`tool-schemas*.expected.json`),
 * each beside the row that loads it in its scenario's composition. Delegation tools are not here: the runtime builds their schema and section from config.
 */
export interface PackageContribution {
  readonly tools: readonly string[];
  readonly sections: readonly string[];
}

export const PACKAGE_CATALOG: Readonly<Record<string, PackageContribution>> = {
  // `read_image` only with an attachment store (`package-contribution.ts`).
  '@deepseek-ai/dsh-tool-fs': { tools: ['read', 'write', 'edit', 'read_image'], sections: ['tool:read', 'tool:write', 'tool:edit'] },
  '@deepseek-ai/dsh-tool-fs-search': { tools: ['glob', 'grep'], sections: ['tool:glob', 'tool:grep'] },
  '@deepseek-ai/dsh-tool-bash': { tools: ['bash'], sections: ['tool:bash'] },
  '@deepseek-ai/dsh-tool-pwsh': { tools: ['pwsh'], sections: ['tool:pwsh'] },
  // The persistent-pwsh-tool-turn pin: its own `pwsh` schema (`tool-variants.ts`) and no guidance section.
  '@deepseek-ai/dsh-tool-pwsh-persistent': { tools: ['pwsh'], sections: [] },
  '@deepseek-ai/dsh-tool-jobs': { tools: ['job_kill', 'job_list', 'job_output'], sections: ['tool:jobs'] },
  '@deepseek-ai/dsh-tool-goal': { tools: ['create_goal', 'get_goal', 'update_goal'], sections: ['tool:goal'] },
  '@deepseek-ai/dsh-tool-workflow': { tools: ['workflow'], sections: ['tool:workflow'] },
  '@deepseek-ai/dsh-tool-ralph': { tools: ['ralph'], sections: ['tool:ralph'] },
  '@deepseek-ai/dsh-tool-subagent-control': { tools: ['interrupt_agent', 'send_message'], sections: [] },
  '@deepseek-ai/dsh-tool-subagent-control/list-agents': { tools: ['list_agents'], sections: [] },
  '@deepseek-ai/dsh-tool-skill': { tools: ['skill'], sections: [] },
  '@deepseek-ai/dsh-tool-todo': { tools: ['todo_write'], sections: [] },
  // Tool catalogue: `web_fetch` and `web_search` (`search: false` drops it); the web-fetch pin shows `tool:web_fetch`.
  '@deepseek-ai/dsh-tool-web': { tools: ['web_fetch', 'web_search'], sections: ['tool:web_fetch', 'tool:web_search'] },
  '@deepseek-ai/dsh-tool-ask-user': { tools: ['ask_user_question'], sections: [] },
  '@deepseek-ai/dsh-tool-lsp': { tools: ['lsp'], sections: ['tool:lsp'] },
  '@deepseek-ai/dsh-tool-session-query': {
    tools: ['session_event_read', 'session_event_search', 'session_event_trace', 'session_search', 'session_trace'],
    sections: ['tool:session-query'],
  },
  '@deepseek-ai/dsh-tool-cordis': {
    tools: ['cordis_define', 'cordis_inspect_list', 'cordis_inspect_query', 'cordis_inspect_self', 'cordis_run', 'cordis_stop', 'cordis_undefine'],
    sections: ['tool:cordis'],
  },
  '@deepseek-ai/dsh-tool-terminal': { tools: ['terminal_close', 'terminal_list', 'terminal_open', 'terminal_read', 'terminal_send', 'terminal_signal'], sections: ['tool:pty'] },
};

/** Tool packages kvprefix knows exist but has no catalogue entry for (their tools cannot be counted). */
export function isToolPackage(name: string): boolean {
  return /^@deepseek-ai\/dsh-tool-/.test(name) && name !== '@deepseek-ai/dsh-tool-subagent' && name !== '@deepseek-ai/dsh-tool-subagent-report' && name !== '@deepseek-ai/dsh-tool-call-timeout-policy';
}
