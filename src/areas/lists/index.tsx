import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'lists.list': { title: 'Lists', text: 'Lists and matchlists used by rules and screening.' },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['lists.list'];
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
