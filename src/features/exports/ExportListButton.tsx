// "Export" on a list (issue 23): asks for a file of exactly the rows of the list's current filters
// and chosen columns, as CSV or XLSX (or only the formats the list's export offers). The file is
// written in the background; the agent is told when it is ready (a FILE_EXPORT notification) and
// finds it in the file exports list.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useRequestExportMutation, type ExportRequest } from '../../api/file-exports/mutations';
import { useToast } from '../../app/toasts/toast-context';
import * as d from '../../ui/dialog.styles';
import { Modal } from '../../ui/Modal';
import { button, textLink } from '../../ui/recipes';

export const FILE_EXPORTS_PATH = '/reporting/file-exports';
export const EXPORT_REQUESTED_TEXT = 'Export requested. You will be notified when the file is ready.';

type Format = 'CSV' | 'XLSX';

const FORMAT_LABELS: Record<Format, string> = { CSV: 'CSV', XLSX: 'Excel (XLSX)' };
const EVERY_FORMAT: readonly Format[] = ['CSV', 'XLSX'];

interface Props {
  /** What the list is called in the dialog ("alerts"). */
  noun: string;
  /** The request for the list's current filters and columns, in the chosen format. */
  request: (format: Format) => ExportRequest;
  /** The number of rows the list answers now, when known. */
  count?: number;
  /** The formats offered, the first chosen at first (CSV and XLSX unless the list's export has fewer). */
  formats?: readonly Format[];
}

export function ExportListButton({ noun, request, count, formats }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={button({ variant: 'secondary' })} onClick={() => setOpen(true)}>
        Export
      </button>
      {open ? <ExportDialog noun={noun} request={request} count={count} formats={formats} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ExportDialog({ noun, request, count, formats = EVERY_FORMAT, onClose }: Props & { onClose: () => void }) {
  const id = useId();
  const [format, setFormat] = useState<Format>(formats[0]);
  const [failed, setFailed] = useState(false);
  const mutation = useRequestExportMutation();
  const toast = useToast();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailed(false);
    mutation.mutate(request(format), {
      onSuccess: () => {
        toast.show({ message: EXPORT_REQUESTED_TEXT, type: 'Success' });
        onClose();
      },
      onError: () => setFailed(true),
    });
  };
  const rows = count === undefined ? `the ${noun}` : `the ${count.toLocaleString()} ${noun}`;
  return (
    <Modal onClose={onClose} title={`Export ${noun}`} description={`A file of ${rows} the list shows with its current filters, in its columns.`}>
      <form className={d.form} onSubmit={submit}>
        {formats.length > 1 ? (
          <fieldset className={d.field} disabled={mutation.isPending}>
            <legend className={d.label}>Format</legend>
            {formats.map((f) => (
              <label key={f}>
                <input type="radio" name={`${id}-format`} checked={format === f} onChange={() => setFormat(f)} /> {FORMAT_LABELS[f]}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className={d.hint}>The file is a {FORMAT_LABELS[format]} file.</p>
        )}
        <p className={d.hint}>
          The file is prepared in the background and kept for a limited time in{' '}
          <Link href={FILE_EXPORTS_PATH} className={textLink()}>
            File exports
          </Link>
          .
        </p>
        {failed ? (
          <p className={d.formError} role="alert">
            The export could not be requested. Please try again.
          </p>
        ) : null}
        <div className={d.actions}>
          <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={button({ variant: 'primary' })} disabled={mutation.isPending}>
            Export
          </button>
        </div>
      </form>
    </Modal>
  );
}
