import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles.ts';
import {
  isShootCrew,
  isShootManager,
  mayListShoots,
  type ShootFacts,
  shootActions,
  shootCrewRole,
  shootScope,
} from './shoot.ts';

const today = '2026-05-10';
const base: ShootFacts = {
  status: 'unassigned',
  reportStatus: 'processing_pending',
  scheduleType: 'flexible',
  hasDateRange: true,
  hasShootDays: false,
  finalDay: null,
  droneAdminId: null,
  droneOperatorId: null,
};

describe('shoot policy', () => {
  it('scopes shoots by role', () => {
    expect(shootScope('admin')).toBe('all');
    expect(shootScope('financial_admin')).toBe('all');
    expect(shootScope('drone_admin')).toBe('organisation');
    expect(shootScope('drone_operator')).toBe('pilot');
    expect(shootScope('b2b_user')).toBe('company');
    expect(shootScope('b2c_admin')).toBe('own');
    expect(ROLES.filter(isShootManager).sort()).toEqual(['admin', 'operation_admin']);
    expect(ROLES.every(mayListShoots)).toBe(true);
  });

  it('the customer gives availability only while flexible and unassigned', () => {
    const customer = { role: 'b2b_user' as const, userId: 1 };
    expect(shootActions(customer, base, today).updateAvailability).toBe(true);
    expect(shootActions(customer, { ...base, scheduleType: 'fixed' }, today).updateAvailability).toBe(false);
    expect(
      shootActions(customer, { ...base, status: 'assigned_to_drone_admin' }, today).updateAvailability,
    ).toBe(false);
    expect(shootActions({ role: 'b2c_user', userId: 1 }, base, today).updateAvailability).toBe(false);
    expect(Object.values(shootActions(customer, base, today)).filter(Boolean)).toHaveLength(1);
  });

  it('Confirm Dates: a drone admin assigned, a date range, no shoot days, not a pilot', () => {
    const droneAdmin = { role: 'drone_admin' as const, userId: 5 };
    const assigned: ShootFacts = {
      ...base,
      status: 'assigned_to_drone_admin',
      droneAdminId: 5,
      droneOperatorId: 9,
    };
    expect(shootActions(droneAdmin, assigned, today).confirmDates).toBe(true);
    expect(shootActions({ role: 'drone_admin', userId: 6 }, assigned, today).confirmDates).toBe(false);
    expect(shootActions(droneAdmin, { ...assigned, hasDateRange: false }, today).confirmDates).toBe(false);
    expect(shootActions(droneAdmin, { ...assigned, hasShootDays: true }, today).confirmDates).toBe(false);
    expect(shootActions({ role: 'drone_operator', userId: 9 }, assigned, today).confirmDates).toBe(false);
    expect(shootActions({ role: 'admin', userId: 1 }, base, today).confirmDates).toBe(false);
  });

  it('the crew sets the final day and completes on or after it', () => {
    const pilot = { role: 'drone_operator' as const, userId: 9 };
    const confirmed: ShootFacts = {
      ...base,
      status: 'confirmed_shoot_dates',
      hasShootDays: true,
      droneOperatorId: 9,
    };
    expect(shootActions(pilot, confirmed, today)).toMatchObject({ setFinalDay: true, complete: false });
    expect(shootActions(pilot, { ...confirmed, finalDay: today }, today).complete).toBe(true);
    expect(shootActions(pilot, { ...confirmed, finalDay: '2026-05-11' }, today).complete).toBe(false);
    expect(
      shootActions({ role: 'drone_operator', userId: 8 }, { ...confirmed, finalDay: today }, today).complete,
    ).toBe(false);
  });

  it('the crew of a shoot: its pilot, its organisation, and the organisation of its pilot', () => {
    const crew = { droneAdminId: 10, droneOperatorId: 20, droneOperatorCompanyId: 7 };
    expect(isShootCrew({ role: 'drone_operator', userId: 20, companyId: 7 }, crew)).toBe(true);
    expect(isShootCrew({ role: 'drone_operator', userId: 21, companyId: 7 }, crew)).toBe(false);
    expect(isShootCrew({ role: 'drone_admin', userId: 10, companyId: 3 }, crew)).toBe(true);
    expect(isShootCrew({ role: 'drone_admin', userId: 11, companyId: 7 }, crew)).toBe(true);
    expect(isShootCrew({ role: 'drone_admin', userId: 12, companyId: 8 }, crew)).toBe(false);
    const unassigned = { droneAdminId: null, droneOperatorId: null, droneOperatorCompanyId: null };
    expect(isShootCrew({ role: 'drone_admin', userId: 11, companyId: null }, unassigned)).toBe(false);
    expect(isShootCrew({ role: 'admin', userId: 10, companyId: null }, crew)).toBe(false);
  });

  it('gives a shoot change to its managers and to the drone_admin and pilot assigned to it', () => {
    const shoot = { droneAdminId: 10, droneOperatorId: 11 };
    expect(shootCrewRole({ role: 'operation_admin', userId: 1 }, shoot)).toEqual({
      manager: true,
      droneAdmin: false,
      pilot: false,
      any: true,
    });
    expect(shootCrewRole({ role: 'drone_admin', userId: 10 }, shoot).droneAdmin).toBe(true);
    expect(shootCrewRole({ role: 'drone_operator', userId: 11 }, shoot).pilot).toBe(true);
    // The organisation of the assigned pilot sees the shoot (isShootCrew) but is not assigned to it.
    const pilotsOrganisation = { role: 'drone_admin' as const, userId: 12, companyId: 5 };
    expect(isShootCrew(pilotsOrganisation, { ...shoot, droneOperatorCompanyId: 5 })).toBe(true);
    expect(shootCrewRole(pilotsOrganisation, shoot).any).toBe(false);
    expect(shootCrewRole({ role: 'drone_operator', userId: 10 }, shoot).any).toBe(false);
  });
});
