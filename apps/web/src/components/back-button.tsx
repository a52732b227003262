import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** The "back to the list" link of a list screen's detail on narrow screens. */
export function BackButton({
  onClick,
  label,
  testId,
}: {
  onClick: () => void;
  label: string;
  testId: string;
}) {
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={onClick}
      w="fit-content"
      px={0}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
