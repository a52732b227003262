import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMap2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultsModal } from './results-modal.tsx';

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
        <ResultsModal
          reportUuid={reportUuid}
          reportName={reportName}
          opened={opened}
          onClose={modal.close}
          agroHistory={agroHistory}
        />
      )}
    </>
  );
}
