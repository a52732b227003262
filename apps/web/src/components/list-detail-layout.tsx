import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListDetailLayoutProps {
  /** Under the small-screen breakpoint: the list, or the chosen item alone. */
  small: boolean;
  /** Something is chosen (in the URL): on a small screen its detail replaces the list and header. */
  chosen: boolean;
  header: ReactNode;
  list: ReactNode;
  detail: ReactNode;
  /** Modals and the like, outside the two panes. */
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * A list screen: the header and list on the left, the chosen item's detail on the right. Both panes keep
 * their places in the tree at every width, so a resize or a rotation across the breakpoint does not
 * remount the detail and close what is open in it (a results view, an upload, a form).
 */
export function ListDetailLayout({
  small,
  chosen,
  header,
  list,
  detail,
  children,
  'data-testid': testId,
}: ListDetailLayoutProps) {
  const showList = !small || !chosen;
  const showDetail = !small || chosen;
  return (
    <Stack data-testid={testId}>
      {showList && header}
      <Grid gap="lg">
        {showList && <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>{list}</Grid.Col>}
        {showDetail && <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{detail}</Grid.Col>}
      </Grid>
      {children}
    </Stack>
  );
}
