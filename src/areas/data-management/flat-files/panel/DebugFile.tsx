// Debug File: asks for consent first (the debugger keeps a copy of the file's rows under a key the
// provider's support team can open), then shows the ddo_debugger_key, or "Failed to debug file.".
import { useState } from 'react';
import * as d from '../../../../ui/dialog.styles';
import { button } from '../../../../ui/recipes';
import { useDebugFlatFileMutation } from '../../../../api/flat-files/mutations';
import { type FlatFile } from '../../../../api/flat-files/queries';
import { DEBUG_FAILED } from './flat-file-errors.utils';
import * as s from './panel.styles';
import { Modal } from '../../../../ui/Modal';

export function DebugFile({ file }: { file: FlatFile }) {
  const [asking, setAsking] = useState(false);
  const debug = useDebugFlatFileMutation();
  const confirm = () => {
    setAsking(false);
    debug.mutate(file.id);
  };
  return (
    <>
      <button type="button" className={button({ size: 'sm' })} disabled={debug.isPending} onClick={() => setAsking(true)}>
        {debug.isPending ? 'Debugging…' : 'Debug File'}
      </button>
      <div aria-live="polite" style={{ flexBasis: '100%' }}>
        {debug.isSuccess ? (
          <p>
            Debug key: <code className={s.key}>{debug.data.ddo_debugger_key}</code>
          </p>
        ) : null}
        {debug.isError ? (
          <p className={s.error} role="alert">
            {DEBUG_FAILED}
          </p>
        ) : null}
      </div>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        role="alertdialog"
        title="Debug File"
        description={
          <>
            The debugger reads {file.file_name} row by row and keeps its output, which may contain the file's customer data, under a debug key that the support
            team can open. Do you consent?
          </>
        }
      >
        <div className={d.actions}>
          <button type="button" className={button({ variant: 'secondary' })} onClick={() => setAsking(false)}>
            Cancel
          </button>
          <button type="button" className={button({ variant: 'primary' })} onClick={confirm}>
            I consent, debug
          </button>
        </div>
      </Modal>
    </>
  );
}
