// The calendar alone, for a dynamic import (range-picker-input.tsx): importing '@mantine/dates'
// dynamically would make one chunk of the whole library.
export { DatePicker } from '@mantine/dates';
