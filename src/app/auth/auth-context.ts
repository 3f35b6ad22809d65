// The one seam through which the console reads the session. The provider behind it may change
// (today a minimal refresh-on-start, next the session machine); this interface does not.
import { createContext, useContext } from 'react';
import type { components } from '../../../openapi/schema';

export type CurrentAgent = components['schemas']['CurrentAgent'];
export type SessionToken = components['schemas']['SessionToken'];
export type ConnectionName = components['schemas']['ConnectionName'];

export type AuthStatus = 'restoring' | 'signedOut' | 'signedIn';

export interface Auth {
  /** restoring: the refresh cookie is being tried at start; nothing is known yet. */
  status: AuthStatus;
  /** The signed-in agent (GET /api/agents/me); null while signed out or still loading. */
  agent: CurrentAgent | null;
  /** Signed in, but the agent's permissions are not loaded yet: guards must wait. */
  permissionsLoading: boolean;
  /** Ends the session (server logout, tokens cleared); the login gate then shows /agent-login. */
  logout: () => void;
  /** Starts a session from a token exchange (magic link) or an identity-provider login. */
  signIn: (token: SessionToken, connection: ConnectionName) => void;
  /** Reports user activity (for the inactivity logout). */
  activity: () => void;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

/** The signed-in agent, for components that only render inside the signed-in shell. */
export function useAgent(): CurrentAgent {
  const { agent } = useAuth();
  if (!agent) throw new Error('useAgent used outside the signed-in shell');
  return agent;
}
