import type { Guard, RouteParams } from '../lib/permissions';

/** One folder per lazily loaded area: src/areas/<area>/index.tsx. */
export type AreaName =
  | 'login'
  | 'alerts'
  | 'cases'
  | 'lists'
  | 'rules'
  | 'filings'
  | 'dashboards'
  | 'data-explorer'
  | 'data-management'
  | 'risk-ratings'
  | 'ai'
  | 'people'
  | 'operations'
  | 'reporting'
  | 'org-management'
  | 'ai-admin'
  | 'rules-admin'
  | 'notifications'
  | 'crash';

/** Screens of the shell itself, never lazily loaded (they must work when loading fails). */
export type ShellScreen = 'home' | 'error';

export interface AppRoute {
  /** Stable id, "<area>.<page>": areas switch on it. */
  id: string;
  /** wouter-style pattern: "/alerts/:id", "/rules/:id/:tab?". */
  path: string;
  /** Page name in the title: "Vigil | <page>". */
  page: string;
  guard?: Guard;
  area?: AreaName;
  screen?: ShellScreen;
  /** Reachable without a session and shown without the main layout (sign-in screens). */
  public?: boolean;
  /** Kept as the agent's last route for the home redirect (default true). */
  remember?: boolean;
}

/** What every area module's default export receives. */
export interface AreaProps {
  routeId: string;
  params: RouteParams;
}
