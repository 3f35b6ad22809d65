// The 'instrument' right-panel view: Instrument Details and Entity Information panels (spec part 2,
// section 2), the status actions the agent may take, and Go to Detail Page.
import { Link } from 'wouter';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { button } from '../../../ui/recipes';
import { recordPanelState } from './record-panel-state';
import * as s from '../entity/entity.styles';
import { humanise } from '../entity/entity.utils';
import { parseEntityId } from '../entity/use-entity-page';
import { useInstrumentQuery } from '../../../api/instruments/queries';
import { InstrumentActions } from '../instrument/InstrumentActions';
import { INSTRUMENT_FAILED } from '../instrument/instrument.constants';
import { EntityInformationSection, InstrumentDetailsSection, InstrumentStatusBadge } from '../instrument/InstrumentSections';

export default function InstrumentPanel({ id }: PanelViewProps) {
  const instrumentId = parseEntityId(id ?? '');
  const instrument = useInstrumentQuery(instrumentId);
  const state = recordPanelState('instrument', instrumentId, instrument, INSTRUMENT_FAILED);
  if (state !== null || instrument.data === undefined) return state;
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
