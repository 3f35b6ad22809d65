// The in-app locations the agent has actually seen (rendered and allowed), newest last, so error
// pages can offer "a link back to a previously visited page" that is not the page that failed.

const MAX = 20;
const visited: string[] = [];

export function recordVisit(location: string): void {
  if (visited[visited.length - 1] === location) return;
  visited.push(location);
  if (visited.length > MAX) visited.shift();
}

/** The newest visited location other than `current`, or null. */
export function previousVisit(current: string): string | null {
  for (let i = visited.length - 1; i >= 0; i -= 1) {
    if (visited[i] !== current) return visited[i] ?? null;
  }
  return null;
}
