// Labelled values of a detail page: a small caption over the value. A header field labels a chip or
// a control (Assignee, Queue, Tags); a fact is one term of a description list (Type, Status).
import type { ReactNode } from 'react';
import { field } from './detail.recipes';

const f = field();

export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={f.root}>
      <span className={f.label}>{label}</span>
      {children}
    </div>
  );
}

/** A term and its value, inside a <dl>; `className` styles the value. */
export function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={f.root}>
      <dt className={f.label}>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
