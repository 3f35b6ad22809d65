// What the case page and panel show instead of a case.
import { Link } from 'wouter';
import { button } from '../../../ui/recipes';
import * as s from './case-detail.styles';

export const CASE_NOT_FOUND_TITLE = 'Case not found';
/**
 * The server answers a case in a restricted queue the agent is not a member of exactly as it answers
 * a case that does not exist, so the page says both and shows nothing of the case.
 */
export const caseNotFoundText = (id: number) =>
  `Case ${id} does not exist, or it is in a queue you do not have access to. If you think you should see it, ask a manager to add you to the case's queue.`;

export function CaseNotFound({ id, compact = false }: { id: number; compact?: boolean }) {
  const Heading = compact ? 'h2' : 'h1';
  return (
    <div className={s.stateBox} role="status">
      <Heading className={s.stateTitle}>{CASE_NOT_FOUND_TITLE}</Heading>
      <p className={s.stateText}>{caseNotFoundText(id)}</p>
      {compact ? null : (
        <Link href="/cases" className={button({ variant: 'secondary' })}>
          Back to cases
        </Link>
      )}
    </div>
  );
}

interface LoadErrorProps {
  onRetry: () => void;
  compact?: boolean;
  title?: string;
  text?: string;
}

export function CaseLoadError({
  onRetry,
  compact = false,
  title = 'The case could not be loaded',
  text = 'Something went wrong while loading the case. Please try again.',
}: LoadErrorProps) {
  const Heading = compact ? 'h2' : 'h1';
  return (
    <div className={s.stateBox} role="alert">
      <Heading className={s.stateTitle}>{title}</Heading>
      <p className={s.stateText}>{text}</p>
      <button type="button" className={button({ variant: 'secondary' })} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
