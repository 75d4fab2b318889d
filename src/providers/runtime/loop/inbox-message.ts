import type { ContentBlock, MessageSource } from '../../model/content.js';

/** A message waiting in an agent's inbox, in DSH's message shape. */
export interface InboxMessage {
  readonly content: readonly ContentBlock[];
  readonly source: MessageSource;
  readonly role: 'user';
  readonly id: string;
}
