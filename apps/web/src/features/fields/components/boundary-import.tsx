import { Alert, Button, FileButton, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHectares, type Ring } from '../../../components/map/index.ts';
import {
  BOUNDARY_FILE_ACCEPT,
  type BoundaryCandidate,
  BoundaryImportError,
  parseBoundaryFile,
} from '../boundary/parse-boundary.ts';
import classes from './fields.module.css';

/**
 * Import a boundary instead of drawing: KML, KMZ, GeoJSON or a zipped Shapefile. A file with several
 * polygons opens a chooser (name and area); the chosen ring goes to the drawing.
 */
export function BoundaryImport({ onRing }: { onRing: (ring: Ring, title: string) => void }) {
  const { t } = useTranslation();
  const resetRef = useRef<() => void>(null);
  const [candidates, setCandidates] = useState<BoundaryCandidate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const found = await parseBoundaryFile(file.name, await file.arrayBuffer());
      if (found.length === 1 && found[0]) onRing(found[0].ring, found[0].title);
      else setCandidates(found);
    } catch (problem) {
      const code = problem instanceof BoundaryImportError ? problem.code : 'unreadable';
      setError(t(`fields.import.errors.${code}`));
    } finally {
      setBusy(false);
      resetRef.current?.();
    }
  };

  return (
    <Stack gap="xs">
      <FileButton
        onChange={(file) => void onFile(file)}
        accept={BOUNDARY_FILE_ACCEPT}
        resetRef={resetRef}
        inputProps={{ 'aria-label': t('fields.new.import'), ...{ 'data-testid': 'boundary-import-input' } }}
      >
        {(props) => (
          <Button variant="default" leftSection={<IconFileImport size={16} />} loading={busy} {...props}>
            {t('fields.new.import')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('fields.new.importHint')}
      </Text>
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)} data-testid="boundary-import-error">
          {error}
        </Alert>
      )}
      <Modal
        opened={candidates !== null}
        onClose={() => setCandidates(null)}
        title={t('fields.new.chooseTitle')}
      >
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            {t('fields.new.chooseText')}
          </Text>
          {candidates?.map((candidate, index) => (
            <UnstyledButton
              // Titles may repeat; the order in the file does not change while the chooser is open.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className={classes.option}
              onClick={() => {
                setCandidates(null);
                onRing(candidate.ring, candidate.title);
              }}
              data-testid="boundary-candidate"
            >
              <Text size="sm">{candidate.title}</Text>
              <Text size="xs" c="dimmed">
                {t('fields.hectaresValue', { value: formatHectares(candidate.area) })}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Modal>
    </Stack>
  );
}
