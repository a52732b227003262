import { Button, LoadingOverlay } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMap2 } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The results map, photos and HD viewer are their own chunk, fetched when results are opened.
const ResultsModal = lazy(async () => ({ default: (await import('./results-modal.tsx')).ResultsModal }));

/** "Open results" for a completed report: the full-screen results with its map and photos. */
export function ResultsButton({
  reportUuid,
  reportName,
  agroHistory,
}: {
  reportUuid: string;
  reportName: string;
  /** The agro feature's history of the report (soil, satellite, weather), composed in by the route. */
  agroHistory?: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        w="fit-content"
        leftSection={<IconMap2 size={16} />}
        onClick={modal.open}
        data-testid="results-open"
      >
        {t('results.open')}
      </Button>
      {opened && (
        <Suspense
          fallback={<LoadingOverlay visible pos="fixed" zIndex={300} data-testid="results-loading" />}
        >
          <ResultsModal
            reportUuid={reportUuid}
            reportName={reportName}
            opened={opened}
            onClose={modal.close}
            agroHistory={agroHistory}
          />
        </Suspense>
      )}
    </>
  );
}
