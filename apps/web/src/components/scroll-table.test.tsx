// @vitest-environment jsdom
import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { userOf } from '../test/users.ts';
import { ScrollTable } from './scroll-table.tsx';

describe('ScrollTable', () => {
  it('is a named region the keyboard can focus, so a table of plain text scrolls without a mouse', () => {
    mockApi({});
    renderWithProviders(
      <ScrollTable minWidth={720} label="Audit log">
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>plain text only</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollTable>,
      { user: userOf('admin') },
    );
    const region = screen.getByRole('region', { name: 'Audit log' });
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);
    expect(region.contains(screen.getByText('plain text only'))).toBe(true);
  });
});
