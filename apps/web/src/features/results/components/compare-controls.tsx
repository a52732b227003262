import { type MapLayer, type ReportResultsView, reportName } from '@ampelos/domain';
import { Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useReportResults } from '../api/get-report-results.ts';

/** What the right side of the swipe shows: a layer of this report or of another of the field's reports. */
export interface CompareChoice {
  reportUuid: string;
  layer: MapLayer | null;
}

interface CompareControlsProps {
  results: ReportResultsView;
  choice: CompareChoice | null;
  onChoice: (choice: CompareChoice | null) => void;
}

/** The right side opens on a layer other than Plant Stress (the left side's usual one) when there is one. */
export function defaultCompareLayer(layers: readonly MapLayer[]): MapLayer | null {
  return layers.find((layer) => layer !== 'ai') ?? layers[0] ?? null;
}

/**
 * A report's name in the picker, as the report panel names it (`reportName`): the final day of its shoot
 * or its processing date as the field page writes dates (DD/MM/YY in every language), else # and four
 * characters of its id. Siblings are completed reports.
 */
export function reportLabel(report: {
  uuid: string;
  processedAt: string | null;
  finalShootDay: string | null;
}): string {
  const name = reportName(
    { uuid: report.uuid, status: 'complete', processedAt: report.processedAt },
    { shootDays: { final: report.finalShootDay } },
  );
  return name.kind === 'date' ? formatDate(name.date) : name.text;
}

/** The swipe comparison's switch and its right side: which report, which layer. */
export function CompareControls({ results, choice, onChoice }: CompareControlsProps) {
  const { t } = useTranslation();
  const other = choice && choice.reportUuid !== results.uuid ? choice.reportUuid : null;
  const otherResults = useReportResults(other ?? '', other !== null);
  const layers = other ? (otherResults.data?.layers ?? []) : results.layers;
  const reports = [
    { value: results.uuid, label: t('results.compare.thisReport') },
    ...results.siblings.map((sibling) => ({
      value: sibling.uuid,
      label: reportLabel(sibling),
    })),
  ];

  if (results.layers.length === 0) return null;
  return (
    <Stack gap="xs">
      <Switch
        label={t('results.compare.toggle')}
        checked={choice !== null}
        onChange={(event) =>
          onChoice(
            event.currentTarget.checked
              ? { reportUuid: results.uuid, layer: defaultCompareLayer(results.layers) }
              : null,
          )
        }
        data-testid="results-compare-toggle"
      />
      {choice && (
        <>
          <Select
            label={t('results.compare.report')}
            data={reports}
            value={choice.reportUuid}
            onChange={(value) => value && onChoice({ reportUuid: value, layer: null })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-testid="results-compare-report"
          />
          {other && otherResults.isPending ? null : layers.length > 0 ? (
            <Select
              label={t('results.compare.layer')}
              data={layers.map((value) => ({ value, label: t(`results.layers.${value}`) }))}
              value={
                choice.layer && layers.includes(choice.layer) ? choice.layer : defaultCompareLayer(layers)
              }
              onChange={(value) => value && onChoice({ ...choice, layer: value as MapLayer })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              data-testid="results-compare-layer"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('results.noLayers')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
