import { aiAdminHandlers } from './admin.js';
import { agentOutputsHandlers } from './agent-outputs.js';
import { aiChatHandlers } from './chat.js';

/** AI: the admin dashboard (agents, tracking, statistics), the investigation chat, and what the agents found about an object. */
export const aiHandlers = { ...aiAdminHandlers, ...aiChatHandlers, ...agentOutputsHandlers };
