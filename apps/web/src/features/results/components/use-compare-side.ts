import { MAP, type ReportResultsView } from '@ampelos/domain';
import { useTranslation } from 'react-i18next';
import { ringBounds } from '../../../components/map/index.ts';
import { useReportResults } from '../api/get-report-results.ts';
import { type CompareChoice, defaultCompareLayer, reportLabel } from './compare-controls.tsx';
import type { SwipeSide } from './swipe-compare.tsx';

/** Bounds of a report's tiles: the field with a margin (photos may lie up to 30 m outside it). */
export function tileBounds(ring: [number, number][] | null): [number, number, number, number] | undefined {
  const bounds = ring ? ringBounds(ring) : null;
  if (!bounds) return undefined;
  const [[west, south], [east, north]] = bounds;
  const margin = 0.002;
  return [west - margin, south - margin, east + margin, north + margin];
}

/** The raster and label of the swipe's right side, once the chosen report's tiles are known. */
export function useCompareSide(results: ReportResultsView, choice: CompareChoice | null): SwipeSide | null {
  const { t } = useTranslation();
  const otherUuid = choice && choice.reportUuid !== results.uuid ? choice.reportUuid : null;
  const other = useReportResults(otherUuid ?? '', otherUuid !== null);
  const source = otherUuid ? other.data : results;
  if (!choice || !source?.tileZoom) return null;
  const layer =
    choice.layer && source.layers.includes(choice.layer) ? choice.layer : defaultCompareLayer(source.layers);
  if (!layer) return null;
  const sibling = results.siblings.find((s) => s.uuid === otherUuid);
  const reportName = sibling ? reportLabel(sibling) : t('results.compare.thisReport');
  const bounds = tileBounds(results.field.polygonPoints);
  return {
    overlay: {
      tiles: [`${window.location.origin}${source.tileUrlTemplate.replace('{layer}', layer)}`],
      minZoom: source.tileZoom.min,
      maxZoom: Math.min(source.tileZoom.maxByLayer[layer] ?? source.tileZoom.max, MAP.rasterMaxZoom),
      ...(bounds ? { bounds } : {}),
    },
    label: `${reportName} · ${t(`results.layers.${layer}`)}`,
  };
}
