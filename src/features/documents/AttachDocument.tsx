// "Attach document": picks a file and attaches it to the entity, instrument or transaction (POST
// /attachments). Shown to agents with the owner's edit permission, the one deleting needs too. A
// file the server would refuse (type, empty, over 10 MiB) is refused here with the same text.
import { useRef } from 'react';
import { ApiError } from '../../api/errors';
import { useToast } from '../../app/toasts/toast-context';
import { button } from '../../ui/recipes';
import { ATTACH_ACCEPT, attachProblem, attachmentMime } from './attach.utils';
import { useAttachDocumentMutation, type DocumentOwner } from '../../api/documents/mutations';
import { ATTACH_FAILED } from './documents.constants';

export function AttachDocumentButton({ owner }: { owner: DocumentOwner }) {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const attach = useAttachDocumentMutation();
  const send = (file: File) => {
    const problem = attachProblem(file);
    if (problem) return toast.show({ message: problem, type: 'Error' });
    attach.mutate(
      { owner, file, mime: attachmentMime(file)! },
      {
        onSuccess: (doc) => toast.show({ message: `${doc.name} attached.`, type: 'Success' }),
        // the server's own words for what it refused; the generic text for anything else
        onError: (e) =>
          toast.show({ message: e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 ? e.message : ATTACH_FAILED, type: 'Error' }),
      },
    );
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ATTACH_ACCEPT}
        hidden
        data-testid="attach-document-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) send(file);
        }}
      />
      <button type="button" className={button({ size: 'sm' })} disabled={attach.isPending} onClick={() => input.current?.click()}>
        {attach.isPending ? 'Attaching…' : 'Attach document'}
      </button>
    </>
  );
}
