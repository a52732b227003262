import type { DatasetFileView, DatasetView } from '@ampelos/domain';
import { Badge, Group, Paper, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function FileRow({ file }: { file: DatasetFileView }) {
  const { t } = useTranslation();
  const accepted = file.status === 'accepted';
  const reason = file.reason ? t(`datasets.reasons.${file.reason}`) : '';
  return (
    <Table.Tr data-testid="dataset-file" data-status={file.status}>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {file.path}
        </Text>
      </Table.Td>
      <Table.Td w={120}>
        <Badge color={accepted ? 'green' : 'red'} variant="light">
          {accepted ? t('datasets.files.accepted') : t('datasets.files.rejected')}
        </Badge>
      </Table.Td>
      <Table.Td>
        {accepted ? (
          <Text size="sm" c="dimmed">
            {file.kind ? t(`datasets.kinds.${file.kind}`) : ''}
          </Text>
        ) : (
          <Tooltip label={file.message ?? reason} disabled={!file.message} multiline maw={360}>
            <Text size="sm" data-testid="dataset-file-reason">
              {reason}
            </Text>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The verdict for every file of a dataset: accepted, or rejected and why (rejected first). */
export function DatasetFilesList({ dataset }: { dataset: DatasetView }) {
  const { t } = useTranslation();
  if (dataset.files.length === 0) return null;
  return (
    <Paper withBorder p="sm" data-testid="dataset-files">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('datasets.files.title')}
          </Text>
          <Badge color="green" variant="light">
            {t('datasets.files.acceptedCount', { count: dataset.filesAccepted })}
          </Badge>
          {dataset.filesRejected > 0 && (
            <Badge color="red" variant="light">
              {t('datasets.files.rejectedCount', { count: dataset.filesRejected })}
            </Badge>
          )}
        </Group>
        <ScrollArea.Autosize mah={320}>
          <Table striped verticalSpacing={4}>
            <Table.Tbody>
              {dataset.files.map((file) => (
                <FileRow key={file.path} file={file} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {dataset.filesTruncated && (
          <Text size="xs" c="dimmed">
            {t('datasets.files.truncated', { count: dataset.files.length })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
