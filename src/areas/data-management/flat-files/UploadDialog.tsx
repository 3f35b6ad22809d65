// The upload dialog: a CSV file, its stream, the object type its rows describe, the stream's time
// zone and dry run or run; then a progress bar while the bytes stream. A refusal keeps the form.
import { Dialog } from '@ark-ui/react/dialog';
import { cx } from '../../../../styled-system/css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../app/toasts/toast-context';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { useCreateFlatFileMutation } from '../../../api/flat-files/mutations';
import { useStreamsQuery } from '../../../api/streams/queries';
import { type FlatFileObjectType } from '../../../api/flat-files/queries';
import { flatFileKeys } from '../../../api/flat-files/keys';
import { formatBytes, OBJECT_TYPE_LABELS } from './flat-file.adapters';
import * as s from './flat-files.styles';
import { useUploadBytes, uploadErrorMessage } from './use-upload';
import { STREAM_PATTERN, STREAM_RULE, uploadFormErrors } from './upload.utils';
import { TimeZoneSelect } from './TimeZoneSelect';
import { Modal } from '../../../ui/Modal';
import { Field } from '../../../ui/FormField';

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose}>
      <UploadForm onClose={onClose} />
    </Modal>
  );
}

interface Created {
  id: number;
  file: File;
  dryRun: boolean;
}

function UploadForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const streams = useStreamsQuery();
  const create = useCreateFlatFileMutation();
  const [file, setFile] = useState<File | null>(null);
  const [stream, setStream] = useState('');
  const [objectType, setObjectType] = useState<FlatFileObjectType>('transactions');
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  // The time zone follows the stream's saved one until the agent picks another.
  const known = (streams.data ?? []).find((s) => s.stream === stream.trim());
  const zone = timeZone ?? known?.time_zone ?? 'UTC';
  const errors = uploadFormErrors({ file, stream });
  const busy = create.isPending || created !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || errors.file || errors.stream || !file) return;
    setServerError(null);
    create.mutate(
      { file_name: file.name, stream: stream.trim(), object_type: objectType, time_zone: zone, dry_run: dryRun },
      {
        onSuccess: (answer) => {
          setCreated({ id: answer.id, file, dryRun });
        },
        onError: (error) => setServerError(uploadErrorMessage(error)),
      },
    );
  };

  return (
    <>
      <Dialog.Title className={d.title}>Upload file</Dialog.Title>
      <Dialog.Description className={d.description}>
        A CSV file with a header row, up to 1 GB. Its columns are read with the stream's mapping (Data mapping, Stream mapping).
      </Dialog.Description>
      <form className={d.form} onSubmit={submit} noValidate aria-busy={busy}>
        <Field id={`${id}-file`} label="File">
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className={cx(d.input, s.fileInput)}
            disabled={busy}
            aria-invalid={touched && !!errors.file}
            aria-describedby={touched && errors.file ? `${id}-file-error` : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {touched && errors.file ? (
            <span id={`${id}-file-error`} className={d.fieldError}>
              {errors.file}
            </span>
          ) : file ? (
            <span className={d.hint}>{formatBytes(file.size)}</span>
          ) : null}
        </Field>
        <div className={d.row}>
          <Field id={`${id}-stream`} label="Stream">
            <input
              id={`${id}-stream`}
              className={d.input}
              list={`${id}-streams`}
              value={stream}
              maxLength={64}
              pattern={STREAM_PATTERN.source}
              disabled={busy}
              aria-invalid={touched && !!errors.stream}
              aria-describedby={`${id}-stream-hint`}
              onChange={(e) => setStream(e.target.value)}
            />
            <datalist id={`${id}-streams`}>
              {(streams.data ?? []).map((s) => (
                <option key={s.stream} value={s.stream} />
              ))}
            </datalist>
            <span id={`${id}-stream-hint`} className={touched && errors.stream ? d.fieldError : d.hint}>
              {touched && errors.stream ? errors.stream : STREAM_RULE}
            </span>
          </Field>
          <Field id={`${id}-type`} label="Object type">
            <select
              id={`${id}-type`}
              className={d.select}
              value={objectType}
              disabled={busy}
              onChange={(e) => setObjectType(e.target.value as FlatFileObjectType)}
            >
              {Object.entries(OBJECT_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={`${id}-zone`} label="Stream time zone">
          <TimeZoneSelect
            id={`${id}-zone`}
            value={zone}
            disabled={busy}
            onChange={setTimeZone}
            hint="Date-times in the file without an offset are read in this time zone."
          />
        </Field>
        <fieldset className={d.field} disabled={busy}>
          <legend className={d.label}>Processing</legend>
          <div className={s.radios}>
            <label>
              <input type="radio" name={`${id}-mode`} checked={dryRun} onChange={() => setDryRun(true)} /> Dry run (validate only)
            </label>
            <label>
              <input type="radio" name={`${id}-mode`} checked={!dryRun} onChange={() => setDryRun(false)} /> Run
            </label>
          </div>
        </fieldset>
        {serverError ? (
          <p className={d.formError} role="alert">
            {serverError}
          </p>
        ) : null}
        {created ? <UploadProgress created={created} onDone={onClose} /> : null}
        <div className={d.actions}>
          <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={button({ variant: 'primary' })} disabled={busy}>
            {create.isPending ? 'Creating…' : 'Upload'}
          </button>
        </div>
      </form>
    </>
  );
}

function UploadProgress({ created, onDone }: { created: Created; onDone: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const upload = useUploadBytes(created.id, created.file, created.dryRun);
  const done = upload.phase !== 'pendingUpload';
  const told = useRef(false);
  useEffect(() => {
    if (!done || told.current) return;
    told.current = true;
    void client.invalidateQueries({ queryKey: flatFileKeys.lists() });
    toast.show({ message: `${created.file.name} uploaded; ${created.dryRun ? 'validating' : 'processing'}.`, type: 'Success' });
    onDone();
  }, [done, client, toast, created, onDone]);

  const label = `Uploading ${created.file.name}`;
  return (
    <div className={d.field}>
      <div className={s.progressText}>
        <span id={`upload-${created.id}`}>{label}</span>
        <span>
          {formatBytes(upload.uploaded)} / {formatBytes(upload.uploadSize)}
        </span>
      </div>
      <div
        className={s.progressTrack}
        role="progressbar"
        aria-labelledby={`upload-${created.id}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={upload.percent}
      >
        <div className={s.progressBar} style={{ width: `${upload.percent}%` }} />
      </div>
      {upload.failed ? (
        <p className={d.formError} role="alert">
          {upload.uploadError}{' '}
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={upload.retry}>
            Retry upload
          </button>
        </p>
      ) : null}
    </div>
  );
}
