// Forms that leave checking to their own code and the server (a dialog's, a page-long editor's: a
// rule, a risk model), submitted without a reload; an optional description; and an editor's actions,
// which stay in view at the window's bottom with what went wrong or that changes are unsaved at
// their start.
import type { ReactNode } from 'react';
import { sva } from '../../styled-system/css';
import * as d from './dialog.styles';
import { button } from './recipes';

const parts = sva({
  slots: ['actions', 'sticky', 'said', 'unsaved'],
  base: {
    actions: { display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' },
    // in view at the window's bottom while the form scrolls
    sticky: { position: 'sticky', bottom: '0', bg: 'canvas', py: '3' },
    // what the actions say stands at their start, the buttons at their end
    said: { mr: 'auto' },
    unsaved: { color: 'warning', fontSize: 'sm' },
  },
})();

interface FormProps {
  /** The form's accessible name ("Rule editor"), when it is not a dialog's. */
  label?: string;
  onSubmit: () => void;
  children: ReactNode;
}

export function SubmitForm({ label, onSubmit, children }: FormProps) {
  return (
    <form
      className={d.form}
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The description of what is edited: a text of its own, optional. */
export function DescriptionField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className={d.field}>
      <label className={d.label} htmlFor={id}>
        Description <span className={d.optional}>(optional)</span>
      </label>
      <textarea id={id} className={d.textarea} maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

interface ActionsProps {
  /** Why the last save failed. */
  error: string | null;
  dirty: boolean;
  saving: boolean;
  saveLabel: string;
  /** Before Save: Cancel, Discard changes. */
  children: ReactNode;
}

/** The editor's actions: the last save's failure, else "Unsaved changes", then the caller's buttons and Save. */
export function EditorActions({ error, dirty, saving, saveLabel, children }: ActionsProps) {
  return (
    <div className={`${parts.actions} ${parts.sticky}`}>
      {error ? (
        <p role="alert" className={`${d.formError} ${parts.said}`}>
          {error}
        </p>
      ) : dirty ? (
        <p className={`${parts.unsaved} ${parts.said}`} role="status">
          Unsaved changes
        </p>
      ) : null}
      {children}
      <button type="submit" className={button({ variant: 'primary' })} disabled={saving}>
        {saving ? 'Saving…' : saveLabel}
      </button>
    </div>
  );
}
