// What a detail page shows while its record comes back from cold storage: a polite loading line,
// then (after 5 s) the spec's message, and Try again once polling has stopped.
import { css } from '../../../styled-system/css';
import { timeoutMessage, TIMEOUT_TITLE } from '../../../machines/coldStorage.machine';
import type { ColdStorageWait } from './cold-storage';
import { textLink } from '../../ui/recipes';
import { spinning } from '../../ui/LoadingState';

const box = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  p: '3',
  mb: '3',
  layerStyle: 'surface',
  borderRadius: 'md',
  fontSize: 'sm',
});
const spinner = css(spinning, { flexShrink: 0, width: '4', height: '4', mt: '0.5' });
const title = css({ fontWeight: 'semibold', color: 'warning' });

export function ColdStorageNotice({ wait }: { wait: ColdStorageWait }) {
  if (wait.phase === 'hot') return null;
  return (
    <div role="status" aria-live="polite" className={box} data-testid="cold-storage-notice">
      {wait.phase !== 'stopped' ? <span className={spinner} aria-hidden="true" /> : null}
      {wait.phase === 'loading' ? (
        <span>{`Loading ${wait.subject} from cold storage…`}</span>
      ) : (
        <div>
          <div className={title}>{TIMEOUT_TITLE}</div>
          <p>{timeoutMessage(wait.subject)}</p>
          {wait.phase === 'stopped' ? (
            <button type="button" className={textLink()} onClick={wait.retry}>
              Try again
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
