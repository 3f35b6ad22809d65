// A titled section of a detail page or panel: a card whose header names it (the heading labels the
// section for screen readers) and may carry actions. Its content sits in a padded body unless it
// brings its own layout (a table, a list).
import type { ReactNode } from 'react';
import { section } from './detail.recipes';

const s = section();

interface Props {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** Beside the title (a link, a button). */
  actions?: ReactNode;
  /** Content that brings its own layout, without the padded body. */
  bare?: boolean;
  children: ReactNode;
}

export function Section({ id, title, actions, bare = false, children }: Props) {
  return (
    <section className={s.root} aria-labelledby={id}>
      <header className={s.header}>
        <h2 id={id} className={s.title}>
          {title}
        </h2>
        {actions}
      </header>
      {bare ? children : <div className={s.body}>{children}</div>}
    </section>
  );
}
