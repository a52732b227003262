import { describe, expect, it } from 'vitest';
import {
  canTransitionShoot,
  SHOOT_STATUS_LONG_LABELS,
  shootNeedsAssignment,
  shootStatusLabel,
} from './shoot-status.ts';

describe('shoot status labels', () => {
  it.each([
    ['unassigned', 'Unassigned'],
    ['assigned_to_drone_admin', 'Assigned DA'],
    ['assigned_to_drone_operator', 'Assigned DO'],
    ['confirmed_shoot_dates', 'Confirmed'],
    ['complete', 'Complete'],
    ['lost', 'Unknown Status'],
  ])('%s → %s', (status, label) => {
    expect(shootStatusLabel(status)).toBe(label);
  });
  it('long labels name drone roles by their display names', () => {
    expect(SHOOT_STATUS_LONG_LABELS.assigned_to_drone_admin).toBe('Assigned to Drone Operator');
    expect(SHOOT_STATUS_LONG_LABELS.assigned_to_drone_operator).toBe('Assigned to Drone Pilot');
    expect(SHOOT_STATUS_LONG_LABELS.confirmed_shoot_dates).toBe('Confirmed Photo Shoot Dates');
  });
});

describe('shoot transitions', () => {
  it.each([
    ['unassigned', 'assigned_to_drone_admin'],
    ['unassigned', 'assigned_to_drone_operator'],
    ['unassigned', 'confirmed_shoot_dates'],
    ['assigned_to_drone_admin', 'assigned_to_drone_admin'],
    ['assigned_to_drone_operator', 'assigned_to_drone_operator'],
    ['assigned_to_drone_admin', 'assigned_to_drone_operator'],
    ['assigned_to_drone_admin', 'confirmed_shoot_dates'],
    ['assigned_to_drone_operator', 'confirmed_shoot_dates'],
    ['confirmed_shoot_dates', 'confirmed_shoot_dates'],
    ['confirmed_shoot_dates', 'complete'],
  ])('allows %s → %s', (from, to) => {
    expect(canTransitionShoot(from, to)).toBe(true);
  });
  it.each([
    ['unassigned', 'unassigned'],
    ['unassigned', 'complete'],
    ['assigned_to_drone_operator', 'assigned_to_drone_admin'],
    ['complete', 'confirmed_shoot_dates'],
    ['complete', 'complete'],
    ['confirmed_shoot_dates', 'unassigned'],
    ['x', 'complete'],
  ])('refuses %s → %s', (from, to) => {
    expect(canTransitionShoot(from, to)).toBe(false);
  });
  it('needs assignment when unassigned and its report is processing_pending', () => {
    expect(shootNeedsAssignment('unassigned', 'processing_pending')).toBe(true);
    expect(shootNeedsAssignment('unassigned', 'processing')).toBe(false);
    expect(shootNeedsAssignment('assigned_to_drone_admin', 'processing_pending')).toBe(false);
  });
});
