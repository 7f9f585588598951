/**
 * Moved to time-zone.ts. This re-export stays only because apps/server/src/demo
 * (being changed elsewhere at the moment) still imports it; delete it once
 * nothing does.
 */
export { dateInZone } from './time-zone';
