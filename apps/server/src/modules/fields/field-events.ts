import type { Logger } from '../../platform/logger.ts';
import type { Notify } from '../notifications/service.ts';
import type { FieldWithOwner } from './repository.ts';

/** A new field is told to operations staff (they plan shoots per field); a failure never undoes it. */
export function createFieldEvents(deps: {
  notify: Notify;
  /** Who plans shoots: the shoots module's managers. */
  staff: () => Promise<{ id: number }[]>;
  logger: Logger;
}) {
  return {
    async created({ field, owner }: FieldWithOwner) {
      try {
        const staff = await deps.staff();
        await deps.notify(
          staff.map((user) => user.id),
          'new_field',
          {
            field: { uuid: field.uuid, title: field.title, area: field.area },
            owner: { firstName: owner.firstName, lastName: owner.lastName },
          },
        );
      } catch (error) {
        deps.logger.error({ err: error }, 'new_field notification failed');
      }
    },
  };
}
