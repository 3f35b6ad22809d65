import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';
import { QueuesPage } from './queues/QueuesPage';

// The area's other screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'operations.workflows': { title: 'Workflows', text: 'Automated steps for alerts and cases.' },
  'operations.checklist': { title: 'Investigation checklist', text: "The checklist's steps for investigators." },
  'operations.webhook': { title: 'Webhook', text: "The webhook's endpoint, events and delivery history." },
  'operations.quality': { title: 'Quality cycle', text: 'Quality review of closed alerts and cases.' },
};

export default function Area({ routeId, params }: AreaProps) {
  if (routeId === 'operations.queues') return <QueuesPage />;
  const page = PAGES[routeId];
  if (!page) return <QueuesPage />;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
