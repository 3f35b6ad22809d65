// One labelled field of a form (the Data Setting panel, the risk model editor): the error, when
// there is one, replaces the hint, and the control points at whichever is shown.
import type { ReactNode } from "react";
import * as d from "./dialog.styles";

export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
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

export const describedBy = (id: string, error?: string) =>
  error ? `${id}-error` : `${id}-hint`;
