import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'ai.chat': { title: 'AI', text: 'Ask questions about your data and file exports in an AI chat.' },
  'ai.agents': { title: 'AI agents', text: 'AI agents that help with investigations, and what they produced.' },
  'ai.agent': { title: 'AI agent', text: "The AI agent's configuration and its outputs." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['ai.chat'];
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
