/** The quick flow's round checklist: its steps are the machine's marked states (machines/theos.ts). */
import { machineChecklist } from '../kit';
import { theosLogic } from './logic';

export const roundChecklist = machineChecklist(theosLogic, {
  // Past the draft: the rounds are the same whatever the decks.
  context: { draft: null },
  stages: [
    { id: 'start', label: 'Start' },
    { id: 'turn', label: 'Turns' },
    { id: 'end', label: 'End' }
  ]
});
