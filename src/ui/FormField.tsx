// One labelled field of a form (the Data Setting panel, the risk model editor, the team, invite,
// queue and case dialogs): the error, when
// there is one, replaces the hint, and the control points at whichever is shown.
import type { ReactNode } from 'react';
import * as d from './dialog.styles';

export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | null; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={d.field}>
      <label className={d.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <span id={`${id}-error`} className={d.fieldError}>
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className={d.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** What the control's aria-describedby names: the error when there is one, else the hint (if the field has one). */
export const describedBy = (id: string, error?: string | null, hasHint = true) => (error ? `${id}-error` : hasHint ? `${id}-hint` : undefined);
