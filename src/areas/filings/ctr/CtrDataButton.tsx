// "CTR data" on a customer's page (SAR read permission): opens the CTR entity custom data panel.
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { useRegisterCommands } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { button } from '../../../ui/recipes';

export function CtrDataButton({ entityId }: { entityId: number }) {
  const agent = useAgent();
  const panel = usePanel();
  const allowed = hasPermission(agent, 'read_sars');
  useRegisterCommands(
    'filings.ctr-data',
    allowed
      ? [
          {
            id: 'filings.ctr-data',
            title: 'Edit CTR data',
            group: 'Entity',
            keywords: ['ctr', 'currency', 'report', 'tin'],
            run: () => panel.open('ctr-entity-custom-data', entityId),
          },
        ]
      : [],
    [allowed, entityId],
  );
  if (!allowed) return null;
  return (
    <button type="button" className={button({ variant: 'secondary' })} onClick={() => panel.open('ctr-entity-custom-data', entityId)}>
      CTR data
    </button>
  );
}
