import { canTransition, type TransitionTable } from './transition.ts';

/** Shoot statuses of spec section 4, in their order. */
export const SHOOT_STATUSES = [
  'unassigned',
  'assigned_to_drone_admin',
  'assigned_to_drone_operator',
  'confirmed_shoot_dates',
  'complete',
] as const;
export type ShootStatus = (typeof SHOOT_STATUSES)[number];

/** Short labels of the shoots screen. */
export const SHOOT_STATUS_LABELS: Record<ShootStatus, string> = {
  unassigned: 'Unassigned',
  assigned_to_drone_admin: 'Assigned DA',
  assigned_to_drone_operator: 'Assigned DO',
  confirmed_shoot_dates: 'Confirmed',
  complete: 'Complete',
};

/** Long labels seen on reports (drone_admin is shown as Drone Operator, drone_operator as Drone Pilot). */
export const SHOOT_STATUS_LONG_LABELS: Record<ShootStatus, string> = {
  unassigned: 'Unassigned',
  assigned_to_drone_admin: 'Assigned to Drone Operator',
  assigned_to_drone_operator: 'Assigned to Drone Pilot',
  confirmed_shoot_dates: 'Confirmed Photo Shoot Dates',
  complete: 'Complete',
};

export const SCHEDULE_TYPES = ['fixed', 'flexible'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export function isShootStatus(value: unknown): value is ShootStatus {
  return typeof value === 'string' && (SHOOT_STATUSES as readonly string[]).includes(value);
}

/** Short label of a shoot status; anything unrecognised reads "Unknown Status". */
export function shootStatusLabel(status: unknown): string {
  return isShootStatus(status) ? SHOOT_STATUS_LABELS[status] : 'Unknown Status';
}

/**
 * Forward sequence, plus the cases the spec describes:
 * - administrators may assign a pilot directly, so unassigned may go to assigned_to_drone_operator;
 * - staff may fix the dates before anyone is assigned: the first assignment then finds the days set
 *   and goes straight to confirmed_shoot_dates (unassigned → confirmed_shoot_dates);
 * - an assignment may be changed before dates are confirmed (another organisation, another pilot),
 *   which keeps the status (assigned_to_drone_admin → itself, assigned_to_drone_operator → itself);
 * - Confirm Dates shows as soon as a drone admin is assigned, so assigned_to_drone_admin may go
 *   straight to confirmed_shoot_dates;
 * - once dates are confirmed the final shoot day can be set or reset (and a pilot assigned), which
 *   keeps the shoot in confirmed_shoot_dates (confirmed_shoot_dates → confirmed_shoot_dates).
 * Other transitions are not shown by the spec and are refused. complete is final.
 */
export const SHOOT_STATUS_TRANSITIONS: TransitionTable<ShootStatus> = {
  unassigned: ['assigned_to_drone_admin', 'assigned_to_drone_operator', 'confirmed_shoot_dates'],
  assigned_to_drone_admin: ['assigned_to_drone_admin', 'assigned_to_drone_operator', 'confirmed_shoot_dates'],
  assigned_to_drone_operator: ['assigned_to_drone_operator', 'confirmed_shoot_dates'],
  confirmed_shoot_dates: ['confirmed_shoot_dates', 'complete'],
  complete: [],
};

/** Whether a shoot may move from one status to another (see SHOOT_STATUS_TRANSITIONS). */
export function canTransitionShoot(from: string, to: string): boolean {
  return canTransition(SHOOT_STATUS_TRANSITIONS, from, to);
}

/** A shoot needs assignment when it is unassigned and its report is processing_pending. */
export function shootNeedsAssignment(shootStatus: string, reportStatus: string): boolean {
  return shootStatus === 'unassigned' && reportStatus === 'processing_pending';
}
