// The 'instrument' right-panel view: Instrument Details and Entity Information panels (spec part 2,
// section 2), the status actions the agent may take, and Go to Detail Page.
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import * as s from '../entity/entity.styles';
import { humanise } from '../entity/entity.utils';
import { parseEntityId } from '../entity/use-entity-page';
import { useInstrumentQuery } from '../../../api/instruments/queries';
import { InstrumentActions } from '../instrument/InstrumentActions';
import { LoadError } from '../../../ui/DataTable';
import { INSTRUMENT_FAILED } from '../instrument/instrument.constants';
import { EntityInformationSection, InstrumentDetailsSection, InstrumentStatusBadge } from '../instrument/InstrumentSections';

export default function InstrumentPanel({ id }: PanelViewProps) {
  const instrumentId = parseEntityId(id ?? '');
  const instrument = useInstrumentQuery(instrumentId);
  if (!instrumentId) return <p className={s.secondary}>No instrument is selected.</p>;
  if (instrument.isPending) return <LoadingState label="Loading the instrument" />;
  if (instrument.isError) {
    return instrument.error instanceof ApiError && instrument.error.status === 404 ? (
      <p className={s.secondary}>{`Instrument ${instrumentId} does not exist or you may not open it.`}</p>
    ) : (
      <LoadError message={INSTRUMENT_FAILED} onRetry={() => void instrument.refetch()} />
    );
  }
  const data = instrument.data;
  return (
    <div className={s.column}>
      <div className={s.titleBlock}>
        <h2 className={s.panelTitle}>{data.external_id}</h2>
        <span className={s.secondary}>{humanise(data.instrument_type)}</span>
      </div>
      <div className={s.inlineLinks}>
        <InstrumentStatusBadge status={data.status} />
        <InstrumentActions instrument={data} size="sm" />
      </div>
      <Link href={`/instruments/${data.id}`} className={button({ variant: 'primary', size: 'sm' })}>
        Go to Detail Page
      </Link>
      <InstrumentDetailsSection instrument={data} />
      <EntityInformationSection instrument={data} />
    </div>
  );
}
