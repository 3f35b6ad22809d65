// A short text shown on hover and on keyboard focus (Ark UI Tooltip): the censored-field hint, the
// reason a button is disabled. The trigger is the child element itself; for a disabled button the
// caller wraps it in a focusable span, because disabled controls receive neither focus nor pointer
// events.
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { Portal } from '@ark-ui/react/portal';
import type { ReactElement, ReactNode } from 'react';
import { css } from '../../styled-system/css';

const content = css({
  bg: 'ink',
  color: 'white',
  fontSize: 'xs',
  lineHeight: '1.4',
  px: '2',
  py: '1',
  borderRadius: 'md',
  boxShadow: 'md',
  maxWidth: '18rem',
  zIndex: 70,
});

interface Props {
  /** What the tooltip says. */
  text: ReactNode;
  /** The one element that shows it (must accept a ref and DOM props). */
  children: ReactElement;
  openDelay?: number;
}

export function Tooltip({ text, children, openDelay = 300 }: Props) {
  return (
    <ArkTooltip.Root openDelay={openDelay} closeDelay={100} positioning={{ placement: 'top' }} lazyMount unmountOnExit>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className={content}>{text}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}
