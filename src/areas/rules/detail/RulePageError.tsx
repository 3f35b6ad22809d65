// What a rule page shows when the rule cannot be read: missing (404) or a failure with Retry.
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import { detailPage } from '../../../ui/detail.recipes';
import { ListError } from '../../../ui/ListPage';
import { listPage } from '../../../ui/list.recipes';
import { textLink } from '../../../ui/recipes';
import { RULES_PATH } from '../rule-paths';

export function RulePageError({ error, retry }: { error: Error; retry: () => void }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className={detailPage({ width: 'md' }).page}>
      <Link href={RULES_PATH} className={textLink()}>
        Rules
      </Link>
      {missing ? (
        <p className={listPage().state} role="alert">
          This rule does not exist.
        </p>
      ) : (
        <ListError text="The rule could not be loaded." onRetry={retry} />
      )}
    </div>
  );
}
