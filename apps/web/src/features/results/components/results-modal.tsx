import {
  BREAKPOINTS,
  MAP,
  type ReportResultsView,
  stressColourHex,
  stressDensityGrid,
  TIMERS_MS,
  vigourCounts,
} from '@ampelos/domain';
import {
  Alert,
  Box,
  Button,
  Center,
  Collapse,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronUp,
  IconFileTypePdf,
  IconPlant2,
  IconTagsFilled,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportResults } from '../api/get-report-results.ts';
import { useVigourLayer } from '../api/get-vigour-layer.ts';
import { classKey } from '../labels.ts';
import { type CompareChoice, CompareControls } from './compare-controls.tsx';
import { HdViewer } from './hd-viewer.tsx';
import { LayerControls } from './layer-controls.tsx';
import type { PlantRef } from './plant-markers.ts';
import { PlantPopup } from './plant-popup.tsx';
import { type MapPopup, ResultsMap } from './results-map.tsx';
import { StressGridLegend } from './stress-grid-legend.tsx';
import { useCompareSide } from './use-compare-side.ts';
import { type ViewLayer, viewLayers } from './view-layer.ts';

interface ResultsModalProps {
  reportUuid: string;
  /** The report's name as the field page shows it (date or #uuid). */
  reportName: string;
  opened: boolean;
  onClose: () => void;
  /** Soil, satellite and weather history of the report (the agro feature), composed in by the route. */
  agroHistory?: ReactNode;
}

/** The full-screen report results (spec section 2): map, layers, opacity, plants, HD photos, PDF. */
export function ResultsModal({ reportUuid, reportName, opened, onClose, agroHistory }: ResultsModalProps) {
  const { t } = useTranslation();
  const query = useReportResults(reportUuid, opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      padding={0}
      transitionProps={{ duration: TIMERS_MS.modalClose }}
      title={
        <Text fw={600} component="span">
          {t('results.title')} · {query.data?.field.title ?? ''} · {reportName}
        </Text>
      }
      styles={{ header: { paddingInline: 16 }, body: { height: 'calc(100dvh - 60px)' } }}
      data-testid="results-modal"
    >
      {query.isPending && (
        <Center h="100%">
          <Loader />
        </Center>
      )}
      {query.isError && (
        <Alert color="red" m="md">
          {t('results.loadError')}
        </Alert>
      )}
      {query.data && <ResultsView results={query.data} reportUuid={reportUuid} agroHistory={agroHistory} />}
    </Modal>
  );
}

