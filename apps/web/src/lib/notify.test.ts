import { beforeEach, describe, expect, it, vi } from 'vitest';

const hidden: string[] = [];
let next = 0;
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: () => {
      next += 1;
      return `toast-${next}`;
    },
    hide: (id: string) => hidden.push(id),
  },
}));

const { closeToastsOfPreviousPage, notifySuccess } = await import('./notify.ts');

describe('toasts when the page changes', () => {
  beforeEach(() => {
    hidden.length = 0;
    vi.useRealTimers();
  });

  it('closes the toasts of the page left, and keeps one shown as the page changed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-20T10:00:00Z'));
    notifySuccess('Saved on the old page');
    vi.setSystemTime(new Date('2026-05-20T10:00:03Z'));
    notifySuccess('Field created');
    closeToastsOfPreviousPage(Date.parse('2026-05-20T10:00:03.200Z'));
    expect(hidden).toEqual(['toast-1']);
    // A later change closes the one carried over.
    closeToastsOfPreviousPage(Date.parse('2026-05-20T10:00:06Z'));
    expect(hidden).toEqual(['toast-1', 'toast-2']);
  });
});
