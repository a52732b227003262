import type { ReportView } from './commerce.ts';
import type { AvatarView } from './user.ts';

export interface FieldOwnerView {
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A field as `GET /fields` and `/field/*` answer it (spec section 3 names). */
export interface FieldView {
  id: number;
  uuid: string;
  title: string;
  location: { region: string | null; country: string | null; countryCode: string | null };
  /** Square metres, computed on the server (hectares = area / 10000). */
  area: number;
  variety: string | null;
  /** Vineyard type: 1 Vinification, 2 Table Grape, 3 Raisin Grape; anything else reads Other. */
  usedFor: number;
  age: number | null;
  altitude: number | null;
  slope: number | null;
  avgPlantHeight: number | null;
  /** Closed ring of [longitude, latitude] (GeoJSON order), WGS84. */
  polygonPoints: [number, number][];
  mapDisplay: { lat: number; lng: number; zoom: number } | null;
  centroid: { lng: number; lat: number };
  agroId: string | null;
  avatar: AvatarView | null;
  /** Reports arrive with the commerce feature; always present so screens can rely on it. */
  Reports: ReportView[];
  createdAt: string;
  updatedAt: string;
  /** Only for staff who may read all fields (the admin owner table). */
  owner?: FieldOwnerView;
}
