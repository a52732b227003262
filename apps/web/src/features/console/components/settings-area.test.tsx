// @vitest-environment jsdom
import type { DeployStatusView, StaffChatMessage } from '@ampelos/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeWebSocket } from '../../../test/fake-websocket.ts';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { SettingsArea } from './settings-area.tsx';

const status = (overrides: Partial<DeployStatusView> = {}): DeployStatusView => ({
  configured: true,
  method: 'command',
  running: false,
  lastRun: null,
  ...overrides,
});

const chatMessage = (overrides: Partial<StaffChatMessage> = {}): StaffChatMessage => ({
  id: 'm1',
  authorUuid: 'a2',
  initials: 'NE',
  name: 'Nikos Evangelou',
  text: 'Nemea shoot moved to Friday',
  sentAt: '2025-06-02T09:15:00.000Z',
  ...overrides,
});

async function openTab(name: 'Agro' | 'Deploy' | 'Chat') {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('settings-toggle'));
  await user.click(await screen.findByRole('tab', { name }));
  return user;
}

describe('SettingsArea', () => {
  it('is not shown to roles without the dashboard tools', () => {
    renderWithProviders(<SettingsArea />, { user: userOf('operation_admin') });
    expect(screen.queryByTestId('settings-area')).toBeNull();
  });

  it('says plainly that the agro jobs are not available while the server has none', async () => {
    installFakeWebSocket();
    mockApi({ 'GET /api/openapi.json': () => ({ body: { paths: { '/api/deploy': { get: {} } } } }) });
    renderWithProviders(<SettingsArea />, { user: userOf('admin') });
    await openTab('Agro');
    expect((await screen.findByTestId('agro-unavailable')).textContent).toContain('Not available yet');
    expect(screen.queryByRole('button', { name: /run/i })).toBeNull();
  });

  it('offers the agro jobs the server has and shows what a run did', async () => {
    installFakeWebSocket();
    const api = mockApi({
      'GET /api/openapi.json': () => ({
        body: {
          paths: {
            '/api/agro/createPolygons': { post: {} },
            '/api/agro/deleteReportsSoilData': { get: {} },
            '/api/agro/getSoilData': { get: {} },
          },
        },
      }),
      'POST /api/agro/createPolygons': () => ({ body: { agroIdsCreated: 12, failed: [] } }),
      'GET /api/agro/deleteReportsSoilData': () => ({ body: { deleted: 3 } }),
    });
    renderWithProviders(<SettingsArea />, { user: userOf('admin') });
    const user = await openTab('Agro');
    const jobs = await screen.findAllByTestId('agro-job');
    expect(jobs.map((job) => job.dataset.job)).toEqual(['createPolygons', 'deleteReportsSoilData']);

    await user.click(within(jobs[0] as HTMLElement).getByTestId('agro-job-run'));
    expect((await screen.findByTestId('agro-job-result')).textContent).toBe(
      'Done. agroIdsCreated: 12 · failed: 0',
    );

    // A job that deletes asks first.
    await user.click(within(jobs[1] as HTMLElement).getByTestId('agro-job-run'));
    expect(api.calls.some((call) => call.path === '/api/agro/deleteReportsSoilData')).toBe(false);
    await user.click(within(jobs[1] as HTMLElement).getByTestId('agro-job-confirm'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/api/agro/deleteReportsSoilData')).toBe(true),
    );
  });

  it('disables Deploy with the reason when the server has nothing configured', async () => {
    installFakeWebSocket();
    mockApi({ 'GET /api/deploy': () => ({ body: status({ configured: false, method: null }) }) });
    renderWithProviders(<SettingsArea />, { user: userOf('admin') });
    await openTab('Deploy');
    expect((await screen.findByTestId('deploy-not-configured')).textContent).toContain('DEPLOY_COMMAND');
    expect((screen.getByTestId('deploy-run') as HTMLButtonElement).disabled).toBe(true);
  });

  it('deploys after a confirmation and shows the output as it streams', async () => {
    installFakeWebSocket();
    const calls: string[] = [];
    let finishedRuns = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      calls.push(`${init.method ?? 'GET'} ${path}`);
      if (path === '/api/deploy') {
        return Response.json(
          finishedRuns === 0
            ? status()
            : status({
                lastRun: {
                  at: '2025-06-02T09:20:00.000Z',
                  by: 'Eleni Papadopoulou',
                  method: 'command',
                  outcome: 'succeeded',
                  code: 0,
                },
              }),
        );
      }
      const encoder = new TextEncoder();
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('Deploy to production (command) started\n'));
          controller.enqueue(encoder.encode('migrating…\n'));
          controller.enqueue(encoder.encode('[succeeded: exit code 0]\n'));
          finishedRuns += 1;
          controller.close();
        },
      });
      expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
      return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    });
    renderWithProviders(<SettingsArea />, { user: userOf('admin') });
    const user = await openTab('Deploy');
    await user.click(await screen.findByTestId('deploy-run'));
    expect(calls).not.toContain('GET /api/deploy/production');
    await user.click(await screen.findByTestId('deploy-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('deploy-output').textContent).toContain('[succeeded: exit code 0]'),
    );
    expect(screen.getByTestId('deploy-output').textContent).toContain('migrating…');
    expect(await screen.findByTestId('deploy-last-run')).toBeTruthy();
    expect(calls.filter((call) => call === 'GET /api/deploy/production')).toHaveLength(1);
  });

  it('joins the chat and the server log, shows messages with initials and sends what is typed', async () => {
    const Sockets = installFakeWebSocket();
    renderWithProviders(<SettingsArea />, { user: userOf('admin', { uuid: 'a1' }) });
    const user = await openTab('Chat');
    const socket = Sockets.latest();
    act(() => socket.open());
    expect(socket.sent).toEqual([
      { type: 'join', channel: 'chat' },
      { type: 'join', channel: 'logs' },
    ]);
    act(() => {
      socket.receive({ type: 'channel', channel: 'chat', joined: true });
      socket.receive({ type: 'chat', messages: [chatMessage()] });
      socket.receive({ type: 'channel', channel: 'logs', joined: true });
      socket.receive({ type: 'log', lines: ['{"msg":"request completed"}'], dropped: 0 });
    });
    const [line] = within(screen.getByTestId('chat-messages')).getAllByTestId('chat-message');
    expect(line?.textContent).toContain('NE');
    expect(line?.textContent).toContain('Nemea shoot moved to Friday');
    expect(screen.getByTestId('server-log-line').textContent).toBe('request completed');

    await user.type(screen.getByTestId('chat-input'), 'On my way');
    await user.click(screen.getByTestId('chat-send'));
    expect(socket.sent.at(-1)).toEqual({ type: 'send', channel: 'chat', text: 'On my way' });
    expect((screen.getByTestId('chat-input') as HTMLInputElement).value).toBe('');

    // The server's refusal is shown; the same message sent again over a reconnect is shown once.
    act(() => {
      socket.receive({ type: 'error', msg: 'You are sending messages too fast; please wait a moment' });
      socket.receive({ type: 'chat', messages: [chatMessage()] });
    });
    expect(screen.getByTestId('chat-error').textContent).toContain('too fast');
    expect(within(screen.getByTestId('chat-messages')).getAllByTestId('chat-message')).toHaveLength(1);
  });
});
