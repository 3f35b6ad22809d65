// /entities/{id} (the internal id): the header (name, external id, type, status, risk score,
// blocked), the tabs, and beside them the entity's details, its alerts, check images and comments.
import { Link } from 'wouter';
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { LoadingState } from '../../../ui/LoadingState';
import { textLink } from '../../../ui/recipes';
import { CommentThread } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import { CheckImagesSection } from './CheckImages';
import { ENTITY_FAILED } from './entity.constants';
import { entityFields } from './entity-fields';
import * as s from './entity.styles';
import { AlertsSection } from './EntityAlerts';
import { EntityHeader } from './EntityHeader';
import { EntityTabs } from './EntityTabs';
import { DetailsFields } from './parts';
import { useEntityPage } from './use-entity-page';

export function EntityLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={s.stateBox} role="alert">
      {ENTITY_FAILED}
      <button type="button" className={textLink()} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function EntityMissing({ id }: { id: string }) {
  return (
    <div className={w.section}>
      <div className={w.sectionBody}>
        <h1 className={s.title}>Entity not found</h1>
        <p className={w.muted}>{`Entity ${id} does not exist or you may not open it.`}</p>
        <Link href="/data-explorer" className={textLink()}>
          Back to the data explorer
        </Link>
      </div>
    </div>
  );
}

export function EntityPage({ id: rawId }: { id: string }) {
  const page = useEntityPage(rawId);
  const { entity } = page;
  return (
    <div className={s.page}>
      <nav aria-label="Breadcrumb" className={s.crumbs}>
        <Link href="/data-explorer" className={s.crumbLink}>
          Data explorer
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{entity.data ? entity.data.name_readable : `Entity ${rawId}`}</span>
      </nav>
      {page.notFound ? (
        <EntityMissing id={rawId} />
      ) : entity.isPending ? (
        <LoadingState label="Loading the entity" />
      ) : entity.isError ? (
        <EntityLoadError onRetry={() => void entity.refetch()} />
      ) : (
        <>
          <ColdStorageNotice wait={page.coldStorage} />
          <EntityHeader entity={entity.data} />
          <div className={s.layout}>
            <div className={s.column}>
              <EntityTabs
                entity={entity.data}
                tabs={page.tabs}
                selected={page.tab}
                onSelect={page.selectTab}
                direction={page.direction}
                onDirection={page.selectDirection}
              />
            </div>
            <aside className={s.column} aria-label="Entity details">
              <section className={w.section} aria-labelledby="entity-details-title">
                <header className={w.sectionHeader}>
                  <h2 id="entity-details-title" className={w.sectionTitle}>
                    Details
                  </h2>
                </header>
                <DetailsFields fields={entityFields(entity.data)} label="Entity fields" />
              </section>
              {page.alerts ? <AlertsSection {...page.alerts} /> : null}
              {page.checkImagesAllowed ? <CheckImagesSection externalId={entity.data.external_id} /> : null}
              <section className={w.section} aria-labelledby="entity-comments-title">
                <header className={w.sectionHeader}>
                  <h2 id="entity-comments-title" className={w.sectionTitle}>
                    Comments
                  </h2>
                </header>
                <CommentThread objectType="ENTITY" objectId={entity.data.id} />
              </section>
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
