import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './scroll-table.module.css';

export interface ScrollTableProps {
  /** Below this width the table scrolls sideways inside its box instead of squeezing its columns. */
  minWidth: number;
  /** What the table holds, read out when the scrolling box takes the focus. */
  label: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A table that scrolls sideways on a phone, in a named region that takes the keyboard focus so it
 * can be scrolled with the arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable`): a table of
 * plain text has nothing else to focus. Native scrolling, so the browser's keys work.
 */
export function ScrollTable({ minWidth, label, children, 'data-testid': testId }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      className={classes.region}
      data-testid={testId}
    >
      {children}
    </Table.ScrollContainer>
  );
}
