import type { AreaProps } from '../../app/routes.types';
import { AgentProfilePage } from './profile/AgentProfilePage';
import { TeamPage } from './teams/TeamPage';
import { UserManagementPage } from './user-management/UserManagementPage';

export default function Area({ routeId, params }: AreaProps) {
  const id = Number(params.id);
  if ((routeId === 'people.agent' || routeId === 'people.team') && !(Number.isInteger(id) && id > 0)) {
    return <p role="alert">{routeId === 'people.agent' ? 'This agent does not exist.' : 'This team does not exist.'}</p>;
  }
  if (routeId === 'people.agent') return <AgentProfilePage key={id} id={id} />;
  if (routeId === 'people.team') return <TeamPage key={id} id={id} />;
  return <UserManagementPage />;
}
