import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { cx } from '../../../styled-system/css';
import type { CurrentAgent } from '../../lib/permissions';
import { Icon } from '../../ui/icons';
import { floating, iconButton } from '../../ui/recipes';
import { usePanel } from '../panels/panel-context';
import { menuItem, sectionTitle } from './topbar-styles';
import { css } from '../../../styled-system/css';

const content = css({ minWidth: '14rem', p: '1' });
const groupLabel = css({ px: '3', pt: '2', pb: '1' });

/** Internal developer tools (section 6): only for agents with the internal staff flag. */
export function DevToolsMenu({ agent }: { agent: CurrentAgent }) {
  const panel = usePanel();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'permissions') panel.open('permissions', agent.id);
        if (value === 'feature-flags') panel.open('feature-flags');
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
              <Menu.Item value="request-tool" className={menuItem} disabled>
                Request tool (coming soon)
              </Menu.Item>
              <Menu.Item value="permission-auditor" className={menuItem} disabled>
                Permission auditor (coming soon)
              </Menu.Item>
              <Menu.Item value="new-design" className={menuItem} disabled>
                New design (coming soon)
              </Menu.Item>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
