import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'rules.list': { title: 'Rules', text: 'Detection rules and models with their status and performance.' },
  'rules.pdf': { title: 'Rule PDF', text: 'A printable PDF of this rule.' },
  'rules.detail': { title: 'Rule', text: "The rule's definition, validation, shadow results and history." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['rules.list'];
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
