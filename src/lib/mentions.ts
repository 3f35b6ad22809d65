// Mentions in comments (spec part 2, section 3 "Comment": mentions use a markdown-like tag and
// resolve to agent links). A mention is stored as @[Full Name](agent:ID). Parsing yields plain
// segments that the console renders as text nodes, never as markup.

export type CommentSegment = { kind: 'text'; text: string } | { kind: 'mention'; name: string; agentId: number };

// The name may not hold "]" (it would end the tag) or a line break; ids are positive integers.
const MENTION = /@\[([^\]\n]{1,200})\]\(agent:([1-9][0-9]{0,9})\)/g;

/** Splits comment content into text and mention segments, in order. */
export function parseMentions(content: string): CommentSegment[] {
  const segments: CommentSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(MENTION)) {
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: content.slice(last, start) });
    segments.push({ kind: 'mention', name: match[1], agentId: Number(match[2]) });
    last = start + match[0].length;
  }
  if (last < content.length) segments.push({ kind: 'text', text: content.slice(last) });
  return segments;
}

/** The stored tag of a mention. Brackets and line breaks in a name are dropped so the tag stays whole. */
export function mentionTag(agent: { id: number; full_name: string }): string {
  const name = agent.full_name.replace(/[[\]\n\r]/g, '').trim() || `Agent ${agent.id}`;
  return `@[${name}](agent:${agent.id})`;
}

/** Serialises segments back to stored content (the inverse of parseMentions). */
export function serialiseMentions(segments: readonly CommentSegment[]): string {
  return segments.map((s) => (s.kind === 'text' ? s.text : mentionTag({ id: s.agentId, full_name: s.name }))).join('');
}

/** Ids of the agents a comment mentions, each once, in order of first mention. */
export function mentionedAgentIds(content: string): number[] {
  return [...new Set(parseMentions(content).flatMap((s) => (s.kind === 'mention' ? [s.agentId] : [])))];
}

/** How a comment reads without links: mentions as "@Full Name". */
export function plainText(content: string): string {
  return parseMentions(content)
    .map((s) => (s.kind === 'text' ? s.text : `@${s.name}`))
    .join('');
}

/** Longest text after "@" still treated as a name being typed (names hold spaces). */
export const MENTION_QUERY_MAX = 40;

export interface MentionQuery {
  /** Index of the "@" in the text. */
  start: number;
  /** What has been typed after "@" up to the caret. */
  query: string;
}

/**
 * The mention being typed at the caret, if any: an "@" at the start or after whitespace, followed
 * by at most MENTION_QUERY_MAX characters without a line break, "@" or "[" up to the caret.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1) return null;
  if (at > 0 && !/\s/.test(before[at - 1])) return null;
  const query = before.slice(at + 1);
  if (query.length > MENTION_QUERY_MAX || /[\n@[\]]/.test(query)) return null;
  return { start: at, query };
}

/** Agents whose name or email matches a typed query (case-insensitive), names starting with it first. */
export function matchAgents<A extends { full_name: string; email: string }>(agents: readonly A[], query: string, limit = 8): A[] {
  const q = query.trim().toLowerCase();
  const scored = agents.flatMap((a) => {
    const name = a.full_name.toLowerCase();
    if (q === '') return [{ a, rank: 1 }];
    if (name.startsWith(q)) return [{ a, rank: 0 }];
    if (name.includes(q) || a.email.toLowerCase().includes(q)) return [{ a, rank: 1 }];
    return [];
  });
  return scored
    .sort((x, y) => x.rank - y.rank || x.a.full_name.localeCompare(y.a.full_name))
    .slice(0, limit)
    .map((s) => s.a);
}

/** Replaces the typed "@query" at `mention` with the agent's tag and a space; answers text and caret. */
export function insertMention(text: string, mention: MentionQuery, agent: { id: number; full_name: string }): { text: string; caret: number } {
  const tag = `${mentionTag(agent)} `;
  const end = mention.start + 1 + mention.query.length;
  return { text: text.slice(0, mention.start) + tag + text.slice(end), caret: mention.start + tag.length };
}
