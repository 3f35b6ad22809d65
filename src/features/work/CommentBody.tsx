// A comment's content. Everything is rendered as React text nodes (never as HTML), so markup in a
// comment shows as the characters typed and can never run. Mentions link to the agent only for
// viewers who may see agents; otherwise they read "@Full Name".
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { parseMentions } from '../../lib/mentions';
import { textLink } from '../../ui/recipes';

const body = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm', lineHeight: '1.55', color: 'ink', m: '0' });
const plainMention = css({ fontWeight: 'semibold' });

export function CommentBody({ content, linkAgents }: { content: string; linkAgents: boolean }) {
  return (
    <p className={body}>
      {parseMentions(content).map((segment, i) => {
        if (segment.kind === 'text') return segment.text;
        const text = `@${segment.name}`;
        return linkAgents ? (
          <Link key={i} href={`/agents/${segment.agentId}`} className={textLink()}>
            {text}
          </Link>
        ) : (
          <span key={i} className={plainMention}>
            {text}
          </span>
        );
      })}
    </p>
  );
}
