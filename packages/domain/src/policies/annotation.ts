import type { Role } from '../roles/roles.ts';

/**
 * Who may download annotated plants as a labelled set (crops, boxes, factors) for training
 * detection models: the administrator and the operations administrator, who run the analysis and
 * its quality. Customers annotate their own plants but never receive other customers' photos; the
 * financial and marketing staff have no use for them; drone crews only upload. See docs/decisions/datasets.md.
 */
export const ANNOTATION_EXPORT_ROLES: readonly Role[] = ['admin', 'operation_admin'];

export function mayExportAnnotations(role: string): boolean {
  return (ANNOTATION_EXPORT_ROLES as readonly string[]).includes(role);
}
