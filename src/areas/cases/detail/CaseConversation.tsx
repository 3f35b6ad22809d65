// The case's comments and its activity, as its page and its panel show them.
import { AuditTrail, CommentThread } from '../../../features/work';
import type { Case } from '../../../api/cases/queries';
import { Section } from '../../../ui/Section';

/** `idPrefix` keeps the headings' ids apart when the page and the panel show the same case. */
export function CaseConversation({ kase, idPrefix }: { kase: Pick<Case, 'id'>; idPrefix: string }) {
  return (
    <>
      <Section id={`${idPrefix}-comments`} title="Comments">
        <CommentThread objectType="CASE" objectId={kase.id} />
      </Section>
      <Section id={`${idPrefix}-activity`} title="Activity">
        <AuditTrail objectType="CASE" objectId={kase.id} />
      </Section>
    </>
  );
}
