import { describe, expect, it } from 'vitest';
import { filterUsersByFirstName } from './filter-users.ts';

const users = [
  { firstName: 'Eleni', lastName: 'Papadopoulou' },
  { firstName: 'Nikos', lastName: 'Eleftheriou' },
  { firstName: 'Ελένη', lastName: 'Γεωργίου' },
  { firstName: 'Marieleni', lastName: 'Kosta' },
];

describe('filterUsersByFirstName', () => {
  it('matches the first name only, ignoring case', () => {
    expect(filterUsersByFirstName(users, 'ELE').map((u) => u.firstName)).toEqual(['Eleni', 'Marieleni']);
    expect(filterUsersByFirstName(users, 'ελέ').map((u) => u.firstName)).toEqual(['Ελένη']);
  });

  it('keeps everyone for an empty or blank search', () => {
    expect(filterUsersByFirstName(users, '  ')).toHaveLength(4);
  });

  it('finds no one when no first name matches, even if a last name does', () => {
    expect(filterUsersByFirstName(users, 'Kosta')).toEqual([]);
  });
});
