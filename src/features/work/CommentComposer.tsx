// Writing a comment. Typing "@" offers the organisation's agents; picking one writes the spec's
// mention tag @[Full Name](agent:ID) into the text. Ctrl+Enter (or Cmd+Enter) posts. A failed post
// keeps the text.
import { forwardRef, useId, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { css } from '../../../styled-system/css';
import { useAgentsQuery, type AgentOption } from '../../api/agents/queries';
import { insertMention, matchAgents, mentionQueryAt, type MentionQuery } from '../../lib/mentions';
import * as d from '../../ui/dialog.styles';
import { button, floating } from '../../ui/recipes';
import { initials } from './initials';
import * as s from './work.styles';

const wrap = css({ position: 'relative', display: 'flex', flexDirection: 'column', gap: '2' });
const suggestions = css({ position: 'absolute', left: '0', right: '0', bottom: '100%', mb: '1', p: '1', maxHeight: '14rem', overflowY: 'auto' });
const actions = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' });

export interface CommentComposerHandle {
  focus: () => void;
}

interface Props {
  /** Posts the content; resolves when saved, rejects to keep the text. */
  onSubmit: (content: string) => Promise<unknown>;
  busy: boolean;
  /** Agents may be listed (read_agents or read_assignments): otherwise "@" offers nobody. */
  canListAgents: boolean;
}

export const CommentComposer = forwardRef<CommentComposerHandle, Props>(function CommentComposer({ onSubmit, busy, canListAgents }, ref) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const agents = useAgentsQuery({ enabled: canListAgents });
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  const matches: AgentOption[] = useMemo(() => (mention && agents.data ? matchAgents(agents.data, mention.query) : []), [mention, agents.data]);
  const open = mention !== null && matches.length > 0;

  const track = (value: string, caret: number) => {
    setText(value);
    const next = mentionQueryAt(value, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActive(0);
  };

  const pick = (agent: AgentOption | undefined) => {
    if (!agent || !mention) return;
    const result = insertMention(text, mention, agent);
    setText(result.text);
    setMention(null);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(result.caret, result.caret);
    });
  };

  const submit = () => {
    const content = text.trim();
    if (!content || busy) return;
    void onSubmit(content).then(
      () => {
        setText('');
        setMention(null);
      },
      () => undefined,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => (event.key === 'ArrowDown' ? Math.min(i + 1, matches.length - 1) : Math.max(i - 1, 0)));
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[Math.min(active, matches.length - 1)]);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the suggestions only, not the panel or dialog around the composer.
        event.preventDefault();
        event.stopPropagation();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const listId = `${id}-mentions`;
  const optionId = (i: number) => `${id}-mention-${i}`;
  return (
    <div className={wrap}>
      {open ? (
        <ul id={listId} role="listbox" aria-label="Mention an agent" className={`${floating()} ${suggestions} ${s.pickerList}`}>
          {matches.map((agent, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the text field's (aria-activedescendant), as in a combobox
            <li
              key={agent.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-active={i === active ? '' : undefined}
              className={s.pickerOption}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(agent)}
            >
              <span className={s.avatar} aria-hidden="true">
                {initials(agent.full_name)}
              </span>
              <span className={s.chipText}>{agent.full_name}</span>
              <span className={s.chipMuted}>{agent.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-text`} className={d.label}>
        Add a comment
      </label>
      <textarea
        ref={area}
        id={`${id}-text`}
        className={d.textarea}
        value={text}
        placeholder="Write a comment. Type @ to mention an agent."
        maxLength={10000}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(Math.min(active, matches.length - 1)) : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => track(e.target.value, e.target.selectionStart)}
        onSelect={(e) => setMention(mentionQueryAt(e.currentTarget.value, e.currentTarget.selectionStart))}
        onKeyDown={onKeyDown}
        onBlur={() => setMention(null)}
      />
      <div className={actions}>
        <span id={`${id}-hint`} className={d.hint}>
          Ctrl+Enter to post
        </span>
        <button type="button" className={button({ variant: 'primary', size: 'sm' })} disabled={busy || text.trim() === ''} onClick={submit}>
          {busy ? 'Posting…' : 'Comment'}
        </button>
      </div>
    </div>
  );
});
