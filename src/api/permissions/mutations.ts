// Saving the permission set of an agent or a team. The answer replaces the holder's set; a team's
// set turns its "own permissions" mark on or off, which profiles and lists show.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { peopleKeys } from '../people/keys';
import { teamKeys } from '../teams/keys';
import { permissionKeys } from './keys';
import type { AssociationType } from './queries';

export function useSaveAssociationMutation(type: AssociationType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (permissionIds: number[]) =>
      unwrap(api.PUT('/api/permissions/association', { body: { associationId: id, associationType: type, permission_ids: permissionIds } })),
    onSuccess: (saved) => {
      client.setQueryData(permissionKeys.association(type, id), saved);
      if (type === 'team') {
        void client.invalidateQueries({ queryKey: teamKeys.lists() });
        void client.invalidateQueries({ queryKey: teamKeys.detail(id) });
        void client.invalidateQueries({ queryKey: peopleKeys.agents() });
      }
    },
  });
}
