import { Link, useLocation } from 'wouter';
import { cx } from '../../../styled-system/css';
import { useOutdatedApp } from '../../api/app-version/queries';
import { hasPermission, type CurrentAgent } from '../../lib/permissions';
import { Icon } from '../../ui/icons';
import { button, iconButton } from '../../ui/recipes';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { OPEN_PALETTE_EVENT } from '../palette/palette-context';
import { AccountPopover } from './AccountPopover';
import { DevToolsMenu } from './DevToolsMenu';
import { NotificationsButton } from './NotificationsButton';
import { badge, bar, searchTrigger, spacer, warning } from './topbar-styles';

/** Not in the spec: announcements arrive as notifications, so the link opens that screen. */
export const ANNOUNCEMENTS_HREF = '/notifications';

const DATA_STORE_NAMES = { PG: 'PostgreSQL', DL: 'Data lake' } as const;

function SearchTrigger() {
  return (
    <button type="button" className={searchTrigger} aria-label="Search" onClick={() => window.dispatchEvent(new CustomEvent(OPEN_PALETTE_EVENT))}>
      <Icon name="search" size={16} />
      <span aria-hidden="true">Search…</span>
    </button>
  );
}

function OutdatedWarning() {
  const { outdated } = useOutdatedApp();
  if (!outdated) return null;
  return (
    <div className={warning} role="status">
      <Icon name="warning" size={16} />
      <span>A new version of Vigil is available.</span>
      <button type="button" className={button({ size: 'sm', variant: 'secondary' })} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

export function TopBar({ agent }: { agent: CurrentAgent }) {
  const [, navigate] = useLocation();
  const store = agent.settings.data_store;
  const canAskAi = agent.feature_flags.includes('ai_chat') && hasPermission(agent, 'use_ai_chat');

  return (
    <header className={bar}>
      <SearchTrigger />
      <div className={spacer} />
      <OutdatedWarning />
      <span className={badge} title={`Data store: ${DATA_STORE_NAMES[store]}`} data-testid="data-store-badge">
        <VisuallyHidden>Data store: </VisuallyHidden>
        {store}
      </span>
      {agent.is_internal ? <DevToolsMenu agent={agent} /> : null}
      {canAskAi ? (
        <button type="button" className={cx(button({ size: 'sm', variant: 'secondary' }))} onClick={() => navigate('/ai')}>
          <Icon name="sparkle" size={16} />
          Ask AI
        </button>
      ) : null}
      <Link to={ANNOUNCEMENTS_HREF} className={iconButton()} aria-label="Announcements">
        <Icon name="megaphone" />
      </Link>
      <NotificationsButton />
      <AccountPopover agent={agent} />
    </header>
  );
}
