// The request tool of the developer tools: GET, POST, PUT or DELETE to any /api path through the
// console's typed client (so the session's token and request id go with it), a JSON body that must
// parse (highlighted while it does not), and the raw answer with its status. A failed call shows the
// spec's text and leaves the details in the browser console.
import { useId, useState, type FormEvent } from 'react';
import { cx } from '../../../styled-system/css';
import { sendRawRequest } from '../../api/dev-tools/mutations';
import * as d from '../../ui/dialog.styles';
import { button } from '../../ui/recipes';
import * as s from './dev-tools.styles';
import { checkBody, checkPath, formatAnswer, hasBody, REQUEST_FAILED, REQUEST_METHODS, type RequestMethod } from './request-tool.utils';
import { Modal } from '../../ui/Modal';
import { Field } from '../../ui/FormField';

interface Answer {
  status: number;
  statusText: string;
  raw: string;
}

export default function RequestToolDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} wide title="Request tool" description="Calls the console's API as you, with your session.">
      <RequestForm onClose={onClose} />
    </Modal>
  );
}

function RequestForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [method, setMethod] = useState<RequestMethod>('GET');
  const [path, setPath] = useState('/api/agents/me');
  const [body, setBody] = useState('');
  const [pathTouched, setPathTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState(false);

  const bodyCheck = hasBody(method) ? checkBody(body) : { ok: true as const, value: undefined };
  const pathError = checkPath(path);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setPathTouched(true);
    if (pathError || !bodyCheck.ok) return;
    setBusy(true);
    setFailed(false);
    setAnswer(null);
    try {
      const result = await sendRawRequest(method, path.trim(), bodyCheck.value);
      setAnswer({ status: result.status, statusText: result.statusText, raw: result.raw });
      if (!result.ok) {
        console.error(`Request tool: ${method} ${path} answered ${result.status}`, result.raw);
        setFailed(true);
      }
    } catch (error) {
      console.error(`Request tool: ${method} ${path} failed`, error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={d.form} onSubmit={(e) => void send(e)} noValidate aria-busy={busy}>
      <div className={d.row}>
        <Field id={`${id}-method`} label="Method">
          <select id={`${id}-method`} className={d.select} value={method} onChange={(e) => setMethod(e.target.value as RequestMethod)}>
            {REQUEST_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-path`} label="Path">
          <input
            id={`${id}-path`}
            className={d.input}
            value={path}
            spellCheck={false}
            aria-invalid={pathTouched && Boolean(pathError)}
            aria-describedby={pathTouched && pathError ? `${id}-path-error` : undefined}
            onChange={(e) => setPath(e.target.value)}
            onBlur={() => setPathTouched(true)}
          />
          {pathTouched && pathError ? (
            <span id={`${id}-path-error`} className={d.fieldError}>
              {pathError}
            </span>
          ) : null}
        </Field>
      </div>
      {hasBody(method) ? (
        <div className={d.field}>
          <label className={d.label} htmlFor={`${id}-body`}>
            JSON body <span className={d.optional}>(optional)</span>
          </label>
          <textarea
            id={`${id}-body`}
            className={cx(d.textarea, s.codeInput)}
            value={body}
            spellCheck={false}
            aria-invalid={!bodyCheck.ok}
            aria-describedby={!bodyCheck.ok ? `${id}-body-error` : undefined}
            onChange={(e) => setBody(e.target.value)}
          />
          {!bodyCheck.ok ? (
            <span id={`${id}-body-error`} className={d.fieldError}>
              {bodyCheck.message}
            </span>
          ) : null}
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className={d.formError}>
          {REQUEST_FAILED}
        </p>
      ) : null}
      {answer ? (
        <section aria-label="Answer" className={s.stack}>
          <p className={s.answerStatus}>
            Status <strong>{answer.status}</strong> {answer.statusText}
          </p>
          <pre className={s.code} role="region" tabIndex={0} aria-label="Raw answer">
            {formatAnswer(answer.raw)}
          </pre>
        </section>
      ) : null}
      <div className={d.actions}>
        <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
          Close
        </button>
        <button type="submit" className={button({ variant: 'primary' })} disabled={busy || !bodyCheck.ok}>
          {busy ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
