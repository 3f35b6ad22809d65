import { currentAgentHandlers } from './current-agent.js';
import { devMailboxHandlers } from './dev-mailbox.js';
import { signInHandlers } from './sign-in.js';

/** Sessions: signing in and out, the signed-in agent, and the development mailbox. */
export const sessionHandlers = { ...signInHandlers, ...currentAgentHandlers, ...devMailboxHandlers };

export { registerDevMailboxPage } from './dev-mailbox.js';
