import type { FieldView, ReportView } from '@ampelos/domain';
import type { FieldOwner, FieldRow } from './repository.ts';

/** 7 decimals of a degree are about 1 cm: what a drawn boundary means, in half the bytes of a double. */
const round7 = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

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
    polygonPoints: row.polygon.map(([lng, lat]) => [round7(lng), round7(lat)]),
    mapDisplay: row.mapDisplay && {
      lat: round7(row.mapDisplay.lat),
      lng: round7(row.mapDisplay.lng),
      zoom: row.mapDisplay.zoom,
    },
    centroid: { lng: round7(row.centroidLng), lat: round7(row.centroidLat) },
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
