// PUT .../pull-based-datafiles/{fileId}/content: the file's bytes, with upload progress.
//
// fetch() cannot report how many request bytes have gone out, so this one call runs through the
// typed client (its path, parameters, auth and request-id middleware, its errors through unwrap)
// with a custom fetch backed by XMLHttpRequest, whose upload.onprogress can. The browser streams
// the File from disk; it is never read into memory here.
import { api, unwrap } from '../client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** A fetch that sends `file` as the body of the request it is given, reporting progress. */
function xhrFetch(file: Blob, onProgress: (progress: UploadProgress) => void, signal: AbortSignal) {
  return (request: Request) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('The upload was interrupted.'));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(file);
    });
}

export function uploadFlatFileContent(fileId: number, file: File, onProgress: (progress: UploadProgress) => void, signal: AbortSignal) {
  return unwrap(
    api.PUT('/api/database-connections/pull-based-datafiles/{fileId}/content', {
      params: { path: { fileId } },
      headers: { 'Content-Type': 'text/csv' },
      // The contract types a binary body as a string; the bytes themselves are the File, which the
      // serializer hands to the request untouched and xhrFetch sends.
      body: '',
      bodySerializer: () => file,
      fetch: xhrFetch(file, onProgress, signal),
    }),
  );
}
