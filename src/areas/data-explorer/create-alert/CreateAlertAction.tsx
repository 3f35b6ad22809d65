// The "Create alert" action of the entity, instrument and transaction pages: a header button and the
// palette's "Create alert" command under the page's group, both only for agents holding
// create_alerts, both opening the dialog with the page's object attached.
import { useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { button } from '../../../ui/recipes';
import { canCreateAlerts, SUBJECT_NOUN, type AlertSubject } from './create-alert';
import { CreateAlertDialog } from './CreateAlertDialog';

const GROUP: Record<AlertSubject['type'], string> = { ENTITY: 'This entity', INSTRUMENT: 'This instrument', TRANSACTION: 'This transaction' };

export function CreateAlertAction({ subject, size = 'md' }: { subject: AlertSubject; size?: 'sm' | 'md' }) {
  const agent = useAgent();
  const allowed = canCreateAlerts(agent);
  const [open, setOpen] = useState(false);
  useRegisterCommands(
    'data-explorer.create-alert',
    allowed
      ? [
          {
            id: 'data-explorer.create-alert',
            title: 'Create alert',
            group: GROUP[subject.type],
            keywords: ['manual', 'alert', 'raise', 'report', SUBJECT_NOUN[subject.type].toLowerCase()],
            run: () => setOpen(true),
          },
        ]
      : [],
    [allowed, subject.type, subject.id],
  );
  if (!allowed) return null;
  return (
    <>
      <button type="button" className={button({ variant: 'secondary', size })} onClick={() => setOpen(true)}>
        Create alert
      </button>
      {open ? <CreateAlertDialog subject={subject} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
