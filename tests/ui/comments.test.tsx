// @vitest-environment jsdom
// Comments with mentions (spec part 2, sections 3, 6, 7, 8): the stored tag @[Full Name](agent:ID),
// rendered as an agent link only for viewers who may see agents; content only ever as text, so
// markup in a comment can never run; oldest first; "Failed to get comments." when they cannot be read.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderComments, type Comment } from '../../src/api/comments/queries';
import type { CurrentAgent } from '../../src/lib/permissions';
import { insertMention, matchAgents, mentionQueryAt, mentionTag, parseMentions, plainText, serialiseMentions } from '../../src/lib/mentions';
import { CommentThread } from '../../src/features/work';
import { CommentBody } from '../../src/features/work/CommentBody';
import { makeAgent } from './fixtures';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

const HOSTILE = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script><a href="javascript:alert(1)">x</a>';

describe('mentions (src/lib/mentions.ts)', () => {
  it('parses text and mentions and serialises them back', () => {
    const content = 'Ask @[Priya Shah](agent:3) and @[Liam Okafor](agent:12) about it.';
    const segments = parseMentions(content);
    expect(segments).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', name: 'Priya Shah', agentId: 3 },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', name: 'Liam Okafor', agentId: 12 },
      { kind: 'text', text: ' about it.' },
    ]);
    expect(serialiseMentions(segments)).toBe(content);
    expect(plainText(content)).toBe('Ask @Priya Shah and @Liam Okafor about it.');
  });

  it('leaves malformed tags as text and keeps brackets out of names', () => {
    expect(parseMentions('@[Nobody](agent:x) @[](agent:3) @Priya')).toEqual([{ kind: 'text', text: '@[Nobody](agent:x) @[](agent:3) @Priya' }]);
    expect(mentionTag({ id: 5, full_name: 'Ann ]Lee[' })).toBe('@[Ann Lee](agent:5)');
  });

  it('finds the name being typed after "@" and replaces it with the tag', () => {
    expect(mentionQueryAt('Hi @pri', 7)).toEqual({ start: 3, query: 'pri' });
    expect(mentionQueryAt('Hi @Priya Sh', 12)).toEqual({ start: 3, query: 'Priya Sh' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('line\n@x\ny', 9)).toBeNull();
    const mention = mentionQueryAt('Hi @pri, thanks', 7)!;
    expect(insertMention('Hi @pri, thanks', mention, { id: 3, full_name: 'Priya Shah' })).toEqual({ text: 'Hi @[Priya Shah](agent:3) , thanks', caret: 26 });
  });

  it('matches agents by name start first, then by name or email anywhere', () => {
    const agents = [
      { id: 1, full_name: 'Ada Admin', email: 'admin@demo.test' },
      { id: 2, full_name: 'Priya Shah', email: 'priya.shah@demo.test' },
      { id: 3, full_name: 'Jordan Lee', email: 'jordan.pri@demo.test' },
    ];
    expect(matchAgents(agents, 'pri').map((a) => a.id)).toEqual([2, 3]);
    expect(matchAgents(agents, '').map((a) => a.id)).toEqual([1, 3, 2]);
  });

  it('orders an answer oldest first: reversed, then sorted by created_at', () => {
    const c = (id: number, at: string): Comment => ({ id, content: '', created_at: at, author: { id: 1, full_name: 'A', email: 'a@x', picture: null } });
    expect(orderComments([c(3, '2026-01-03T00:00:00Z'), c(1, '2026-01-01T00:00:00Z'), c(2, '2026-01-02T00:00:00Z')]).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});

describe('<CommentBody>', () => {
  it('links a mention to the agent for viewers who may see agents', () => {
    renderWork(<CommentBody content="Over to @[Priya Shah](agent:3)." linkAgents />);
    const link = screen.getByRole('link', { name: '@Priya Shah' });
    expect(link.getAttribute('href')).toBe('/agents/3');
  });

  it('shows "@Full Name" as plain text otherwise', () => {
    const { container } = renderWork(<CommentBody content="Over to @[Priya Shah](agent:3)." linkAgents={false} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('Over to @Priya Shah.');
  });

  it('renders markup as the characters typed: no element is created and nothing runs', () => {
    const { container } = renderWork(<CommentBody content={`${HOSTILE} @[Priya Shah](agent:3)`} linkAgents />);
    expect(container.querySelector('img, script, a[href^="javascript"]')).toBeNull();
    expect(container.textContent).toBe(`${HOSTILE} @Priya Shah`);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

let server: WorkServer;
let manager: CurrentAgent;
let alertId: number;
beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
  const answer = await server.api('POST', '/api/investigations/retrieve/alert', {
    object_type: 'ALERT',
    object_ids: Array.from({ length: 100 }, (_, i) => i + 1),
  });
  alertId = (answer.json.results as Array<{ id: number; status: string }>).find((a) => a.status === 'OPEN')!.id;
}, 120_000);
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.calls.length = 0;
});

describe('<CommentThread> against the real server', () => {
  it('offers agents on "@", stores the mention tag and shows it as a link, newest comment last', async () => {
    renderWork(<CommentThread objectType="ALERT" objectId={alertId} />, manager);
    const box = await screen.findByLabelText('Add a comment');
    fireEvent.change(box, { target: { value: 'Please check with @pri' } });
    const list = await screen.findByRole('listbox', { name: 'Mention an agent' });
    const option = within(list).getByRole('option', { name: /Priya Shah/ });
    fireEvent.click(option);
    const value = (box as HTMLTextAreaElement).value;
    const tag = /@\[Priya Shah\]\(agent:(\d+)\)/.exec(value);
    expect(tag).not.toBeNull();
    fireEvent.change(box, { target: { value: `${value}before Friday.` } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));

    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path === '/api/comments' && c.status === 201)).toBe(true));
    const sent = server.calls.find((c) => c.path === '/api/comments' && c.method === 'POST')!.body as { content: string };
    expect(sent.content).toBe(`Please check with @[Priya Shah](agent:${tag![1]}) before Friday.`);
    const link = await screen.findByRole('link', { name: '@Priya Shah' });
    expect(link.getAttribute('href')).toBe(`/agents/${tag![1]}`);
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items.at(-1)!.textContent).toContain('Please check with @Priya Shah before Friday.');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('keeps markup inert after a round trip through the server', async () => {
    const posted = await server.api('POST', '/api/comments', { object_type: 'ALERT', object_id: alertId, content: HOSTILE });
    expect(posted.status).toBe(201);
    const { container } = renderWork(<CommentThread objectType="ALERT" objectId={alertId} />, manager);
    await screen.findByRole('list', { name: 'Comments' });
    expect(container.querySelector('ol img, ol script, ol a[href^="javascript"]')).toBeNull();
    expect(screen.getByText(HOSTILE)).toBeTruthy();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows mentions as plain "@Full Name" to a viewer without read_agents, and offers no composer without edit_alerts', async () => {
    renderWork(<CommentThread objectType="ALERT" objectId={alertId} />, makeAgent(['read_alerts']));
    await screen.findByRole('list', { name: 'Comments' });
    expect(screen.queryByRole('link', { name: /^@/ })).toBeNull();
    expect(screen.getAllByText(/@Priya Shah/).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Add a comment')).toBeNull();
  });

  it('says "Failed to get comments." when the comments cannot be read', async () => {
    renderWork(<CommentThread objectType="ALERT" objectId={999_999} />, manager);
    expect(await screen.findByText('Failed to get comments.')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/comments/999999')?.status).toBe(404);
  });
});
