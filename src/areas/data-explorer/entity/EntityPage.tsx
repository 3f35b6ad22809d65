// /entities/{id} (the internal id): the header (name, external id, type, status, risk score,
// blocked; Create alert), the tabs, and beside them the entity's details, its alerts, check images and comments.
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { LoadError } from '../../../ui/DataTable';
import { LoadingState } from '../../../ui/LoadingState';
import { DetailColumns, DetailMissing, DetailPage } from '../../../ui/DetailPage';
import { Section } from '../../../ui/Section';
import { CommentThread } from '../../../features/work';
import { CreateAlertAction } from '../create-alert/CreateAlertAction';
import { CtrDataButton } from '../../filings/ctr/CtrDataButton';
import { CheckImagesSection } from './CheckImages';
import { ENTITY_FAILED } from './entity.constants';
import { entityFields } from './entity-fields';
import { AlertsSection } from './EntityAlerts';
import { EntityHeader } from './EntityHeader';
import { EntityTabs } from './EntityTabs';
import { DetailsFields } from './parts';
import { useEntityPage } from './use-entity-page';

export function EntityMissing({ id }: { id: string }) {
  return (
    <DetailMissing
      title="Entity not found"
      text={`Entity ${id} does not exist or you may not open it.`}
      back={{ href: '/data-explorer', label: 'Back to the data explorer' }}
      kind="record"
    />
  );
}

export function EntityPage({ id: rawId }: { id: string }) {
  const page = useEntityPage(rawId);
  const { entity } = page;
  return (
    <DetailPage trail={[{ href: '/data-explorer', label: 'Data explorer' }]} current={entity.data ? entity.data.name_readable : `Entity ${rawId}`}>
      {page.notFound ? (
        <EntityMissing id={rawId} />
      ) : entity.isPending ? (
        <LoadingState label="Loading the entity" />
      ) : entity.isError ? (
        <LoadError message={ENTITY_FAILED} onRetry={() => void entity.refetch()} />
      ) : (
        <>
          <ColdStorageNotice wait={page.coldStorage} />
          <EntityHeader
            entity={entity.data}
            actions={
              <>
                <CtrDataButton entityId={entity.data.id} />
                <CreateAlertAction subject={{ type: 'ENTITY', id: entity.data.id, label: `${entity.data.name_readable} · ${entity.data.external_id}` }} />
              </>
            }
          />
          <DetailColumns
            main={
              <EntityTabs
                entity={entity.data}
                tabs={page.tabs}
                selected={page.tab}
                onSelect={page.selectTab}
                direction={page.direction}
                onDirection={page.selectDirection}
              />
            }
            sideLabel="Entity details"
            side={
              <>
                <Section id="entity-details-title" title="Details" bare>
                  <DetailsFields fields={entityFields(entity.data)} label="Entity fields" />
                </Section>
                {page.alerts ? <AlertsSection {...page.alerts} /> : null}
                {page.checkImagesAllowed ? <CheckImagesSection externalId={entity.data.external_id} /> : null}
                <Section id="entity-comments-title" title="Comments" bare>
                  <CommentThread objectType="ENTITY" objectId={entity.data.id} />
                </Section>
              </>
            }
          />
        </>
      )}
    </DetailPage>
  );
}
