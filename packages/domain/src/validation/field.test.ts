import { describe, expect, it } from 'vitest';
import {
  ageSchema,
  altitudeSchema,
  applyPlantHeightEditMinimum,
  avgPlantHeightCreateSchema,
  avgPlantHeightEditSchema,
  DELETE_FIELD_WARNING,
  deleteAccountConfirmationMatches,
  deleteFieldConfirmationMatches,
  editFieldValueOnLoad,
  fieldCreateBodySchema,
  fieldCreateSchema,
  fieldDeleteSchema,
  fieldTitleCreateSchema,
  fieldTitleEditSchema,
  fieldUpdateBodySchema,
  fieldUpdateSchema,
  kmlDownloadSchema,
  mapDisplaySchema,
  POLYGON_TOO_MANY_POSITIONS,
  polygonPointsSchema,
  slopeSchema,
  vineyardTypeLabel,
  vineyardTypeSchema,
} from './field.ts';
import { MESSAGES } from './messages.ts';
import { firstMessage } from './test-helpers.ts';

const ring = [
  [25.1, 35.3],
  [25.2, 35.3],
  [25.2, 35.4],
  [25.1, 35.3],
];
const newField = {
  title: 'North slope',
  variety: 'Vidiano',
  usedFor: 2,
  age: 12,
  altitude: 350,
  slope: 8.5,
  avgPlantHeight: 1.4,
  polygonPoints: ring,
  mapDisplay: { lat: 35.3, lng: 25.1, zoom: 15 },
};

describe('field title', () => {
  it('creation: 1 to 200 characters', () => {
    expect(firstMessage(fieldTitleCreateSchema, 'A')).toBeUndefined();
    expect(firstMessage(fieldTitleCreateSchema, 'a'.repeat(200))).toBeUndefined();
    expect(firstMessage(fieldTitleCreateSchema, 'a'.repeat(201))).toBe('Must be less than 200 characters.');
    expect(firstMessage(fieldTitleCreateSchema, '   ')).toBe(MESSAGES.fieldTitleSignUp);
  });
  it('edit: 3 to 50 characters', () => {
    expect(firstMessage(fieldTitleEditSchema, 'Abc')).toBeUndefined();
    expect(firstMessage(fieldTitleEditSchema, 'a'.repeat(50))).toBeUndefined();
    expect(firstMessage(fieldTitleEditSchema, 'Ab')).toBe('Must be between 3 and 50 characters');
    expect(firstMessage(fieldTitleEditSchema, 'a'.repeat(51))).toBe(MESSAGES.fieldTitleEdit);
  });
});

describe('numeric field inputs', () => {
  it('avgPlantHeight at creation: 0 to 100, step 0.1', () => {
    for (const ok of [0, 0.1, 1.3, 99.9, 100, '2.5'])
      expect(firstMessage(avgPlantHeightCreateSchema, ok)).toBeUndefined();
    for (const bad of [-0.1, 100.1, 1.35, '', 'abc', null]) {
      expect(firstMessage(avgPlantHeightCreateSchema, bad)).toBe(MESSAGES.avgPlantHeight);
    }
  });
  it('avgPlantHeight when edited: 0.5 to 500, step 0.1', () => {
    for (const ok of [0.5, 120.4, 500]) expect(firstMessage(avgPlantHeightEditSchema, ok)).toBeUndefined();
    for (const bad of [0.4, 0, 500.1, 2.25]) {
      expect(firstMessage(avgPlantHeightEditSchema, bad)).toBe(MESSAGES.avgPlantHeightEdit);
    }
    expect(applyPlantHeightEditMinimum(0.2)).toBe(0.5);
    expect(applyPlantHeightEditMinimum(3)).toBe(3);
    expect(applyPlantHeightEditMinimum(Number.NaN)).toBe(0.5);
  });
  it('age: 0 to 2000, whole years', () => {
    for (const ok of [0, 1, 2000, '15']) expect(firstMessage(ageSchema, ok)).toBeUndefined();
    for (const bad of [-1, 2001, 1.5]) expect(firstMessage(ageSchema, bad)).toBe(MESSAGES.age);
  });
  it('altitude: 0 to 2000', () => {
    for (const ok of [0, 412.5, 2000]) expect(firstMessage(altitudeSchema, ok)).toBeUndefined();
    for (const bad of [-1, 2000.1, 'high']) expect(firstMessage(altitudeSchema, bad)).toBe(MESSAGES.altitude);
  });
  it('slope: 0 to 100 percent', () => {
    for (const ok of [0, 45.5, 100]) expect(firstMessage(slopeSchema, ok)).toBeUndefined();
    for (const bad of [-0.5, 100.5]) expect(firstMessage(slopeSchema, bad)).toBe(MESSAGES.slope);
  });
  it('edit form raises values below 1 to 1 on load', () => {
    expect(editFieldValueOnLoad(0)).toBe(1);
    expect(editFieldValueOnLoad(0.5)).toBe(1);
    expect(editFieldValueOnLoad(null)).toBe(1);
    expect(editFieldValueOnLoad(undefined)).toBe(1);
    expect(editFieldValueOnLoad(7)).toBe(7);
  });
});

