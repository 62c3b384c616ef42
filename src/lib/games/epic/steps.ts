/** The quick flow's turn checklist: its steps are the machine's marked states (machines/epic.ts). */
import { machineChecklist } from '../kit';
import { epicLogic } from './logic';

export const turnChecklist = machineChecklist(epicLogic, {
  // A later turn: the first player's first turn skips steps the checklist shows.
  context: { turn: 2 },
  stages: [
    { id: 'prepare', label: 'Prepare' },
    { id: 'preBattle', label: 'Pre-Battle' },
    { id: 'battle', label: 'Battle' },
    { id: 'build', label: 'Build' },
    { id: 'end', label: 'End' }
  ]
});
