/**
 * The quick flow's turn checklist: its steps are the machine's marked states (machines/twilight.ts),
 * the eight phases in four stages that fit a phone's width.
 */
import { machineChecklist } from '../kit';
import { twilightLogic } from './logic';

export const turnChecklist = machineChecklist(twilightLogic, {
  stages: [
    { id: 'start', label: 'Start' },
    { id: 'aspects', label: 'Aspects' },
    { id: 'combat', label: 'Combat' },
    { id: 'end', label: 'End' }
  ]
});
