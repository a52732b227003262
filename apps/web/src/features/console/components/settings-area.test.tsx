// @vitest-environment jsdom
import type { AgroRunView, DeployStatusView, StaffChatMessage } from '@ampelos/domain';
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

const agroRun = (overrides: Partial<AgroRunView>): AgroRunView => ({
  id: 'r1',
  kind: 'populateReportsSoilData',
  status: 'queued',
  requestedBy: 'Eleni Papadaki',
  total: null,
  done: 0,
  updated: 0,
  failed: 0,
  createdAt: '2025-06-02T09:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  error: null,
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

  it('offers every agro job with the progress of its latest run, kept live by the agro channel', async () => {
    const Sockets = installFakeWebSocket();
    const soil = agroRun({ id: 'r1', kind: 'populateReportsSoilData', status: 'running', done: 2, total: 5 });
    mockApi({ 'GET /api/agro/runs': () => ({ body: { data: [soil] } }) });
    renderWithProviders(<SettingsArea />, { user: userOf('admin') });
    await openTab('Agro');
    const jobs = await screen.findAllByTestId('agro-job');
    expect(jobs.map((job) => job.dataset.job)).toEqual([
      'createPolygons',
      'populateReportsSoilData',
      'populateReportsSatelliteImgs',
      'populateReportsSatelliteStats',
      'populateReportsShootDays',
      'deleteReportsSoilData',
      'deleteReportsSatelliteImgs',
      'refreshReports',
    ]);
    const soilRow = jobs[1] as HTMLElement;
    expect(within(soilRow).getByTestId('agro-run-progress').textContent).toContain('2 of 5 reports');
    expect(within(soilRow).getByTestId('agro-run').textContent).toContain('by Eleni Papadaki');

    const socket = Sockets.latest();
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'join', channel: 'agro' }]);
    act(() => {
      socket.receive({ type: 'channel', channel: 'agro', joined: true });
      socket.receive({
        type: 'agro-run',
        runs: [{ ...soil, status: 'done', done: 5, updated: 4, failed: 1 }],
      });
    });
    await waitFor(() =>
      expect(within(soilRow).getByTestId('agro-run-progress').textContent).toBe(
        '5 of 5 reports · 4 updated, 1 without data',
      ),
    );
    expect(within(soilRow).getByTestId('agro-run').dataset.status).toBe('done');
    expect(screen.getByTestId('agro-live').textContent).toBe('Progress is shown live.');
  });

  it('starts a run, asks before one that deletes, and shows what registering the fields did', async () => {
    installFakeWebSocket();
    const api = mockApi({
      'GET /api/agro/runs': () => ({ body: { data: [] } }),
      'GET /api/agro/populateReportsSatelliteStats': () => ({
        body: {
          id: 'r2',
          run: agroRun({ id: 'r2', kind: 'populateReportsSatelliteStats', status: 'queued' }),
        },
      }),
      'GET /api/agro/deleteReportsSoilData': () => ({
        body: { id: 'r3', run: agroRun({ id: 'r3', kind: 'deleteReportsSoilData', status: 'queued' }) },
      }),
      'POST /api/agro/createPolygons': () => ({ body: { agroIdsCreated: 12, failed: 0 } }),
    });
    renderWithProviders(<SettingsArea />, { user: userOf('admin') });
    const user = await openTab('Agro');
    const jobs = await screen.findAllByTestId('agro-job');
    const row = (key: string) => jobs.find((job) => job.dataset.job === key) as HTMLElement;

    await user.click(within(row('populateReportsSatelliteStats')).getByTestId('agro-job-run'));
    expect((await within(row('populateReportsSatelliteStats')).findByTestId('agro-run')).dataset.status).toBe(
      'queued',
    );

    await user.click(within(row('deleteReportsSoilData')).getByTestId('agro-job-run'));
    expect(api.calls.some((call) => call.path === '/api/agro/deleteReportsSoilData')).toBe(false);
    await user.click(within(row('deleteReportsSoilData')).getByTestId('agro-job-confirm'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/api/agro/deleteReportsSoilData')).toBe(true),
    );

    await user.click(within(row('createPolygons')).getByTestId('agro-job-run'));
    expect((await screen.findByTestId('agro-job-result')).textContent).toBe(
      'Done: 12 fields registered, 0 refused.',
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