describe('vineyard type', () => {
  it('is 1, 2 or 3 and defaults to 1', () => {
    expect(vineyardTypeSchema.parse(undefined)).toBe(1);
    expect(vineyardTypeSchema.parse(3)).toBe(3);
    expect(vineyardTypeSchema.parse('2')).toBe(2);
    expect(firstMessage(vineyardTypeSchema, 4)).toBe(MESSAGES.vineyardType);
    expect(firstMessage(vineyardTypeSchema, 0)).toBe(MESSAGES.vineyardType);
  });
  it('labels: Vinification, Table Grape, Raisin Grape, anything else Other', () => {
    expect(vineyardTypeLabel(1)).toBe('Vinification');
    expect(vineyardTypeLabel(2)).toBe('Table Grape');
    expect(vineyardTypeLabel('3')).toBe('Raisin Grape');
    expect(vineyardTypeLabel(4)).toBe('Other');
    expect(vineyardTypeLabel(null)).toBe('Other');
    expect(vineyardTypeLabel('table')).toBe('Other');
  });
});

describe('polygon', () => {
  const message = 'You need to draw a polygon of your field to save it';
  it('accepts a closed ring of 4 or more positions', () => {
    expect(firstMessage(polygonPointsSchema, ring)).toBeUndefined();
    expect(
      firstMessage(polygonPointsSchema, [
        [-180, -90],
        [180, -90],
        [180, 90],
        [-180, -90],
      ]),
    ).toBeUndefined();
  });
  it.each([
    ['missing', undefined],
    ['empty', []],
    ['three positions', ring.slice(0, 3)],
    ['open ring', [...ring.slice(0, 3), [25.3, 35.5]]],
    ['not an array', 'POLYGON'],
  ])('rejects %s with the draw message', (_, value) => {
    expect(firstMessage(polygonPointsSchema, value)).toBe(message);
  });
  it.each([[[181, 0]], [[-181, 0]], [[0, 91]], [[0, -91]], [[0]], [['25', '35']]])(
    'rejects a position %j out of range or malformed',
    (position) => {
      expect(firstMessage(polygonPointsSchema, [position, ...ring])).toBe(MESSAGES.polygonCoordinates);
    },
  );
});

