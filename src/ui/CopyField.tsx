// A labelled read-only text area with a Copy button (the rule admin content panel, spec part 2:
// "read-only text areas with copy buttons; a Copied chip for 2 seconds"). Copies through the
// asynchronous clipboard; where that is missing or refused (an insecure origin, a denied
// permission) the text is selected and copied the old way, and if that fails too the text stays
// selected with a hint to press the copy keys.
import { useEffect, useId, useRef, useState } from 'react';
import { css } from '../../styled-system/css';
import { button } from './recipes';

export const COPIED_TEXT = 'Copied';
/** How long the Copied chip shows after a copy (spec part 2). */
export const COPIED_MS = 2000;
export const COPY_FAILED_TEXT = 'Press Ctrl+C (⌘C) to copy the selected text';

const field = css({ display: 'flex', flexDirection: 'column', gap: '1.5', minWidth: '0' });
const head = css({ display: 'flex', alignItems: 'center', gap: '2', minHeight: '8' });
const label = css({ fontSize: 'sm', fontWeight: 'semibold', flex: '1' });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  height: '6',
  px: '2.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  bg: 'green.50',
  color: 'success',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'green.200',
});
const hint = css({ fontSize: 'xs', color: 'muted' });
const area = css({
  width: '100%',
  minHeight: '12rem',
  p: '2',
  fontFamily: 'mono',
  fontSize: 'xs',
  lineHeight: '1.5',
  whiteSpace: 'pre',
  overflow: 'auto',
  resize: 'vertical',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  bg: 'gray.50',
  color: 'ink',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
});

/** Writes `text` to the clipboard; false when neither the clipboard nor the selection could. */
export async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, not a secure origin): fall back to the selection below
  }
  if (!fallback) return false;
  fallback.focus();
  fallback.select();
  try {
    // deprecated, and the only way left where the asynchronous clipboard is missing
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export interface CopyFieldProps {
  label: string;
  value: string;
  rows?: number;
}

export function CopyField({ label: text, value, rows = 12 }: CopyFieldProps) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  // a number per copy, so copying again while the chip shows starts its 2 seconds over
  const [copied, setCopied] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(0), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const ok = await copyText(value, ref.current);
    setFailed(!ok);
    setCopied(ok ? (n) => n + 1 : 0);
  };

  return (
    <div className={field}>
      <div className={head}>
        <label htmlFor={id} className={label}>
          {text}
        </label>
        <span role="status" aria-live="polite">
          {copied ? <span className={chip}>{COPIED_TEXT}</span> : null}
        </span>
        <button type="button" className={button({ size: 'sm' })} aria-label={`Copy ${text}`} onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <textarea id={id} ref={ref} readOnly rows={rows} className={area} value={value} spellCheck={false} />
      {failed ? <p className={hint}>{COPY_FAILED_TEXT}</p> : null}
    </div>
  );
}
