import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { daysLeft, dueDateTone, formatDay, renewDueDate, toApiDate } from './companyRules';

const today = new Date(2025, 0, 10, 15, 30); // 10 Jan 2025, afternoon

describe('company due date', () => {
  it('counts calendar days left', () => {
    expect(daysLeft('2025-01-10', today)).toBe(0);
    expect(daysLeft('2025-01-15T00:00:00.000Z', today)).toBe(5);
    expect(daysLeft('2025-01-09', today)).toBe(-1);
    expect(daysLeft(null, today)).toBeNull();
  });

  it('is yellow 1 to 5 days before and red from the day itself', () => {
    expect(dueDateTone('2025-01-16', today)).toBeNull();
    expect(dueDateTone('2025-01-15', today)).toBe('warning');
    expect(dueDateTone('2025-01-11', today)).toBe('warning');
    expect(dueDateTone('2025-01-10', today)).toBe('danger');
    expect(dueDateTone('2024-12-01', today)).toBe('danger');
    expect(dueDateTone(null, today)).toBeNull();
  });
});

describe('renew', () => {
  it('adds the recurrence period', () => {
    expect(renewDueDate('2025-01-15', 'MENSAL')).toBe('2025-02-15');
    expect(renewDueDate('2025-01-15', 'BIMESTRAL')).toBe('2025-03-15');
    expect(renewDueDate('2025-01-15', 'TRIMESTRAL')).toBe('2025-04-15');
    expect(renewDueDate('2025-01-15', 'SEMESTRAL')).toBe('2025-07-15');
    expect(renewDueDate('2025-01-15T00:00:00Z', 'ANUAL')).toBe('2026-01-15');
  });

  it('clamps to the end of a shorter month', () => {
    expect(renewDueDate('2025-01-31', 'MENSAL')).toBe('2025-02-28');
  });

  it('adds nothing without a due date or recurrence', () => {
    expect(renewDueDate(null, 'MENSAL')).toBeNull();
    expect(renewDueDate('', 'ANUAL')).toBeNull();
    expect(renewDueDate('2025-01-15', null)).toBeNull();
  });

  it('sends an empty date as null and shows dd/MM/yyyy', () => {
    expect(toApiDate(null)).toBeNull();
    expect(toApiDate(dayjs('2025-03-04'))).toBe('2025-03-04');
    expect(formatDay('2025-03-04T10:00:00Z')).toBe('04/03/2025');
    expect(formatDay(null)).toBe('');
  });
});
