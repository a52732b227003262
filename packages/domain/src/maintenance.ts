import { STAFF_ROLES } from './roles/roles.ts';

/** Maintenance mode: who keeps working, and what everyone else is told. */
export const MAINTENANCE_MESSAGES = {
  underMaintenance: 'Ampelos is under maintenance. Please try again in a little while.',
  switchedOn: 'Maintenance mode is on',
  switchedOff: 'Maintenance mode is off',
} as const;

/** Staff work through maintenance (they run it); customers and drone crews wait. */
export function worksDuringMaintenance(role: string | null | undefined): boolean {
  return role !== null && role !== undefined && (STAFF_ROLES as readonly string[]).includes(role);
}

export interface MaintenanceView {
  on: boolean;
  /** 'config' when MAINTENANCE_MODE is set (only the configuration can end it), else 'admin'. */
  source: 'config' | 'admin' | null;
  since: string | null;
}
