// The header of a detail page (a card) or of its panel (a plain block): the title with the status
// chip of a work item, the line that identifies it, its actions beside them, and what the page
// shows under them (fields, tags, facts).
import type { ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { detailHeader } from './detail.recipes';

interface Props {
  title: ReactNode;
  /** The status chip after the title (alerts, cases). */
  status?: ReactNode;
  /** The line under the title: the id, the type, when it was made. */
  subtitle: ReactNode;
  /** Beside the title; a header without actions has no title row. */
  actions?: ReactNode;
  /** A second group of actions on the title row (the panel's status moves). */
  moreActions?: ReactNode;
  /** The panel's narrow layout: an h2, smaller type, no card. */
  compact?: boolean;
  kind?: 'work' | 'record';
  as?: 'div' | 'header';
  className?: string;
  children?: ReactNode;
}

export function DetailHeader({ title, status, subtitle, actions, moreActions, compact = false, kind = 'work', as: Tag = 'div', className, children }: Props) {
  const s = detailHeader({ compact, kind });
  const Heading = compact ? 'h2' : 'h1';
  const block = (
    <div className={s.titleBlock}>
      <Heading className={s.title}>
        {status ? (
          <>
            <span>{title}</span>
            {status}
          </>
        ) : (
          title
        )}
      </Heading>
      <span className={s.subtitle}>{subtitle}</span>
    </div>
  );
  return (
    <Tag className={cx(s.root, className)}>
      {actions === undefined ? (
        block
      ) : (
        <div className={s.titleRow}>
          {block}
          <div className={s.actions}>{actions}</div>
          {moreActions ? <div className={s.actions}>{moreActions}</div> : null}
        </div>
      )}
      {children}
    </Tag>
  );
}

/** Why the assignee and queue cannot be changed, under the fields. */
export function DetailNote({ children }: { children: ReactNode }) {
  return <p className={detailHeader().note}>{children}</p>;
}
