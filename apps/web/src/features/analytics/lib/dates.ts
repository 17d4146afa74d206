/** Calendar helpers for the two-month range picker; they live in src/lib/dates (shared with Link Analytics). */
export { addMonths, sameDay, monthTitle, monthGrid } from '../../../lib/dates';
