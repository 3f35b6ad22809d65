import { aiAdminHandlers } from './admin.js';
import { aiChatHandlers } from './chat.js';

/** AI: the admin dashboard (agents, tracking, statistics) and the investigation chat. */
export const aiHandlers = { ...aiAdminHandlers, ...aiChatHandlers };
