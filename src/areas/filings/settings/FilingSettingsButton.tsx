// "Filing settings" on /filings: opens the organisation's FinCEN and FINTRAC settings in the panel,
// for an agent who may read either (the panel shows each section read-only without its edit permission).
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { hasPermission } from '../../../lib/permissions';
import { button } from '../../../ui/recipes';

export function FilingSettingsButton() {
  const agent = useAgent();
  const panel = usePanel();
  if (!hasPermission(agent, 'read_sars') && !hasPermission(agent, 'read_fintrac_filings')) return null;
  return (
    <button type="button" className={button({ variant: 'secondary' })} onClick={() => panel.open('filing-settings')}>
      Filing settings
    </button>
  );
}
