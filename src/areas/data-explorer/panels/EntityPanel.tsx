// The 'entity' right-panel view (spec part 2, section 2 "Entity Details panel"): the entity's
// header and summary fields with Show/Hide Empty Fields, and Go to Detail Page. Following that link
// leaves the panel behind (the link carries no ?panel=).
import { Link } from 'wouter';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { button } from '../../../ui/recipes';
import { recordPanelState } from './record-panel-state';
import { useEntityQuery } from '../../../api/entities/queries';
import { entityFields } from '../entity/entity-fields';
import * as s from '../entity/entity.styles';
import { ENTITY_FAILED } from '../entity/entity.constants';
import { EntityHeader } from '../entity/EntityHeader';
import { DetailsFields } from '../entity/parts';
import { parseEntityId } from '../entity/use-entity-page';

export default function EntityPanel({ id }: PanelViewProps) {
  const entityId = parseEntityId(id ?? '');
  const entity = useEntityQuery(entityId);
  const state = recordPanelState('entity', entityId, entity, ENTITY_FAILED);
  if (state !== null || entity.data === undefined) return state;
  return (
    <div className={s.column}>
      <EntityHeader entity={entity.data} compact />
      <Link href={`/entities/${entityId}`} className={button({ variant: 'primary', size: 'sm' })}>
        Go to Detail Page
      </Link>
      <DetailsFields fields={entityFields(entity.data)} label="Entity fields" />
    </div>
  );
}
