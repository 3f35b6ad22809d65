// The logout=true dialog (spec part 1, section 2): loaded only when it shows, so the login page's
// own JavaScript stays small.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { LOGIN_PATH } from '../../app/auth/auth.constants';
import { button } from '../../ui/recipes';
import * as s from './login.styles';
import { INACTIVITY_MESSAGE } from './login.utils';

export default function LoggedOutDialog() {
  const [open, setOpen] = useState(true);
  const [, navigate] = useLocation();
  const close = () => {
    setOpen(false);
    navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? setOpen(true) : close())} role="alertdialog">
      <Portal>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content className={s.dialog}>
            <Dialog.Title className={s.dialogTitle}>You have been logged out</Dialog.Title>
            <Dialog.Description className={s.text}>{INACTIVITY_MESSAGE}</Dialog.Description>
            <div className={s.actions}>
              <button type="button" className={button({ variant: 'primary' })} onClick={close}>
                Log In
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