describe('map display', () => {
  it('needs lat, lng and zoom in range', () => {
    expect(firstMessage(mapDisplaySchema, { lat: 35, lng: 25, zoom: 5 })).toBeUndefined();
    expect(firstMessage(mapDisplaySchema, { lat: 91, lng: 25, zoom: 5 })).toBe(MESSAGES.mapDisplay);
    expect(firstMessage(mapDisplaySchema, { lat: 35, lng: 181, zoom: 5 })).toBe(MESSAGES.mapDisplay);
    expect(firstMessage(mapDisplaySchema, { lat: 35, lng: 25 })).toBe(MESSAGES.mapDisplay);
    expect(firstMessage(mapDisplaySchema, null)).toBe(MESSAGES.mapDisplay);
  });
});

describe('field create and update', () => {
  it('create accepts a full field and defaults usedFor', () => {
    const { usedFor: _, ...withoutType } = newField;
    const parsed = fieldCreateSchema.parse(withoutType);
    expect(parsed.usedFor).toBe(1);
    expect(parsed.variety).toBe('Vidiano');
    expect('location' in parsed).toBe(false);
  });
  it('create requires the polygon', () => {
    const { polygonPoints: _, ...rest } = newField;
    expect(firstMessage(fieldCreateSchema, rest)).toBe('You need to draw a polygon of your field to save it');
  });
  it.each(['title', 'age', 'altitude', 'slope', 'avgPlantHeight', 'mapDisplay'])(
    'create requires %s',
    (key) => {
      const { [key as keyof typeof newField]: _, ...rest } = newField;
      expect(fieldCreateSchema.safeParse(rest).success).toBe(false);
    },
  );
  it('create refuses a client-supplied area', () => {
    expect(fieldCreateSchema.safeParse({ ...newField, area: 1 }).success).toBe(false);
  });
  it('create uses the creation title and plant height rules', () => {
    expect(firstMessage(fieldCreateSchema, { ...newField, title: 'x'.repeat(201) })).toBe(
      MESSAGES.fieldTitleSignUp,
    );
    expect(firstMessage(fieldCreateSchema, { ...newField, avgPlantHeight: 150 })).toBe(
      MESSAGES.avgPlantHeight,
    );
  });
  it('update uses the edit title and plant height rules', () => {
    const edit = { title: 'North', usedFor: 1, age: 5, altitude: 10, slope: 2, avgPlantHeight: 150 };
    expect(firstMessage(fieldUpdateSchema, edit)).toBeUndefined();
    expect(firstMessage(fieldUpdateSchema, { ...edit, title: 'No' })).toBe(MESSAGES.fieldTitleEdit);
    expect(firstMessage(fieldUpdateSchema, { ...edit, avgPlantHeight: 0.3 })).toBe(
      MESSAGES.avgPlantHeightEdit,
    );
    expect(fieldUpdateSchema.safeParse({ ...edit, polygonPoints: ring }).success).toBe(false);
  });
});

describe('delete confirmations', () => {
  it('field: the typed text must equal the title exactly', () => {
    expect(deleteFieldConfirmationMatches('North slope', 'North slope')).toBe(true);
    expect(deleteFieldConfirmationMatches('north slope', 'North slope')).toBe(false);
    expect(deleteFieldConfirmationMatches('North slope ', 'North slope')).toBe(false);
    expect(deleteFieldConfirmationMatches('', 'North slope')).toBe(false);
  });
  it('shows the warning', () => {
    expect(DELETE_FIELD_WARNING).toBe('Once you delete a field, there is no going back. Please be certain.');
  });
  it('account: the typed e-mail must equal the user e-mail', () => {
    expect(deleteAccountConfirmationMatches(' Maria@example.com', 'maria@example.com')).toBe(true);
    expect(deleteAccountConfirmationMatches('maria@example.gr', 'maria@example.com')).toBe(false);
  });
});

