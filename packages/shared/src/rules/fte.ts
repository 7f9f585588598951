import { FTE_MAX, FTE_MIN, FTE_STEP } from '../constants';

/**
 * A full-time equivalent: 0 to 1.5 in steps of 0.1 (core-workflow §5). Floats
 * like 0.30000000000000004 count as 0.3; 0.25 does not fit the steps.
 */
export function isValidFte(value: number): boolean {
  if (!Number.isFinite(value) || value < FTE_MIN || value > FTE_MAX) return false;
  const steps = value / FTE_STEP;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}
