// The permission catalogue (with the Agent and Manager presets) and the set held by one agent or
// team. Saving replaces the set; the holder's set and user management's lists read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { peopleKeys } from './people-queries';

export type Permission = components['schemas']['Permission'];
export type PermissionCatalogue = components['schemas']['PermissionList'];
export type AssociationType = components['schemas']['PermissionAssociationType'];

export const permissionKeys = {
  all: ['permissions'] as const,
  catalogue: () => [...permissionKeys.all, 'catalogue'] as const,
  association: (type: AssociationType, id: number) => [...permissionKeys.all, 'association', type, id] as const,
};

export function useCatalogueQuery() {
  // The catalogue is reference data: the same for the whole session.
  return useQuery({ queryKey: permissionKeys.catalogue(), queryFn: () => unwrap(api.GET('/api/permissions')), staleTime: Infinity });
}

export function useAssociationQuery(type: AssociationType, id: number) {
  return useQuery({
    queryKey: permissionKeys.association(type, id),
    queryFn: () => unwrap(api.GET('/api/permissions/association', { params: { query: { associationId: id, associationType: type } } })),
  });
}

export function useSaveAssociation(type: AssociationType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (permissionIds: number[]) =>
      unwrap(api.PUT('/api/permissions/association', { body: { associationId: id, associationType: type, permission_ids: permissionIds } })),
    onSuccess: (saved) => {
      client.setQueryData(permissionKeys.association(type, id), saved);
      // a team's set turns its "own permissions" mark on or off, which profiles and lists show
      if (type === 'team') {
        void client.invalidateQueries({ queryKey: peopleKeys.teams() });
        void client.invalidateQueries({ queryKey: peopleKeys.agents() });
      }
    },
  });
}