describe('plant height steps of 0.1 despite floating point', () => {
  it.each([0.3, 1.7, 2.9, 0.7, 33.3, 99.9, '1.7'])('accepts %s', (value) => {
    expect(firstMessage(avgPlantHeightCreateSchema, value)).toBeUndefined();
    if (Number(value) >= 0.5) expect(firstMessage(avgPlantHeightEditSchema, value)).toBeUndefined();
  });
  it('accepts every tenth from 0 to 100 at creation and 0.5 to 500 when edited', () => {
    for (let tenths = 0; tenths <= 1000; tenths++) {
      expect(avgPlantHeightCreateSchema.safeParse(tenths / 10).success).toBe(true);
    }
    for (let tenths = 5; tenths <= 5000; tenths++) {
      expect(avgPlantHeightEditSchema.safeParse(tenths / 10).success).toBe(true);
    }
  });
  it('still refuses hundredths', () => {
    for (const bad of [1.35, 0.15, 2.91]) expect(firstMessage(avgPlantHeightCreateSchema, bad)).toBeDefined();
  });
});

describe('field request bodies', () => {
  const uuid = '0b7c6f0e-8f1a-4c2b-9d3e-5a6b7c8d9e0f';
  it('create refuses a client location (the server derives it)', () => {
    expect(fieldCreateSchema.safeParse({ ...newField, location: { country: 'Greece' } }).success).toBe(false);
    expect(fieldCreateBodySchema.safeParse({ ...newField, location: { country: 'Greece' } }).success).toBe(
      false,
    );
  });
  it('create body takes an optional avatar with md and xs only', () => {
    const avatar = { md: '/api/files/a-md.webp', xs: '/api/files/a-xs.webp' };
    expect(fieldCreateBodySchema.parse({ ...newField, avatar }).avatar).toEqual(avatar);
    expect(fieldCreateBodySchema.parse(newField).avatar).toBeUndefined();
    expect(fieldCreateBodySchema.safeParse({ ...newField, avatar: { md: 'x' } }).success).toBe(false);
    expect(fieldCreateBodySchema.safeParse({ ...newField, avatar: { ...avatar, lg: 'x' } }).success).toBe(
      false,
    );
    expect(fieldCreateBodySchema.safeParse({ ...newField, area: 5 }).success).toBe(false);
  });
  it('update body is the edit form plus the uuid', () => {
    const edit = { title: 'North', usedFor: 1, age: 5, altitude: 10, slope: 2, avgPlantHeight: 1.7 };
    expect(fieldUpdateBodySchema.safeParse({ ...edit, uuid }).success).toBe(true);
    expect(fieldUpdateBodySchema.safeParse(edit).success).toBe(false);
    expect(fieldUpdateBodySchema.safeParse({ ...edit, uuid: 'not-a-uuid' }).success).toBe(false);
    expect(fieldUpdateBodySchema.safeParse({ ...edit, uuid, polygonPoints: ring }).success).toBe(false);
  });
  it('delete body is the uuid alone', () => {
    expect(fieldDeleteSchema.safeParse({ uuid }).success).toBe(true);
    expect(fieldDeleteSchema.safeParse({ uuid, title: 'x' }).success).toBe(false);
    expect(fieldDeleteSchema.safeParse({}).success).toBe(false);
  });
  it('KML body takes a numeric id or a uuid', () => {
    expect(kmlDownloadSchema.parse({ fieldId: 12 }).fieldId).toBe(12);
    expect(kmlDownloadSchema.parse({ fieldId: uuid }).fieldId).toBe(uuid);
    for (const bad of [0, -1, 1.5, 'abc', null, undefined]) {
      expect(kmlDownloadSchema.safeParse({ fieldId: bad }).success).toBe(false);
    }
    expect(kmlDownloadSchema.safeParse({ fieldId: 1, extra: true }).success).toBe(false);
  });
  it('a ring of more than 10,000 positions gets its own message', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => [i / 1e5, Math.sin(i) / 1e3]);
    many[many.length - 1] = many[0] as number[];
    expect(firstMessage(polygonPointsSchema, many)).toBe(POLYGON_TOO_MANY_POSITIONS);
    expect(POLYGON_TOO_MANY_POSITIONS).toBe('A field boundary can have at most 10,000 points');
  });
});
