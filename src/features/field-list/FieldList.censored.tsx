// Censored values: the mask "••••••" with its tooltip "This field is censored." (spec part 2,
// section 6), and the reveal of a censored-but-viewable field (spec part 2, section 3: "censored but viewable"). The
// server sends such a field masked with `revealable`; the agent asks for one value at a time, the
// server answers it and records the look in the audit log. The value stays in this row's state
// only: it is gone when the panel or page closes, and Hide masks it again.
import { useRevealMutation } from '../../api/censorship/mutations';
import * as s from './FieldList.styles';
import { CENSORED_TOOLTIP, CENSORED_VALUE, formatFieldValue, isEmptyValue, REVEAL_FAILED, type RevealTarget } from './FieldList.utils';
import { Tooltip } from '../../ui/Tooltip';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

/** A censored value: the mask, focusable so keyboard users reach its tooltip too. */
export function CensoredValue() {
  return (
    <Tooltip text={CENSORED_TOOLTIP} openDelay={150}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users reach its tooltip (ui/Tooltip.tsx) */}
      <span className={s.censored} tabIndex={0} data-censored="">
        <span aria-hidden="true">{CENSORED_VALUE}</span>
        <VisuallyHidden>Censored</VisuallyHidden>
      </span>
    </Tooltip>
  );
}

export function RevealableValue({ target, label }: { target: RevealTarget; label: string }) {
  const reveal = useRevealMutation(target);
  if (reveal.isSuccess) {
    const value = reveal.data.formatted_value;
    return (
      <span className={s.revealRow}>
        <span data-revealed="">{isEmptyValue(value) ? '—' : formatFieldValue(value)}</span>
        <button type="button" className={s.revealButton} onClick={() => reveal.reset()} aria-label={`Hide ${label}`}>
          Hide
        </button>
      </span>
    );
  }
  return (
    <span className={s.revealRow}>
      <CensoredValue />
      <button type="button" className={s.revealButton} onClick={() => reveal.mutate()} disabled={reveal.isPending} aria-label={`Reveal ${label}`}>
        {reveal.isPending ? 'Revealing…' : 'Reveal'}
      </button>
      {reveal.isError && (
        <span role="alert" className={s.revealError}>
          {REVEAL_FAILED}
        </span>
      )}
    </span>
  );
}
