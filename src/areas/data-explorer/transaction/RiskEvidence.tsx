// The risk score with the ACH Risk Score Evidence popover (spec part 2, sections 2 and 9): the top
// 3 SHAP items by absolute value, rounded, in a 542 px popover. The explanation is fetched when the
// popover first opens.
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { cx } from '../../../../styled-system/css';
import { LoadingState } from '../../../ui/LoadingState';
import { floating, textLink } from '../../../ui/recipes';
import { useShapValuesQuery } from '../../../api/transactions/queries';
import * as s from './transaction.styles';
import { EVIDENCE_TITLE, EVIDENCE_WIDTH_PX, signed, topEvidence } from './transaction.utils';

export function RiskEvidence({ transactionId, riskScore }: { transactionId: number; riskScore: number | null }) {
  const [open, setOpen] = useState(false);
  const shap = useShapValuesQuery(transactionId, open && riskScore !== null);
  if (riskScore === null) return <span className={s.statValue}>Not scored</span>;
  const items = topEvidence(shap.data);
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger className={s.riskButton} aria-label={`Risk score ${Math.round(riskScore)}: show the evidence`}>
        {Math.round(riskScore)}
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(floating(), s.popover)} style={{ width: EVIDENCE_WIDTH_PX }} aria-label={EVIDENCE_TITLE}>
            <Popover.Title className={s.popoverTitle}>{EVIDENCE_TITLE}</Popover.Title>
            {shap.isPending ? (
              <LoadingState label="Loading the evidence" />
            ) : shap.isError ? (
              <p className={s.error} role="alert">
                The evidence could not be loaded.
                <button type="button" className={textLink()} onClick={() => void shap.refetch()}>
                  Retry
                </button>
              </p>
            ) : items.length === 0 ? (
              <p className={s.note}>No information to display</p>
            ) : (
              <ol className={s.evidenceList} aria-label="Top evidence">
                {items.map((item) => (
                  <li key={item.key} className={s.evidenceRow}>
                    <span>{item.label}</span>
                    <span className={item.increasesRisk ? s.up : s.down}>
                      {signed(item.value)}
                      <span className={s.note} style={{ fontWeight: 'normal', marginLeft: 6 }}>
                        {item.increasesRisk ? 'raises risk' : 'lowers risk'}
                      </span>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
