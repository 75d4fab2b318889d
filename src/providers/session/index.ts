// Session logs: reading and validating DSH's JSONL, the model-visible surface, the fork seed, and requests reconstructed from a log.
export {
  isBlockType,
  assistantMessageSchema,
  attachmentSchema,
  contentBlockSchema,
  imageBlockSchema,
  messageSourceSchema,
  modelSourceSchema,
  otherBlockSchema,
  reasoningBlockSchema,
  textBlockSchema,
  toolCallBlockSchema,
  toolResultBlockSchema,
  toolResultContentBlockSchema,
  toolResultMessageSchema,
  usageSchema,
  userMessageSchema,
} from '../model/content-schema.js';
export type {
  AssistantMessage,
  Attachment,
  ContentBlock,
  ImageBlock,
  KnownBlock,
  MessageSource,
  OtherBlock,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
  ToolResultContentBlock,
  ToolResultMessage,
  Usage,
  UserMessage,
} from '../model/content-schema.js';
export {
  assistantChunkEventSchema,
  assistantMessageEventSchema,
  endSeedEventSchema,
  KNOWN_EVENT_SCHEMAS,
  reasoningChunksRowSchema,
  requestConfigSchema,
  requestContextEventSchema,
  requestHeaderEventSchema,
  requestHeaderReasonSchema,
  requestHeaderSchema,
  stepEndEventSchema,
  stepStartEventSchema,
  subagentDescriptorEventSchema,
  surfaceOpSchema,
  textChunksRowSchema,
  toolCallChunksRowSchema,
  toolCallEventSchema,
  toolResultEventSchema,
  toolSchemaSchema,
  turnEndEventSchema,
  turnStartEventSchema,
  userMessageEventSchema,
} from './event-schema.js';
export type {
  AssistantChunkEvent,
  AssistantMessageEvent,
  EndSeedEvent,
  ReasoningChunksRow,
  RequestConfig,
  RequestContextEvent,
  RequestHeader,
  RequestHeaderEvent,
  RequestHeaderReason,
  StepEndEvent,
  StepStartEvent,
  SubagentDescriptorEvent,
  SurfaceOp,
  TextChunksRow,
  ToolCallChunksRow,
  ToolCallEvent,
  ToolResultEvent,
  ToolSchema,
  TurnEndEvent,
  TurnStartEvent,
  UserMessageEvent,
} from './event-schema.js';
export { SESSION_FORMAT_VERSION, sessionHeaderSchema } from './header-schema.js';
export type { SessionHeader } from './header-schema.js';
export { isEventType, isKnownEventType, isSurfaceEvent, SURFACE_EVENT_TYPES } from './session-event.js';
export type {
  EventLocation,
  EventOfType,
  KnownEventType,
  KnownSessionEvent,
  LoggedEvent,
  LoggedEventOf,
  LoggedKnownEvent,
  LoggedUnknownEvent,
  PackedChunkRow,
  SessionEvent,
  SurfaceEvent,
  UnknownSessionEvent,
} from './session-event.js';
export { expandPackedRow, isPackedRow, isPackedRowType, logicalEvents, PACKED_ROW_TYPES, packedMemberCount } from './packed-rows.js';
export { describeIssues, SessionLogParser } from './session-log-parser.js';
export { isZstdFileName, readLogLines } from './log-lines.js';
export type { LogLine, LogLineOptions } from './log-lines.js';
export { openSessionLog, parseSessionLog, readSessionLog } from './read-session-log.js';
export type { ReadSessionLogOptions, SessionLog, SessionLogStream, UnfinishedLine } from './read-session-log.js';
export { foldSurfaceEvent, projectSurface, surfaceMessage } from './surface.js';
export type { ProjectSurfaceOptions, SurfaceEntry } from './surface.js';
export { completedTurnPrefix } from './fork-seed.js';
export type { CompletedTurnPrefixOptions, ForkSeed } from './fork-seed.js';
export { childTask, findDelegationCall, messageText, ownEventsStart } from './delegation-call.js';
export type { DelegationLink, DelegationMatch } from './delegation-call.js';
export { EMPTY_TOOL_OUTPUT, messageToChatMessages, surfaceToChatMessages, TOOL_RESULT_IMAGES_PREFIX, toolSchemaToChatWire, toSourcedChatMessages } from './chat-wire.js';
export type {
  ChatAssistantMessage,
  ChatContentPart,
  ChatSystemMessage,
  ChatToolCall,
  ChatToolMessage,
  ChatUserMessage,
  ChatWireMessage,
  ChatWireTool,
  SourcedChatMessage,
  StoredMessage,
} from './chat-wire.js';
export { childLogNumber, isJsonlName, isRootLogName, isTreeLogName } from './dsh-log-name.js';
export { loadHeadPins, parseSystemPromptPin, parseToolSchemasPin } from './head-pins.js';
export type { HeadPins, LoadHeadPinsOptions, SystemPromptPin, ToolSchemasPin } from './head-pins.js';
export { latestRequestHeader, requestHeadAt, resolveRequestHead, SYSTEM_PLACEHOLDER, TOOLS_PLACEHOLDER } from './request-head.js';
export type { RequestHead } from './request-head.js';
export { reconstructRequest, reconstructRequestParts } from './reconstruct-request.js';
export type { ReconstructedRequest, ReconstructedRequestParts, ReconstructRequestOptions } from './reconstruct-request.js';
export { RequestReconstructor } from './request-reconstructor.js';
export type { RequestReconstructorOptions } from './request-reconstructor.js';
export { chatRequestBody } from './chat-request-body.js';
export type { ChatRequestBody, ChatRequestBodyOptions } from './chat-request-body.js';
export { modelRequestPoints } from './request-points.js';
export type { ModelRequestPoint } from './request-points.js';
