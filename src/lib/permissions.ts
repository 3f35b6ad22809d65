// Route guards and the home redirect (spec part 1, section 2 "Route guard" and "Home redirect").
// Pure functions over plain data so they are unit-tested without React; the route table in
// src/app/routes.tsx supplies the patterns and guards.
import type { components } from '../../openapi/schema';
import { grants } from '../../core/permissions';

export type PermissionName = components['schemas']['PermissionName'];
export type FeatureFlagName = components['schemas']['FeatureFlagName'];
export type CurrentAgent = components['schemas']['CurrentAgent'];

/** What a route (or a link, a button) requires; every listed condition must hold. */
export interface Guard {
  allOf?: readonly PermissionName[];
  anyOf?: readonly PermissionName[];
  flags?: readonly FeatureFlagName[];
  /** Internal staff (the agent's is_internal flag) pass whatever else the guard asks (the crash-test page). */
  orInternalStaff?: boolean;
}

/** The parts of the signed-in agent that guards read. */
export type GuardSubject = Pick<CurrentAgent, 'permissions' | 'feature_flags'> & Partial<Pick<CurrentAgent, 'is_internal'>>;

export type GuardOutcome = 'allow' | 'home' | 'error';

/** root_all satisfies every permission (not feature flags or agent flags), as on the server (core/permissions.ts). */
export function hasPermission(agent: Pick<CurrentAgent, 'permissions'>, name: PermissionName): boolean {
  return grants(agent.permissions, name);
}

export function isAllowed(guard: Guard | undefined, agent: GuardSubject): boolean {
  if (!guard) return true;
  if (guard.orInternalStaff && agent.is_internal) return true;
  if (guard.allOf && !guard.allOf.every((p) => hasPermission(agent, p))) return false;
  if (guard.anyOf && guard.anyOf.length > 0 && !guard.anyOf.some((p) => hasPermission(agent, p))) return false;
  if (guard.flags && !guard.flags.every((f) => agent.feature_flags.includes(f))) return false;
  return true;
}

/** Render when allowed; else home when the agent holds some permissions, else the error route. */
export function guardOutcome(guard: Guard | undefined, agent: GuardSubject): GuardOutcome {
  if (isAllowed(guard, agent)) return 'allow';
  return agent.permissions.length > 0 ? 'home' : 'error';
}

// ---------------------------------------------------------------------------------------------
// Path patterns: "/alerts/:id", "/rules/:id/:tab?". A small matcher of our own so the guard logic,
// the home redirect and the rendered route all agree on what a path means.

export type RouteParams = Record<string, string | undefined>;

export function matchPattern(pattern: string, pathname: string): RouteParams | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: RouteParams = {};
  let i = 0;
  for (const seg of want) {
    const optional = seg.endsWith('?');
    if (seg.startsWith(':')) {
      const name = seg.slice(1, optional ? -1 : undefined);
      const value = have[i];
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
      i += 1;
    } else {
      if (have[i] !== seg) return null;
      i += 1;
    }
  }
  return i === have.length ? params : null;
}

export interface PatternRoute {
  path: string;
  guard?: Guard;
}

/** The first route whose pattern matches, in table order (put specific patterns first). */
export function findRoute<R extends PatternRoute>(routes: readonly R[], pathname: string): { route: R; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Strips query and hash: "/cases?x=1#y" -> "/cases". */
export function pathnameOf(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/** A target is open to the agent when it is a known in-app route whose guard passes. */
export function isRouteAllowed(routes: readonly PatternRoute[], target: string, agent: GuardSubject): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  const found = findRoute(routes, pathnameOf(target));
  return found !== null && isAllowed(found.route.guard, agent);
}

export const HOME_FALLBACKS = ['/alerts', '/data-explorer/upload-files', '/cases'] as const;

/**
 * The home redirect: the last saved route when it is allowed, else the first allowed of the
 * configured home route, alerts, upload files, cases; the agent's own profile as the last resort.
 */
export function resolveHome(routes: readonly PatternRoute[], agent: GuardSubject & Pick<CurrentAgent, 'id' | 'settings'>, lastRoute: string | null): string {
  if (lastRoute && isRouteAllowed(routes, lastRoute, agent)) return lastRoute;
  const candidates = [agent.settings.home_route, ...HOME_FALLBACKS].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) {
    if (isRouteAllowed(routes, candidate, agent)) return candidate;
  }
  return `/agents/${agent.id}`;
}

/** Where the last visited route of an agent is kept (localStorage), so each agent has their own. */
export function lastRouteKey(agentId: number): string {
  return `vigil:last-route:${agentId}`;
}
