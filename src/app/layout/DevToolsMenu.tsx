import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { lazy, Suspense, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import type { CurrentAgent } from '../../lib/permissions';
import { Icon } from '../../ui/icons';
import { floating, iconButton } from '../../ui/recipes';
import { isNewDesign, setNewDesign } from '../devtools/new-design';
import { usePanel } from '../panels/panel-context';
import { menuItem, sectionTitle } from './topbar-styles';

const content = css({ minWidth: '14rem', p: '1' });
const groupLabel = css({ px: '3', pt: '2', pb: '1' });
const checkItem = css({ display: 'flex', justifyContent: 'space-between', gap: '3' });
const indicator = css({ color: 'brand', fontWeight: 'semibold' });

// The tools' dialogs load on first use: most sessions never open them.
const RequestToolDialog = lazy(() => import('../devtools/RequestTool'));
const PermissionAuditorDialog = lazy(() => import('../devtools/PermissionAuditor'));

type DialogName = 'request-tool' | 'permission-auditor';

/**
 * Internal developer tools (part 1 section 6): only for agents with the internal staff flag (the top
 * bar renders this menu for them only, and the server refuses the tools' calls to anyone else).
 */
export function DevToolsMenu({ agent }: { agent: CurrentAgent }) {
  const panel = usePanel();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [newDesign, setNewDesignState] = useState(isNewDesign);
  const close = () => setDialog(null);
  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'permissions') panel.open('permissions', agent.id);
          if (value === 'feature-flags') panel.open('feature-flags');
          if (value === 'request-tool' || value === 'permission-auditor') setDialog(value);
        }}
      >
        <Menu.Trigger className={iconButton()} aria-label="Developer tools">
          <Icon name="tools" />
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content className={cx(floating(), content)}>
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel className={cx(sectionTitle, groupLabel)}>Developer tools</Menu.ItemGroupLabel>
                <Menu.Item value="permissions" className={menuItem}>
                  Permissions
                </Menu.Item>
                <Menu.Item value="feature-flags" className={menuItem}>
                  Feature flags
                </Menu.Item>
                <Menu.Item value="request-tool" className={menuItem}>
                  Request tool
                </Menu.Item>
                <Menu.Item value="permission-auditor" className={menuItem}>
                  Permission auditor
                </Menu.Item>
                <Menu.CheckboxItem
                  value="new-design"
                  className={cx(menuItem, checkItem)}
                  checked={newDesign}
                  onCheckedChange={(checked) => {
                    setNewDesign(checked);
                    setNewDesignState(checked);
                  }}
                >
                  <Menu.ItemText>New design</Menu.ItemText>
                  <Menu.ItemIndicator className={indicator}>On</Menu.ItemIndicator>
                </Menu.CheckboxItem>
              </Menu.ItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Suspense fallback={null}>
        {dialog === 'request-tool' ? <RequestToolDialog open onClose={close} /> : null}
        {dialog === 'permission-auditor' ? <PermissionAuditorDialog open onClose={close} /> : null}
      </Suspense>
    </>
  );
}
