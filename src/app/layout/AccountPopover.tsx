import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { css, cx } from '../../../styled-system/css';
import { useState } from 'react';
import { useOrgsQuery } from '../../api/orgs/queries';
import { useSwitchOrgMutation } from '../../api/orgs/mutations';
import { hasPermission, type CurrentAgent } from '../../lib/permissions';
import { avatar, bareList, button, floating, iconButton } from '../../ui/recipes';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { useAuth } from '../auth/auth-context';
import { useToast } from '../toasts/toast-context';
import { canImpersonate } from './impersonation.utils';
import { ImpersonationCancel } from './ImpersonationCancel';
import { ImpersonationDialog } from './ImpersonationDialog';
import { muted, popover, sectionTitle } from './topbar-styles';

const name = css({ fontWeight: 'semibold', color: 'ink', fontSize: 'md' });
const orgLine = css({ fontSize: 'sm', color: 'ink' });
const orgList = css(bareList, { display: 'flex', flexDirection: 'column', gap: '1', maxHeight: '12rem', overflowY: 'auto' });
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
const divider = css({ layerStyle: 'ruleAbove' });

function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Organisation switching shows for the org switcher permission or an organisation with a parent. */
export function canSwitchOrganisation(agent: CurrentAgent): boolean {
  return hasPermission(agent, 'admin_org_switcher') || agent.org.parent_id !== null;
}

/**
 * Switching starts a new session in the chosen organisation (the server sets its refresh cookie),
 * then reloads at home: the console restores that session with a clean state, as the spec asks of
 * impersonation too.
 */
function OrgSwitchList({ agent }: { agent: CurrentAgent }) {
  const orgs = useOrgsQuery(true);
  const toast = useToast();
  const switchOrg = useSwitchOrgMutation();
  const [switching, setSwitching] = useState<number | null>(null);
  const switchTo = async (orgId: number) => {
    setSwitching(orgId);
    try {
      await switchOrg.mutateAsync(orgId);
      window.location.assign('/');
    } catch {
      setSwitching(null);
      toast.show({ message: 'Failed to switch organisation. Please try again.', type: 'Error' });
    }
  };
  return (
    <section aria-labelledby="org-switch-title" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h3 id="org-switch-title" className={sectionTitle}>
        Switch organisation
      </h3>
      {orgs.isPending ? <p className={muted}>Loading organisations…</p> : null}
      {orgs.isError ? <p className={muted}>The organisations could not be loaded.</p> : null}
      {orgs.data ? (
        <ul className={orgList}>
          {orgs.data.map((org) => {
            const current = org.id === agent.org.id;
            return (
              <li key={org.id}>
                <button
                  type="button"
                  className={orgButton}
                  disabled={current || switching !== null}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => void switchTo(org.id)}
                >
                  <span>{org.display_name}</span>
                  {current ? <span className={muted}>current</span> : switching === org.id ? <span className={muted}>switching…</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

export function AccountPopover({ agent }: { agent: CurrentAgent }) {
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  // The form is a dialog of its own: the popover closes when it opens (focus moves into the dialog).
  const [impersonating, setImpersonating] = useState(false);
  const logId = agent.impersonation_log_id;
  return (
    <>
      <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
        {/* Named by what it shows (WCAG 2.5.3, "label in name"): a voice-control user says the initials. */}
        <Popover.Trigger className={iconButton()}>
          <VisuallyHidden>Account </VisuallyHidden>
          <span className={avatar({ tone: 'solid' })}>{initials(agent.full_name)}</span>
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
              {logId !== null ? (
                <>
                  <div className={divider} />
                  <ImpersonationCancel agent={{ ...agent, impersonation_log_id: logId }} />
                </>
              ) : null}
              {/* switching is not offered while impersonating (the server answers 409) */}
              {logId === null && canSwitchOrganisation(agent) ? (
                <>
                  <div className={divider} />
                  <OrgSwitchList agent={agent} />
                </>
              ) : null}
              {canImpersonate(agent) ? (
                <button
                  type="button"
                  className={button({ variant: 'secondary' })}
                  onClick={() => {
                    setOpen(false);
                    setImpersonating(true);
                  }}
                >
                  Impersonate an agent
                </button>
              ) : null}
              <div className={divider} />
              <button type="button" className={button({ variant: 'secondary' })} onClick={logout}>
                Log out
              </button>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {canImpersonate(agent) ? <ImpersonationDialog agent={agent} open={impersonating} onClose={() => setImpersonating(false)} /> : null}
    </>
  );
}
