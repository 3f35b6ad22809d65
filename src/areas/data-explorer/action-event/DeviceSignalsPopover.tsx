// The Device Signals popover (spec part 2, section 2) with Show/Hide Undetected Fields: detected
// signals first; undetected ones only when asked for. The IP address and device fingerprint come
// with it (masked by the server when censored for the agent).
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { cx } from '../../../../styled-system/css';
import { FieldValueView } from '../../../features/field-list/FieldList';
import { LoadingState } from '../../../ui/LoadingState';
import { button, floating, textLink } from '../../../ui/recipes';
import { badge } from '../../../features/work/work.styles';
import * as s from '../transaction/transaction.styles';
import { useDeviceSignalsQuery, type DeviceSignal } from '../../../api/action-events/queries';

export const DEVICE_SIGNALS = 'Device Signals';
export const SHOW_UNDETECTED = 'Show Undetected Fields';
export const HIDE_UNDETECTED = 'Hide Undetected Fields';

export function visibleSignals(signals: readonly DeviceSignal[], showUndetected: boolean): DeviceSignal[] {
  return showUndetected ? [...signals] : signals.filter((x) => x.detected);
}

export function DeviceSignalsPopover({ actionEventId }: { actionEventId: number }) {
  const [open, setOpen] = useState(false);
  const [showUndetected, setShowUndetected] = useState(false);
  const query = useDeviceSignalsQuery(actionEventId, open);
  const detected = query.data?.signals.filter((x) => x.detected).length ?? 0;
  const shown = visibleSignals(query.data?.signals ?? [], showUndetected);
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger className={button({ variant: 'secondary', size: 'sm' })}>{DEVICE_SIGNALS}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(floating(), s.popover)} style={{ width: 420 }} aria-label={DEVICE_SIGNALS}>
            <Popover.Title className={s.popoverTitle}>{DEVICE_SIGNALS}</Popover.Title>
            {query.isPending ? (
              <LoadingState label="Loading device signals" />
            ) : query.isError ? (
              <p className={s.error} role="alert">
                The device signals could not be loaded.
                <button type="button" className={textLink()} onClick={() => void query.refetch()}>
                  Retry
                </button>
              </p>
            ) : (
              <>
                <dl className={s.summary} style={{ margin: 0 }}>
                  <div className={s.stat}>
                    <dt className={s.statLabel}>IP address</dt>
                    <dd className={cx(s.statValue, s.mono)} style={{ margin: 0 }}>
                      <FieldValueView value={query.data.ip_address} />
                    </dd>
                  </div>
                  <div className={s.stat}>
                    <dt className={s.statLabel}>Device fingerprint</dt>
                    <dd className={cx(s.statValue, s.mono)} style={{ margin: 0 }}>
                      <FieldValueView value={query.data.device_fingerprint} />
                    </dd>
                  </div>
                </dl>
                {shown.length === 0 ? (
                  <p className={s.note}>{detected === 0 ? 'No signals detected.' : 'No information to display'}</p>
                ) : (
                  <ul className={s.logList} aria-label="Signals">
                    {shown.map((x) => (
                      <li key={x.key} className={s.logRow} style={{ alignItems: 'flex-start' }}>
                        <span className={badge({ tone: x.detected ? 'warning' : 'neutral' })}>{x.detected ? 'Detected' : 'Not detected'}</span>
                        <span className={s.logName}>
                          {x.label}
                          {x.detail ? (
                            <span className={s.note} style={{ display: 'block', fontSize: 12 }}>
                              <FieldValueView value={x.detail} />
                            </span>
                          ) : null}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                <button
                  type="button"
                  className={cx(textLink(), s.riskButton)}
                  style={{ textDecoration: 'none', alignSelf: 'flex-start' }}
                  onClick={() => setShowUndetected((v) => !v)}
                >
                  {showUndetected ? HIDE_UNDETECTED : SHOW_UNDETECTED}
                </button>
              </>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
