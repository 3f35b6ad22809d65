import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'rulesAdmin.home': { title: 'Rules admin', text: 'Rules across organisations, for internal staff.' },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['rulesAdmin.home'];
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
