import { Link, Redirect } from 'wouter';
import { css } from '../../../styled-system/css';
import { useAgent } from '../../app/auth/auth-context';
import { ROUTES } from '../../app/route-table';
import type { AreaProps } from '../../app/routes.types';
import { isRouteAllowed } from '../../lib/permissions';
import { ComingSoon } from '../../ui/ComingSoon';
import { underlineTabs } from '../../ui/tabs.recipes';

// Each tab has its own route and permission (section 2 "AI admin dashboard").
const TABS = [
  { id: 'aiAdmin.agents', to: '/ai-admin/agents', label: 'AI Agents', text: 'AI agents per organisation with their status, and the action to configure them.' },
  { id: 'aiAdmin.tracking', to: '/ai-admin/tracking', label: 'AI Tracking', text: 'Tracking records of AI calls with sorting, paging and filters.' },
  { id: 'aiAdmin.stats', to: '/ai-admin/stats', label: 'AI Stats', text: 'Cost and call counts per organisation and relation type.' },
  { id: 'aiAdmin.prompts', to: '/ai-admin/prompts', label: 'Prompts', text: 'Prompts Admin' },
  { id: 'aiAdmin.experimentation', to: '/ai-admin/experimentation', label: 'Experimentation', text: 'Experimentation Admin' },
] as const;

const header = css({ px: '8', pt: '8' });
const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
const { list: tabs, tab } = underlineTabs({ kind: 'links' });
const placeholder = css({ p: '8', color: 'muted' });

export default function AiAdminArea({ routeId }: AreaProps) {
  const agent = useAgent();
  const allowed = TABS.filter((t) => isRouteAllowed(ROUTES, t.to, agent));
  const current = TABS.find((t) => t.id === routeId);
  if (!current) {
    const first = allowed[0];
    return first ? <Redirect to={first.to} replace /> : <ComingSoon area="AI admin" description="None of the AI admin tabs is open to you." />;
  }
  const isPlaceholder = current.id === 'aiAdmin.prompts' || current.id === 'aiAdmin.experimentation';
  return (
    <div>
      <div className={header}>
        <h1 className={title}>AI admin</h1>
        <nav aria-label="AI admin" className={tabs}>
          {allowed.map((t) => (
            <Link key={t.id} to={t.to} className={tab} aria-current={t.id === current.id ? 'page' : undefined}>
              {t.label}
            </Link>
          ))}
        </nav>
      </div>
      {isPlaceholder ? <p className={placeholder}>{current.text}</p> : <ComingSoonBody label={current.label} text={current.text} />}
    </div>
  );
}

function ComingSoonBody({ label, text }: { label: string; text: string }) {
  return (
    <section className={placeholder} aria-label={label}>
      <p>
        <strong>Coming soon.</strong> {text}
      </p>
    </section>
  );
}
