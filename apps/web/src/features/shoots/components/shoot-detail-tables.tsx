import {
  type ReportStatus,
  type ShootFieldView,
  type ShootOwnerView,
  type ShootPersonView,
  type ShootView,
  varietyLabel,
  vineyardTypeLabel,
} from '@ampelos/domain';
import { useTranslation } from 'react-i18next';
import { formatHectares } from '../../../components/map/index.ts';
import { TitledTable as DetailsTable } from '../../../components/titled-table.tsx';
import { formatDay, formatDayRange } from '../../../lib/days.ts';
import { formatDate } from '../../../lib/format.ts';
import { ShootStatusLabel } from './shoot-status-label.tsx';

const VINEYARD_TYPE_KEYS: Record<string, string> = {
  Vinification: 'vinification',
  'Table Grape': 'tableGrape',
  'Raisin Grape': 'raisinGrape',
};

/** Details: the report, its service and status, the package, the area, when the shoot was created. */
export function ShootDetailsTable({
  report,
  field,
  createdAt,
}: {
  report: { uuid: string; service: string; status: ReportStatus; shoots: number };
  field: ShootFieldView | null;
  createdAt?: string;
}) {
  const { t } = useTranslation();
  return (
    <DetailsTable
      title={t('shoots.detail.details')}
      testId="shoot-details"
      rows={[
        [t('shoots.detail.report'), `#${report.uuid.slice(0, 4)}`],
        [t('shoots.detail.service'), t(`shoots.service.${report.service}`)],
        [t('shoots.detail.reportStatus'), t(`shoots.reportStatus.${report.status}`)],
        [t('shoots.detail.package'), t('shoots.detail.shootsCount', { count: report.shoots })],
        [t('shoots.detail.hectares'), field ? formatHectares(field.area) : t('shoots.detail.notSet')],
        ...(createdAt ? [[t('shoots.detail.created'), formatDate(createdAt)] as [string, string]] : []),
      ]}
    />
  );
}

function person(value: ShootPersonView | null, none: string): string {
  return value ? `${value.firstName} ${value.lastName} (${value.email})` : none;
}

/** Operation details: schedule type, availability, agreed days, crew and status. */
export function OperationDetailsTable({ shoot }: { shoot: ShootView }) {
  const { t } = useTranslation();
  const none = t('shoots.detail.notYet');
  const days = shoot.shootDays;
  return (
    <DetailsTable
      title={t('shoots.detail.operation')}
      testId="shoot-operation"
      rows={[
        [t('shoots.detail.scheduleType'), t(`shoots.scheduleType.${shoot.scheduleType}`)],
        [t('shoots.detail.availability'), formatDayRange(shoot.dateRange) || none],
        ...(shoot.fixedDates
          ? [
              [t('shoots.detail.fixedPrimary'), formatDay(shoot.fixedDates.primary)] as [string, string],
              [t('shoots.detail.fixedAlternative'), formatDay(shoot.fixedDates.alternative)] as [
                string,
                string,
              ],
            ]
          : []),
        [t('shoots.detail.confirmed'), formatDayRange(days?.confirmed) || none],
        [t('shoots.detail.alternative'), formatDayRange(days?.alternative) || none],
        [t('shoots.detail.final'), formatDay(days?.final) || none],
        [t('shoots.detail.droneAdmin'), person(shoot.droneAdmin, none)],
        [t('shoots.detail.droneOperator'), person(shoot.droneOperator, none)],
        [t('shoots.detail.status'), <ShootStatusLabel key="status" status={shoot.status} />],
      ]}
    />
  );
}

/** Owner info: name, e-mail, mobile, location, company. */
export function OwnerTable({ owner }: { owner: ShootOwnerView }) {
  const { t } = useTranslation();
  const none = t('shoots.detail.notSet');
  return (
    <DetailsTable
      title={t('shoots.detail.ownerInfo')}
      testId="shoot-owner"
      rows={[
        [t('shoots.detail.owner'), `${owner.firstName} ${owner.lastName}`],
        [t('shoots.detail.email'), owner.email],
        [t('shoots.detail.mobile'), owner.mobile ?? none],
        [t('shoots.detail.location'), owner.location ?? none],
        [t('shoots.detail.company'), owner.company?.title ?? none],
      ]}
    />
  );
}

/** Field details: variety, type, age, altitude, slope, plant height. */
export function ShootFieldTable({ field }: { field: ShootFieldView }) {
  const { t, i18n } = useTranslation();
  const none = t('shoots.detail.notSet');
  const lang = i18n.language === 'el' ? 'el' : 'en';
  const number = (value: number | null) => (value === null || value === undefined ? none : String(value));
  return (
    <DetailsTable
      title={t('shoots.detail.fieldDetails')}
      testId="shoot-field-details"
      rows={[
        [t('shoots.detail.variety'), field.variety ? varietyLabel(field.variety, lang) : none],
        [
          t('shoots.detail.type'),
          t(`shoots.vineyardTypes.${VINEYARD_TYPE_KEYS[vineyardTypeLabel(field.usedFor)] ?? 'other'}`),
        ],
        [t('shoots.detail.age'), number(field.age)],
        [t('shoots.detail.altitude'), number(field.altitude)],
        [t('shoots.detail.slope'), number(field.slope)],
        [t('shoots.detail.plantHeight'), number(field.avgPlantHeight)],
      ]}
    />
  );
}
