import type { FieldView, ReportView } from '@ampelos/domain';
import type { FieldOwner, FieldRow } from './repository.ts';

/** The only shape of a field that leaves the server; the owner only for staff who see all fields. */
export function presentField(row: FieldRow, owner?: FieldOwner, reports: ReportView[] = []): FieldView {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    location: { region: row.region, country: row.country, countryCode: row.countryCode },
    area: row.area,
    variety: row.variety,
    usedFor: row.usedFor,
    age: row.age,
    altitude: row.altitude,
    slope: row.slope,
    avgPlantHeight: row.avgPlantHeight,
    polygonPoints: row.polygon,
    mapDisplay: row.mapDisplay,
    centroid: { lng: row.centroidLng, lat: row.centroidLat },
    agroId: row.agroId,
    avatar: row.avatarMd || row.avatarXs ? { md: row.avatarMd, xs: row.avatarXs } : null,
    Reports: reports,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(owner && {
      owner: { uuid: owner.uuid, firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    }),
  };
}
