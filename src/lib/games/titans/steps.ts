/** The quick flow's turn checklist: its steps are the machine's marked states (machines/titans.ts). */
import { machineChecklist } from '../kit';
import { titansLogic } from './logic';

export const turnChecklist = machineChecklist(titansLogic, {
  stages: [
    { id: 'start', label: 'Start' },
    { id: 'age', label: 'Age', each: { field: 'age', values: [1, 2, 3] } },
    { id: 'battle', label: 'Battle' },
    { id: 'end', label: 'End' }
  ]
});
