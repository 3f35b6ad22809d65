// What a rule page shows when the rule cannot be read: missing (404) or a failure with Retry.
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import { textLink } from '../../../ui/recipes';
import { RULES_PATH } from '../rule-paths';
import * as s from '../rules.styles';

export function RulePageError({ error, retry }: { error: Error; retry: () => void }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className={s.page}>
      <Link href={RULES_PATH} className={textLink()}>
        Rules
      </Link>
      <div className={s.empty} role="alert">
        <p>{missing ? 'This rule does not exist.' : 'The rule could not be loaded.'}</p>
        {missing ? null : (
          <button type="button" className={textLink()} onClick={retry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
