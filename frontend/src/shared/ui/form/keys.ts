import type { KeyboardEvent } from 'react';

/**
 * onKeyDown of every date and date-time picker: Enter confirms the typed date (the picker has
 * already taken it) and goes no further, so it never submits the form around it, say 费用报销
 * before its invoice is attached (docs/decisions.md "Enter in date fields").
 */
export function enterConfirmsOnly(e: KeyboardEvent): void {
  if (e.key === 'Enter') e.preventDefault();
}
