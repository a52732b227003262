import type { UserView } from '@ampelos/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { type AppLang, i18n } from '../lib/i18n.ts';
import { USER_QUERY_KEY } from '../lib/react-query.ts';

export interface RenderOptions {
  /** The URL the component starts at. */
  route?: string;
  lang?: AppLang;
  queryClient?: QueryClient;
  /** The signed-in user, cached before the first render as the app's session probe would. */
  user?: UserView;
}

/** Renders with the app's providers (Mantine, notifications, a fresh query cache, i18n, a router). */
export function renderWithProviders(
  ui: ReactNode,
  { route = '/', lang = 'en', queryClient, user }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  void i18n.changeLanguage(lang);
  const client =
    queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (user) client.setQueryData(USER_QUERY_KEY, user);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient: client };
}

type Handler = (request: { method: string; path: string; body: unknown }) => {
  status?: number;
  body?: unknown;
};

/**
 * Replaces `fetch` with a table of `"METHOD /api/path"` → answer, and records every call.
 * An unlisted request fails the test loudly (answers 599).
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? null);
    const call = { method, path, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ errors: [{ msg: `unmocked ${method} ${path}` }] }), {
        status: 599,
      });
    const answer = handler(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}
