// Small pieces the entity and instrument pages share: a toned badge, and the details fields with the
// Show/Hide Empty Fields toggle.
import type { ReactNode } from 'react';
import { FieldList, ShowEmptyFieldsToggle, useShowEmptyFields, type FieldItem } from '../../../features/field-list/FieldList';
import { badge, badgeDot } from '../../../features/work/work.styles';
import * as s from './entity.styles';
import type { Tone } from './entity.utils';

export function ToneBadge({ tone, children, title }: { tone: Tone; children: ReactNode; title?: string }) {
  return (
    <span className={badge({ tone })} data-tone={tone} title={title}>
      <span className={badgeDot} aria-hidden="true" />
      {children}
    </span>
  );
}

/** A details section's fields with the shared Show/Hide Empty Fields toggle (one choice per browser). */
export function DetailsFields({ fields, label }: { fields: readonly FieldItem[]; label: string }) {
  const [showEmpty, setShowEmpty] = useShowEmptyFields();
  return (
    <div className={s.sectionBody}>
      <ShowEmptyFieldsToggle showEmpty={showEmpty} onChange={setShowEmpty} />
      <FieldList fields={fields} showEmpty={showEmpty} label={label} />
    </div>
  );
}
