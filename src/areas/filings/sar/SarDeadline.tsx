// A SAR's deadline on its page (spec part 2, "Deadline": for SARs, editable while not archived and
// not submitted) with Edit Deadline and the case page's Edit Deadline modal, for an agent who may
// edit SARs and deadlines; read-only otherwise. After a change, "Deadline extended by {x}" /
// "Deadline shortened by {x}", and the SAR is read again.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { caseKeys } from '../../../api/cases/keys';
import { filingKeys } from '../../../api/filings/keys';
import type { SarFiling } from '../../../api/filings/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { DeadlineModal } from '../../../features/work';
import { hasPermission, type CurrentAgent } from '../../../lib/permissions';
import { longTime } from '../../../lib/time';
import { Fact } from '../../../ui/Facts';
import { css } from '../../../../styled-system/css';
import { linkButton } from '../../../ui/recipes';

const s = {
  row: css({ display: 'inline-flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' }),
  edit: css(linkButton.raw(), { fontSize: 'sm' }),
  note: css({ display: 'block', color: 'success', fontSize: 'xs', fontWeight: 'medium' }),
};

/**
 * Whether the agent may change the SAR's deadline now: the SAR is neither archived nor submitted
 * (queued for filing or later), and the agent may edit SARs and deadlines (the server's
 * POST /api/deadlines/edit asks for edit_deadlines).
 */
export function canEditSarDeadline(agent: Pick<CurrentAgent, 'permissions'> | null, sar: Pick<SarFiling, 'status' | 'submitted'>): boolean {
  if (!agent || sar.status === 'ARCHIVED' || sar.submitted) return false;
  return hasPermission(agent, 'edit_sars') && hasPermission(agent, 'edit_deadlines');
}

export interface SarDeadlineProps {
  filing: Pick<SarFiling, 'id' | 'status' | 'submitted' | 'deadline'>;
  /** Controlled opening, so a palette command can open the modal. */
  modalOpen?: boolean;
  onModalOpenChange?: (open: boolean) => void;
}

export function SarDeadline({ filing, modalOpen, onModalOpenChange }: SarDeadlineProps) {
  const agent = useAgent();
  const client = useQueryClient();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = modalOpen ?? ownOpen;
  const setOpen = onModalOpenChange ?? setOwnOpen;
  const [change, setChange] = useState<string | null>(null);
  const editable = canEditSarDeadline(agent, filing);

  const changed = (message: string) => {
    setChange(message);
    // the SAR's page and panel, and the SAR lists of its case, show the deadline
    void client.invalidateQueries({ queryKey: filingKeys.sar(filing.id) });
    void client.invalidateQueries({ queryKey: caseKeys.all });
  };

  return (
    <Fact label="Deadline">
      <span className={s.row}>
        <time dateTime={filing.deadline ?? undefined}>{filing.deadline ? longTime(filing.deadline) : '—'}</time>
        {editable ? (
          <button type="button" className={s.edit} onClick={() => setOpen(true)}>
            Edit Deadline
          </button>
        ) : null}
      </span>
      <span role="status" className={s.note}>
        {change ?? ''}
      </span>
      {editable ? (
        <DeadlineModal
          open={open}
          onOpenChange={setOpen}
          objectType="SAR"
          objectId={filing.id}
          deadline={filing.deadline}
          startDate={null}
          onChanged={changed}
        />
      ) : null}
    </Fact>
  );
}
