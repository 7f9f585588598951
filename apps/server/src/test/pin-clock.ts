import { inject } from 'vitest';
import { setClock } from '../clock';

// Every test file runs at one chosen moment (TEST_NOW=… npm test picks another), never at the machine's.
setClock(new Date(inject('testNow')));
