/** The quick flow's round checklist: its steps are the machine's marked states (machines/wiz.ts). */
import { machineChecklist } from '../kit';
import { wizLogic } from './logic';

export const roundChecklist = machineChecklist(wizLogic, {
  stages: [
    { id: 'deal', label: 'Deal' },
    // A turn long past everyone's first, so every step of the order of play shows.
    { id: 'turn', label: 'A turn', context: { turn: { seat: 0, count: 100 } } },
    { id: 'score', label: 'Round EP' }
  ]
});
