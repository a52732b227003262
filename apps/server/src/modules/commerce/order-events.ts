import { ROLES, roleCan } from '@ampelos/domain';
import type { Logger } from '../../platform/logger.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import { type OrderMailKind, renderOrderMail } from './order-mails.ts';
import type { OrderDocumentIssuer } from './order-pdf.ts';
import { summariseOrder } from './order-summary.ts';
import type { OrderRecipient, OrderWithDetails } from './repository.ts';

/** What happens around an order after its transaction committed. */
export interface OrderEvents {
  placed(order: OrderWithDetails): Promise<void>;
  statusChanged(order: OrderWithDetails): Promise<void>;
}

/** Roles told about new orders: those who may confirm them. */
export const ORDER_STAFF_ROLES = ROLES.filter((role) => roleCan(role, 'update', 'AdminOrders'));

/** The notification's view of an order (spec section 3: createdAt, numOfReport). */
const orderDetails = ({ order, reports }: OrderWithDetails) => ({
  uuid: order.uuid,
  id: order.id,
  createdAt: order.createdAt.toISOString(),
  numOfReport: reports.length,
});

export function createOrderEvents(deps: {
  notify: Notify;
  mail: MailService;
  /** Users holding one of the roles. */
  usersWithRoles: (roles: readonly string[]) => Promise<OrderRecipient[]>;
  issuer: OrderDocumentIssuer;
  publicUrl: string;
  logger: Logger;
}): OrderEvents {
  async function mail(kind: OrderMailKind, to: OrderRecipient, order: OrderWithDetails) {
    const message = renderOrderMail({
      kind,
      recipient: to,
      details: order,
      summary: summariseOrder(order),
      issuer: deps.issuer,
      publicUrl: deps.publicUrl,
    });
    await deps.mail.queueMessage({ to: to.email, template: kind, message });
  }

  /**
   * The order is committed whatever happens here: a failure is logged, not answered to the customer
   * (who would retry an order that exists).
   */
  async function safely(what: string, order: OrderWithDetails, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      deps.logger.error({ err: error, orderId: order.order.id }, `order ${what}: notification failed`);
    }
  }

  return {
    async placed(order) {
      await safely('placed', order, async () => {
        const customer = order.user;
        const staff = (await deps.usersWithRoles(ORDER_STAFF_ROLES)).filter((u) => u.id !== customer.id);
        const details = { type: 'order', order: orderDetails(order) };
        await deps.notify([customer.id], 'new_report', details);
        await deps.notify(
          staff.map((u) => u.id),
          'new_report',
          { ...details, customer: { firstName: customer.firstName, lastName: customer.lastName } },
        );
        await mail('order_placed', customer, order);
        for (const member of staff) await mail('order_to_verify', member, order);
      });
    },

    async statusChanged(order) {
      await safely('status change', order, async () => {
        await deps.notify([order.user.id], 'order_status_update', {
          newStatus: order.order.status,
          order: orderDetails(order),
        });
        if (order.order.status === 'complete') await mail('order_completed', order.user, order);
      });
    },
  };
}
