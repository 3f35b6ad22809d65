// A modal dialog: the dimmed backdrop, the centred box, and its title and description when the
// caller gives them (a form that names itself draws its own). Esc, the backdrop and the close
// buttons inside close it; focus stays inside while it is open. Nothing is mounted while it is
// closed.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import * as d from './dialog.styles';

export interface ModalProps {
  open?: boolean;
  onClose: () => void;
  title?: ReactNode;
  description?: ReactNode;
  /** Room for a table or a long form. */
  wide?: boolean;
  className?: string;
  /** 'alertdialog' when it asks before a step that is hard to undo. */
  role?: 'dialog' | 'alertdialog';
  /** What takes focus on opening, when not the first field. */
  initialFocusEl?: () => HTMLElement | null;
  children: ReactNode;
}

export function Modal({ open = true, onClose, title, description, wide = false, className, role, initialFocusEl, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} role={role} initialFocusEl={initialFocusEl} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={d.backdrop} />
        <Dialog.Positioner className={d.positioner}>
          <Dialog.Content className={cx(d.content, wide && d.wideContent, className)}>
            {title ? <Dialog.Title className={d.title}>{title}</Dialog.Title> : null}
            {description ? <Dialog.Description className={d.description}>{description}</Dialog.Description> : null}
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
