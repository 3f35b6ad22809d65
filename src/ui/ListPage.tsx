// A list page: the header (the title, what sits beside it, and the actions at its end), then the
// filter bar and whatever else the page puts above its table, then the table in a frame that
// takes the rest of the window.
import type { HTMLAttributes, ReactNode } from 'react';
import { button, textLink } from './recipes';
import { listPage } from './list.recipes';

type Density = 'compact' | 'roomy';

interface PageProps {
  title: string;
  /** Beside the title: views, tabs, the count. */
  lead?: ReactNode;
  /** At the header's end: Choose columns, New case, Upload files. */
  actions?: ReactNode;
  /** The case list keeps the roomier look of the detail pages. */
  density?: Density;
  children: ReactNode;
}

export function ListPage({ title, lead, actions, density, children }: PageProps) {
  const s = listPage({ density });
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>{title}</h1>
        {lead}
        {actions ? (
          <>
            <span className={s.spacer} />
            {actions}
          </>
        ) : null}
      </header>
      {children}
    </div>
  );
}

/** How many rows the list has, said politely when it changes. */
export function ListCount({ children, density }: { children: ReactNode; density?: Density }) {
  return (
    <span className={listPage({ density }).count} aria-live="polite">
      {children}
    </span>
  );
}

type FrameProps = HTMLAttributes<HTMLDivElement> & {
  /** A page of rows is on its way: a thin bar runs along the top. */
  busy?: boolean;
};

/** The table's frame: it takes the rest of the page, and the table scrolls inside it. */
export function ListFrame({ busy = false, children, ...rest }: FrameProps) {
  const s = listPage();
  return (
    <div className={s.frame} {...rest}>
      {busy ? <div className={s.progress} aria-hidden="true" /> : null}
      {children}
    </div>
  );
}

interface EmptyProps {
  text: string;
  /** Offered when filters hide every row. */
  onClear?: () => void;
  fill?: boolean;
}

/** What the table shows without rows, with Clear filters when filters are the reason. */
export function ListEmpty({ text, onClear, fill }: EmptyProps) {
  return (
    <div className={listPage({ fill }).state}>
      <p>{text}</p>
      {onClear ? (
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

/** What the table shows when its rows could not be loaded, with Retry; `className` gives a page its own box. */
export function ListError({ text, onRetry, fill, className }: { text: string; onRetry: () => void; fill?: boolean; className?: string }) {
  return (
    <div className={className ?? listPage({ fill }).state} role="alert">
      <p>{text}</p>
      <button type="button" className={textLink()} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
