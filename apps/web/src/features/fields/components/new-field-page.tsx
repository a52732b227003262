import {
  FIELD_LIMITS,
  fieldCreateSchema,
  MESSAGES,
  NUMBER_LOCALE,
  type PlaceMatch,
  SQUARE_METRES_PER_HECTARE,
} from '@ampelos/domain';
import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconEraser } from '@tabler/icons-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  BaseMap,
  fitToRing,
  formatHectares,
  mapSnapshot,
  type Ring,
  usePolygonDraw,
} from '../../../components/map/index.ts';
import { paths } from '../../../config/paths.ts';
import { zodValidate } from '../../../lib/form.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateField } from '../api/create-field.ts';
import { useFields } from '../api/get-fields.ts';
import { useUploadFieldAvatar } from '../api/upload-field-avatar.ts';
import { startingBounds } from '../starting-view.ts';
import { BoundaryImport } from './boundary-import.tsx';
import { FIELD_FORM_KEYS, FieldFormFields, type FieldFormValues } from './field-form-fields.tsx';
import { PlaceSearch } from './place-search.tsx';

const createSchema = fieldCreateSchema.pick(FIELD_FORM_KEYS);

const initialValues: FieldFormValues = {
  title: '',
  variety: null,
  usedFor: '1',
  age: '',
  altitude: '',
  slope: '',
  avgPlantHeight: '',
};

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** How close the map comes to a town found by the place search: its vineyards in view. */
const PLACE_ZOOM = 13;
const MAX_HECTARES_TEXT = new Intl.NumberFormat(NUMBER_LOCALE).format(
  FIELD_LIMITS.areaMaxSquareMetres / SQUARE_METRES_PER_HECTARE,
);

/** New field: draw (or import) the polygon on the satellite map, fill the form, save. */
export function NewFieldPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draw = usePolygonDraw();
  // The map opens around the user's fields, else over the home country (it waits for the list).
  const fields = useFields();
  const mapRef = useRef<MapLibreMap | null>(null);
  const [polygonMissing, setPolygonMissing] = useState(false);
  const upload = useUploadFieldAvatar();
  const create = useCreateField();
  const form = useForm<FieldFormValues>({
    mode: 'controlled',
    initialValues,
    validate: zodValidate(createSchema),
  });
  const { attach } = draw;

  const onReady = useCallback(
    (map: MapLibreMap) => {
      mapRef.current = map;
      map.once('remove', () => {
        if (mapRef.current === map) mapRef.current = null;
      });
      attach(map);
    },
    [attach],
  );

  const onImported = (ring: Ring, title: string) => {
    draw.setRing(ring);
    setPolygonMissing(false);
    if (mapRef.current) fitToRing(mapRef.current, ring);
    if (!form.getValues().title.trim())
      form.setFieldValue('title', title.slice(0, FIELD_LIMITS.titleCreate.max));
  };

  const goToPlace = (place: PlaceMatch) => {
    const map = mapRef.current;
    if (!map) return;
    if (place.bounds) {
      const [west, south, east, north] = place.bounds;
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding: 24, animate: false },
      );
    } else map.jumpTo({ center: [place.center.lng, place.center.lat], zoom: PLACE_ZOOM });
  };

  const tooLarge = draw.area !== null && draw.area > FIELD_LIMITS.areaMaxSquareMetres;

  const onSubmit = async (values: FieldFormValues) => {
    const map = mapRef.current;
    const ring = draw.ring;
    if (!ring || !map) {
      setPolygonMissing(true);
      notifyError(translateMessage(MESSAGES.polygonRequired));
      return;
    }
    if (tooLarge) {
      notifyError(t('fields.new.tooLarge', { max: MAX_HECTARES_TEXT }));
      return;
    }
    const parsed = createSchema.parse(values);
    const center = map.getCenter();
    const mapDisplay = {
      lat: round(center.lat, 6),
      lng: round(center.lng, 6),
      zoom: round(map.getZoom(), 2),
    };
    try {
      const image = await mapSnapshot(map);
      const uploaded = await upload.mutateAsync(image);
      const created = await create.mutateAsync({
        ...parsed,
        polygonPoints: ring,
        mapDisplay,
        avatar: { md: uploaded.file.md.Location, xs: uploaded.file.xs.Location },
      });
      notifySuccess(t('fields.messages.created'));
      navigate(paths.fields.getHref(created.data.uuid));
    } catch (error) {
      // API failures were shown by the client; a failed snapshot is shown here.
      if (!(error instanceof Error && error.name === 'ApiError')) notifyError(t('fields.new.snapshotFailed'));
    }
  };

  const saving = upload.isPending || create.isPending;
  const areaText = draw.area !== null ? t('fields.hectaresValue', { value: formatHectares(draw.area) }) : '–';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('fields.new.title')}</Title>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('fields.new.drawHint')}
            </Text>
            <PlaceSearch onPlace={goToPlace} />
            {fields.isPending ? (
              <Skeleton h="min(62dvh, 620px)" radius="md" />
            ) : (
              <BaseMap
                h="min(62dvh, 620px)"
                initialBounds={startingBounds(fields.data?.data ?? [])}
                onReady={onReady}
                drawing
                data-draw-ready={draw.ready || undefined}
                data-testid="new-field-map"
              />
            )}
            <Group justify="space-between" align="flex-start">
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {t('fields.new.area')}:
                </Text>
                <Text size="sm" c={tooLarge ? 'red.8' : undefined} data-testid="field-draw-area">
                  {areaText}
                </Text>
              </Group>
              <Button
                variant="default"
                leftSection={<IconEraser size={16} />}
                onClick={draw.clear}
                disabled={draw.area === null}
                data-testid="field-draw-clear"
              >
                {t('fields.new.clear')}
              </Button>
            </Group>
            {tooLarge && (
              <Alert
                color="orange"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                role="alert"
                data-testid="field-draw-too-large"
              >
                {t('fields.new.tooLarge', { max: MAX_HECTARES_TEXT })}
              </Alert>
            )}
            {polygonMissing && !draw.ring && (
              <Alert color="red" data-testid="field-polygon-missing">
                {translateMessage(MESSAGES.polygonRequired)}
              </Alert>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder p="md">
            <form
              onSubmit={form.onSubmit(
                (values) => void onSubmit(values),
                () => {
                  // The polygon is asked for together with the form's own errors.
                  if (!draw.ring) setPolygonMissing(true);
                },
              )}
              noValidate
            >
              <Stack>
                <BoundaryImport onRing={onImported} />
                <FieldFormFields form={form} mode="create" />
                <Group justify="flex-end">
                  <Button variant="default" component={Link} to={paths.fields.getHref()}>
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" loading={saving} data-testid="field-save">
                    {t('fields.new.save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
