import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { css, cx } from '../../../styled-system/css';
import { useOrgsQuery } from '../../api/queries/orgs-list-query';
import { hasPermission, type CurrentAgent } from '../../lib/permissions';
import { button, floating, iconButton } from '../../ui/recipes';
import { useAuth } from '../auth/auth-context';
import { avatar, muted, popover, sectionTitle } from './topbar-styles';

const name = css({ fontWeight: 'semibold', color: 'ink', fontSize: 'md' });
const orgLine = css({ fontSize: 'sm', color: 'ink' });
const orgList = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1', maxHeight: '12rem', overflowY: 'auto' });
const orgButton = css({
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  px: '3',
  py: '2',
  borderRadius: 'md',
  bg: 'gray.50',
  border: 'none',
  fontSize: 'sm',
  color: 'ink',
  textAlign: 'left',
  _disabled: { cursor: 'not-allowed' },
});
const divider = css({ borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'line' });

function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Organisation switching shows for the org switcher permission or an organisation with a parent. */
export function canSwitchOrganisation(agent: CurrentAgent): boolean {
  return hasPermission(agent, 'admin_org_switcher') || agent.org.parent_id !== null;
}

function OrgSwitchList({ agent }: { agent: CurrentAgent }) {
  const orgs = useOrgsQuery(true);
  return (
    <section aria-labelledby="org-switch-title" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h3 id="org-switch-title" className={sectionTitle}>
        Switch organisation
      </h3>
      {orgs.isPending ? <p className={muted}>Loading organisations…</p> : null}
      {orgs.isError ? <p className={muted}>The organisations could not be loaded.</p> : null}
      {orgs.data ? (
        <ul className={orgList}>
          {orgs.data.map((org) => (
            <li key={org.id}>
              <button type="button" className={orgButton} disabled aria-current={org.id === agent.org.id ? 'true' : undefined}>
                <span>{org.display_name}</span>
                {org.id === agent.org.id ? <span className={muted}>current</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={muted}>Switching organisations is not available yet.</p>
    </section>
  );
}

export function AccountPopover({ agent }: { agent: CurrentAgent }) {
  const { logout } = useAuth();
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger className={iconButton()} aria-label="Account">
        <span className={avatar} aria-hidden="true">
          {initials(agent.full_name)}
        </span>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(floating(), popover)} aria-label="Account">
            <div>
              <Popover.Title className={name}>{agent.full_name}</Popover.Title>
              <Popover.Description className={muted}>{agent.email}</Popover.Description>
            </div>
            <p className={orgLine}>
              <span className={muted}>Organisation: </span>
              {agent.org.display_name}
            </p>
            {canSwitchOrganisation(agent) ? (
              <>
                <div className={divider} />
                <OrgSwitchList agent={agent} />
              </>
            ) : null}
            <div className={divider} />
            <button type="button" className={button({ variant: 'secondary' })} onClick={logout}>
              Log out
            </button>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
