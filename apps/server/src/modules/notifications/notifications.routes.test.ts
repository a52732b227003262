import { NOTIFICATIONS_PAGE_SIZE, type NotificationsAnswer } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNotificationRepository } from './repository.ts';
import { createNotificationService, type Notify } from './service.ts';

let ctx: TestApp;
let notify: Notify;
beforeAll(async () => {
  ctx = await createTestApp();
  notify = createNotificationService({ notifications: createNotificationRepository(ctx.database.db) }).notify;
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (http: Client, query = ''): Promise<NotificationsAnswer> =>
  (await http.get(`/api/notifications${query}`)).json();

describe('notifications', () => {
  it('lists the reader’s own notifications newest first with the unread count', async () => {
    const reader = await signedInClient(ctx, { role: 'b2c_admin' });
    const other = await signedInClient(ctx, { role: 'b2c_admin' });
    expect(await list(reader.http)).toEqual({ data: [], unread: 0 });

    await notify([reader.user.id], 'new_field', { field: { title: 'North' } });
    await notify([reader.user.id, other.user.id, reader.user.id], 'order_status_update', {
      newStatus: 'complete',
      order: { uuid: 'x', createdAt: '2026-01-05T10:00:00.000Z', numOfReport: 3 },
    });

    const answer = await list(reader.http);
    expect(answer.unread).toBe(2);
    expect(answer.data.map((n) => n.type)).toEqual(['order_status_update', 'new_field']);
    expect(answer.data[0]).toMatchObject({
      read: false,
      details: { newStatus: 'complete', order: { numOfReport: 3 } },
    });
    expect(Date.parse(answer.data[0]?.createdAt ?? '')).not.toBeNaN();
    // A recipient listed twice gets one notification; the other user only theirs.
    expect((await list(other.http)).data).toHaveLength(1);
  });

  it('marks some or all read and filters the unread ones', async () => {
    const reader = await signedInClient(ctx, { role: 'drone_operator' });
    const other = await signedInClient(ctx, { role: 'drone_operator' });
    for (const title of ['A', 'B', 'C']) await notify([reader.user.id], 'new_field', { field: { title } });
    await notify([other.user.id], 'new_field', { field: { title: 'Theirs' } });
    const [newest, , oldest] = (await list(reader.http)).data;
    const theirs = (await list(other.http)).data[0]?.uuid ?? '';

    const some = await reader.http.put('/api/notifications/read', { uuids: [newest?.uuid, theirs] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ unread: 2 });
    const unread = await list(reader.http, '?type=unread');
    expect(unread.unread).toBe(2);
    expect(unread.data.map((n) => n.details.field)).toEqual([{ title: 'B' }, { title: 'A' }]);
    expect((await list(reader.http)).data.find((n) => n.uuid === newest?.uuid)?.read).toBe(true);
    // Someone else's uuid changes nothing of theirs.
    expect((await list(other.http)).unread).toBe(1);

    expect((await reader.http.put('/api/notifications/read', {})).json()).toEqual({ unread: 0 });
    expect((await list(reader.http, '?type=unread')).data).toEqual([]);
    expect((await list(reader.http)).data.find((n) => n.uuid === oldest?.uuid)?.read).toBe(true);
    expect((await reader.http.put('/api/notifications/read')).json()).toEqual({ unread: 0 });
    expect((await list(other.http)).unread).toBe(1);
  });

  it(`answers at most ${NOTIFICATIONS_PAGE_SIZE}, refuses bad input and anonymous callers`, async () => {
    const reader = await signedInClient(ctx, { role: 'b2b_user' });
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 5; i++) {
      await notify([reader.user.id], 'new_field', { field: { title: `F${i}` } });
    }
    const answer = await list(reader.http);
    expect(answer.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(answer.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 5);
    expect(answer.data[0]?.details).toEqual({ field: { title: `F${NOTIFICATIONS_PAGE_SIZE + 4}` } });

    expect((await reader.http.get('/api/notifications?type=everything')).statusCode).toBe(400);
    expect((await reader.http.put('/api/notifications/read', { uuids: ['not-a-uuid'] })).statusCode).toBe(
      400,
    );
    expect((await ctx.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
