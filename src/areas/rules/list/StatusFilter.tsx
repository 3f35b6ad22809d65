// The status filter: a button naming what is chosen ("Status: Draft, Shadow") that opens a menu of
// checkboxes (Ark Menu: arrow keys, type-ahead, Esc; it stays open while ticking).
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { RuleStatus } from '../../../api/rules/queries';
import { RULE_STATUSES, STATUS_LABELS } from '../rules.constants';
import * as s from './rule-list.styles';

function summary(selected: readonly RuleStatus[]): string {
  if (selected.length === 0) return 'Status';
  return `Status: ${selected.map((v) => STATUS_LABELS[v]).join(', ')}`;
}

export function StatusFilter({ selected, onChange }: { selected: readonly RuleStatus[]; onChange: (next: RuleStatus[]) => void }) {
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger className={s.filterButton} data-active={selected.length > 0 || undefined}>
        {summary(selected)}
        <span aria-hidden="true">▾</span>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={s.menu} aria-label="Status">
            {RULE_STATUSES.map((status) => {
              const checked = selected.includes(status);
              return (
                <Menu.CheckboxItem
                  key={status}
                  value={status}
                  checked={checked}
                  className={s.menuItem}
                  onCheckedChange={(on) => onChange(RULE_STATUSES.filter((x) => (x === status ? on : selected.includes(x))))}
                >
                  <span className={s.checkbox} data-checked={checked || undefined} aria-hidden="true">
                    {checked ? '✓' : ''}
                  </span>
                  <Menu.ItemText>{STATUS_LABELS[status]}</Menu.ItemText>
                </Menu.CheckboxItem>
              );
            })}
            {selected.length ? (
              <>
                <Menu.Separator className={s.menuSeparator} />
                <Menu.Item value="__clear" className={s.menuItem} onSelect={() => onChange([])}>
                  Clear status filter
                </Menu.Item>
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
