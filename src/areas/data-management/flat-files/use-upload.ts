// The upload's bytes, streamed through the new file's machine: pending upload -> uploading with
// progress -> queued (or validating for a dry run); a broken upload can be tried again.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromCallback } from 'xstate';
import { flatFileMachine, phaseOfValue, type FlatFileEvent } from '../../../../machines/flatFile.machine';
import { ApiError } from '../../../api/errors';
import { uploadFlatFileContent } from '../../../api/flat-files/upload-content';

/** What a refused or broken upload tells the agent. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 413 ? 'The file is larger than 1 GB.' : error.message;
  return 'The upload was interrupted. Check your connection and try again.';
}

export function useUploadBytes(fileId: number, file: File, dryRun: boolean) {
  const machine = useMemo(
    () =>
      flatFileMachine.provide({
        actors: {
          uploadContent: fromCallback<FlatFileEvent, { fileId: number }>(({ input, sendBack }) => {
            const abort = new AbortController();
            uploadFlatFileContent(input.fileId, file, ({ loaded, total }) => sendBack({ type: 'upload.progress', loaded, total }), abort.signal).then(
              () => sendBack({ type: 'upload.done' }),
              (error: unknown) => {
                if (!abort.signal.aborted) sendBack({ type: 'upload.failed', message: uploadErrorMessage(error) });
              },
            );
            // leaving "uploading" (the dialog closed) stops the request
            return () => abort.abort();
          }),
        },
      }),
    [file],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { fileId, status: 'pending_upload', isDryRun: dryRun, successCount: 0, failureCount: 0, totalCount: 0 },
  });
  // the bytes go as soon as the file exists on the server
  useEffect(() => send({ type: 'upload.start' }), [send]);
  const { uploaded, uploadSize, uploadError } = snapshot.context;
  return {
    phase: phaseOfValue(snapshot.value),
    uploading: snapshot.matches({ pendingUpload: 'uploading' }),
    failed: snapshot.matches({ pendingUpload: 'uploadFailed' }),
    percent: uploadSize > 0 ? Math.min(100, Math.round((uploaded / uploadSize) * 100)) : 0,
    uploaded,
    uploadSize: uploadSize || file.size,
    uploadError,
    retry: () => send({ type: 'upload.start' }),
  };
}
