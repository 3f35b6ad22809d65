import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Fragment } from 'react';
import { GO_SHORTCUTS, OTHER_SHORTCUTS } from '../../lib/shortcuts';
import { button } from '../../ui/recipes';
import * as s from './palette.styles';

function Keys({ keys }: { keys: string }) {
  return (
    <span>
      {keys.split(' ').map((k, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          {/* "j / k": the slash separates alternatives, it is not a key. */}
          {k === '/' ? '/' : <kbd className={s.kbd}>{k}</kbd>}
        </Fragment>
      ))}
    </span>
  );
}

/** The "?" sheet: every keyboard shortcut of the console. */
export function ShortcutSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={s.sheetBackdrop} />
        <Dialog.Positioner className={s.sheetPositioner}>
          <Dialog.Content className={s.sheet}>
            <Dialog.Title className={s.sheetTitle}>Keyboard shortcuts</Dialog.Title>
            <dl className={s.sheetList}>
              {[...OTHER_SHORTCUTS, ...GO_SHORTCUTS].map((sc) => (
                <Fragment key={sc.keys}>
                  <dt>
                    <Keys keys={sc.keys} />
                  </dt>
                  <dd>{sc.title}</dd>
                </Fragment>
              ))}
            </dl>
            <div className={s.sheetActions}>
              <Dialog.CloseTrigger className={button({ variant: 'secondary' })}>Close</Dialog.CloseTrigger>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