function ResultsView({
  results,
  reportUuid,
  agroHistory,
}: {
  results: ReportResultsView;
  reportUuid: string;
  agroHistory?: ReactNode;
}) {
  const { t } = useTranslation();
  const [agroOpen, agro] = useDisclosure(false);
  const layers = useMemo(
    () => viewLayers(results.layers, results.vigourUrl !== null),
    [results.layers, results.vigourUrl],
  );
  const [layer, setLayer] = useState<ViewLayer | null>(
    results.layers.includes('ai') ? 'ai' : (layers[0] ?? null),
  );
  const vigour = useVigourLayer(results.vigourUrl, layer === 'vigour');
  const counts = useMemo(() => (vigour.data ? vigourCounts(vigour.data) : null), [vigour.data]);
  const [opacity, setOpacity] = useState<number>(MAP.layerOpacityDefault);
  const [selected, setSelected] = useState<PlantRef | null>(null);
  const [cluster, setCluster] = useState<{ plants: PlantRef[]; at: [number, number] } | null>(null);
  const [hd, setHd] = useState(false);
  const [compare, setCompare] = useState<CompareChoice | null>(null);
  const [showGrid, setShowGrid] = useState(false);
  const right = useCompareSide(results, compare);
  const grid = useMemo(
    () =>
      results.field.polygonPoints
        ? stressDensityGrid(
            results.field.polygonPoints,
            results.photos.flatMap((p) => p.boxes),
          )
        : null,
    [results],
  );
  // Small screens open on the map, with the layers and legend folded away.
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [panelOpen, panel] = useDisclosure(!small);
  const photo = selected ? results.photos.find((p) => p.base === selected.base) : undefined;
  const box = photo?.boxes.find((b) => b.id === selected?.boxId);
  const plantCount = results.photos.reduce((sum, p) => sum + p.boxes.length, 0);

  const choose = (plant: PlantRef | null) => {
    setCluster(null);
    setSelected(plant);
  };
  let popup: MapPopup | null = null;
  if (photo && box && !hd) {
    popup = {
      at: [box.lng, box.lat],
      content: <PlantPopup photo={photo} box={box} hd={hd} onHd={setHd} />,
      onClose: () => choose(null),
    };
  } else if (cluster) {
    popup = {
      at: cluster.at,
      content: <ClusterList results={results} plants={cluster.plants} onPick={choose} />,
      onClose: () => setCluster(null),
    };
  }

  return (
    <Box pos="relative" h="100%">
      <ResultsMap
        results={results}
        layer={layer}
        opacity={opacity}
        onPlant={choose}
        onCluster={(plants, at) => {
          setSelected(null);
          setCluster({ plants, at });
        }}
        popup={popup}
        vigour={vigour.data ?? null}
        grid={showGrid ? grid : null}
        compare={
          right && layer
            ? { right, leftLabel: `${t('results.compare.thisReport')} · ${t(`results.layers.${layer}`)}` }
            : null
        }
      />
      <Paper
        pos="absolute"
        top={12}
        left={12}
        p="sm"
        w={small ? 'calc(100% - 80px)' : 280}
        shadow="md"
        style={{ zIndex: 2, maxHeight: 'calc(100% - 24px)', overflowY: 'auto' }}
      >
        <UnstyledButton
          onClick={panel.toggle}
          w="100%"
          aria-expanded={panelOpen}
          data-testid="results-panel-toggle"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {t('results.panel')}
            </Text>
            {panelOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          </Group>
        </UnstyledButton>
        <Collapse expanded={panelOpen}>
          <Stack gap="sm" mt="xs">
            <LayerControls
              layers={layers}
              layer={layer}
              onLayer={setLayer}
              opacity={opacity}
              onOpacity={setOpacity}
              surfaceMap={results.surfaceMap}
              vigour={{
                counts,
                state: vigour.isError ? 'error' : vigour.data ? 'ready' : 'loading',
              }}
            />
            <CompareControls results={results} choice={compare} onChoice={setCompare} />
            {grid && grid.cells.length > 0 && (
              <Switch
                label={t('results.grid.toggle')}
                checked={showGrid}
                onChange={(event) => setShowGrid(event.currentTarget.checked)}
                data-testid="results-grid-toggle"
              />
            )}
            {showGrid && grid && <StressGridLegend grid={grid} />}
            <Text size="sm" data-testid="results-plant-count">
              {plantCount > 0
                ? t('results.plantCount', { count: plantCount, photos: results.photos.length })
                : t('results.noPlants')}
            </Text>
            {results.pdfUrl && (
              <Button
                component="a"
                href={results.pdfUrl}
                target="_blank"
                rel="noopener"
                leftSection={<IconFileTypePdf size={16} />}
                fullWidth
                data-testid="results-download-pdf"
              >
                {t('results.downloadReport')}
              </Button>
            )}
            {results.canExportAnnotations && (
              <Button
                component="a"
                href={`/api/annotations/export?report=${encodeURIComponent(reportUuid)}`}
                download
                variant="light"
                leftSection={<IconTagsFilled size={16} />}
                fullWidth
                data-testid="results-export-annotations"
              >
                {t('results.exportAnnotations')}
              </Button>
            )}
            {agroHistory && (
              <Button
                variant="light"
                leftSection={<IconPlant2 size={16} />}
                onClick={agro.open}
                fullWidth
                data-testid="results-agro-open"
              >
                {t('results.agroHistory')}
              </Button>
            )}
          </Stack>
        </Collapse>
      </Paper>
      {agroHistory && (
        <Drawer
          opened={agroOpen}
          onClose={agro.close}
          position="right"
          size="xl"
          title={t('results.agroHistory')}
          data-testid="results-agro-drawer"
        >
          {agroOpen && agroHistory}
        </Drawer>
      )}
      {hd && photo && (
        <HdViewer
          reportUuid={reportUuid}
          photo={photo}
          selectedBoxId={selected?.boxId ?? null}
          onSelectBox={(boxId) =>
            setSelected(boxId ? { base: photo.base, boxId } : { base: photo.base, boxId: '' })
          }
          canAnnotate={results.canAnnotate}
          onClose={() => setHd(false)}
        />
      )}
    </Box>
  );
}

/** Plants too close to split even at the deepest zoom: pick one. */
function ClusterList({
  results,
  plants,
  onPick,
}: {
  results: ReportResultsView;
  plants: PlantRef[];
  onPick: (plant: PlantRef) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="results-cluster-list" mah={260} style={{ overflowY: 'auto' }}>
      <Text size="sm" fw={600}>
        {t('results.clusterTitle', { count: plants.length })}
      </Text>
      {plants.map((plant) => {
        const box = results.photos
          .find((p) => p.base === plant.base)
          ?.boxes.find((b) => b.id === plant.boxId);
        if (!box) return null;
        return (
          <UnstyledButton key={plant.boxId} onClick={() => onPick(plant)} data-testid="results-cluster-plant">
            <Group gap={6} wrap="nowrap">
              <Box w={12} h={12} style={{ borderRadius: '50%', background: stressColourHex(box.colour) }} />
              <Text size="sm">{box.comment || t(classKey(box.className))}</Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
